import Glibc

/// A generator for a row view that shows a model (RDDM's BaseCellGenerator).
///
/// Rows of the same view type share recycled widgets. Give an `id` to match rows across
/// whole-state updates; with an `Equatable` model, an unchanged model is not rebound.
@MainActor
open class BaseRowGenerator<View: ConfigurableRowView>: RowGenerator, SelectableItem, DisplayableItem {
    /// What the row shows. After changing it, call the manager's `update(_:)` to rebind the row
    /// (or pass this generator again in a whole new state).
    public var model: View.Model {
        get { storedModel }
        set { storedModel = newValue; contentRevision &+= 1 }
    }
    // Whole-state updates read these for every row: stored without observers and without
    // run-time exclusivity checks (only the main actor touches them), so a comparison reads them in place.
    // `storedModel` is the first stored property: `ModelEquality` compares plain-data models where
    // the instance's stored properties start (checked once per class, see `plainModelSize`).
    @exclusivity(unchecked) nonisolated(unsafe) private var storedModel: View.Model
    /// Counts changes of `model`.
    @exclusivity(unchecked) public private(set) var contentRevision = 0
    /// Which manager's row shows this generator (`RowLink`), written by managers through its address.
    /// Beside `contentRevision`, which a whole-state update reads for every row in the pass that
    /// writes the link: mostly one cache line for both.
    @exclusivity(unchecked) nonisolated(unsafe) final var rowLink = RowLink()
    /// The id given at init, or this instance's identity (set once, at init).
    @exclusivity(unchecked) private var key: DiffKey

    // The events are made on first use: most rows of a long list are never shown, selected or
    // listened to, and five objects per generator were most of what making and dropping one cost.
    // One field for all five (`RowEvents`) keeps the generator 32 bytes smaller than five did.
    private lazy var events = RowEvents()
    /// Fires when the row is selected.
    public var didSelectEvent: Event<Void> { events.didSelect }
    /// Fires when the row is deselected.
    public var didDeselectEvent: Event<Void> { events.didDeselect }
    /// Fires when the row is activated.
    public var didActivateEvent: Event<Void> { events.didActivate }
    /// Fires when a list item starts showing the row.
    public var willDisplayEvent: Event<Void> { events.willDisplay }
    /// Fires when a list item stops showing the row.
    public var didEndDisplayEvent: Event<Void> { events.didEndDisplay }
    /// Deselect right after selection (RDDM's `isNeedDeselect`). Counted while true, so a
    /// selection change knows whether it must visit its rows (see `SelectionDispatch`).
    public var isNeedDeselect = false {
        didSet {
            guard isNeedDeselect != oldValue else { return }
            if isNeedDeselect {
                SelectionDispatch.needDeselectGenerators.add(1, ordering: .relaxed)
            } else {
                SelectionDispatch.needDeselectGenerators.subtract(1, ordering: .relaxed)
            }
        }
    }
    /// Whether the row can be selected.
    open var isSelectable: Bool { true }
    /// Whether the row can be activated.
    open var isActivatable: Bool { true }

    /// A row showing `model`; `id` (any `Hashable` value) identifies it across whole-state updates.
    public init<ID: Hashable>(model: View.Model, id: ID) {
        self.storedModel = model
        self.key = DiffKey(id)
    }

    /// A row showing `model`, identified by this instance.
    public init(model: View.Model) {
        self.storedModel = model
        self.key = DiffKey(0)
        self.key = DiffKey(ObjectIdentifier(self))
    }

    deinit {
        if isNeedDeselect { SelectionDispatch.needDeselectGenerators.subtract(1, ordering: .relaxed) }
    }

    open var reuseIdentifier: ReuseIdentifier { .of(View.self) }

    /// The `id` given at init, or this instance's identity. Final: give the id to `init` instead.
    public final var diffID: AnyHashable { key.anyHashable }
    public final var diffKey: DiffKey { key }

    open func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
        unowned(unsafe) let peer: BaseRowGenerator<View>  // the caller holds `other`
        // Same dynamic type (the common case) needs no cast through the runtime.
        if ObjectIdentifier(Swift.type(of: other)) == ObjectIdentifier(Swift.type(of: self)) {
            peer = unsafeDowncast(other, to: BaseRowGenerator<View>.self)
        } else if let cast = other as? BaseRowGenerator<View> {
            peer = cast
        } else {
            return false
        }
        let size = ModelEquality.plainModelSize(of: ObjectIdentifier(Swift.type(of: self))) ?? plainModelSize()
        if size >= 0, memcmp(Self.storedProperties(of: self), Self.storedProperties(of: peer), size) == 0 {
            return true
        }
        return Self.modelsEqual(self, peer)
    }

    /// The size of the model when it is Equatable plain data stored where this instance's stored
    /// properties start, right after the header (so bytes can be compared without generic code); -1
    /// otherwise (a model aligned to more than 16 bytes starts later). Remembered per class.
    private func plainModelSize() -> Int {
        var size = -1
        if _isPOD(View.Model.self), View.Model.self is any Equatable.Type {
            let start = Self.storedProperties(of: self)
            let field = withUnsafeMutablePointer(to: &storedModel) { UnsafeMutableRawPointer($0) }
            if field == start { size = MemoryLayout<View.Model>.size }
        }
        ModelEquality.remember(plainModelSize: size, of: ObjectIdentifier(Swift.type(of: self)))
        return size
    }

    /// Where a generator's stored properties start: after the object header (metadata and reference
    /// counts, two words). Unretained, unlike the standard library's `AnyObject` function for it.
    private static func storedProperties(of generator: BaseRowGenerator<View>) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(generator).toOpaque() + 2 * MemoryLayout<Int>.size
    }

    /// Compares the models in place (nonisolated: closures of the main actor would check the executor).
    private nonisolated static func modelsEqual(_ a: BaseRowGenerator<View>, _ b: BaseRowGenerator<View>) -> Bool {
        withUnsafeMutablePointer(to: &a.storedModel) { mine in
            withUnsafeMutablePointer(to: &b.storedModel) { theirs in ModelEquality.equal(mine, theirs) }
        }
    }

    open func makeView() -> any RowView { View.make() }

    open func bind(_ view: any RowView) {
        (view as! View).configure(with: model)
    }

    open func unbind(_ view: any RowView) {
        (view as! View).prepareForReuse()
    }

    /// This class's `bind` hands the view only the model, so a view taken over from an equal
    /// generator needs nothing. A subclass may override `bind` and tie widgets to `self`: it is rebound.
    open func adopt(_ view: any RowView, from previous: any RowGenerator) {
        if type(of: self) == BaseRowGenerator<View>.self || type(of: self) == FoldableRowGenerator<View>.self { return }
        previous.unbind(view)
        bind(view)
    }
}

/// The library counts the select/deselect listeners and `isNeedDeselect` of these generators.
extension BaseRowGenerator: CountedSelectableItem {}

/// Managers link these generators to their rows (`RowLink`).
extension BaseRowGenerator: RowLinkCarrier {
    func rowLinkAddress() -> UnsafeMutableRawPointer {
        withUnsafeMutablePointer(to: &rowLink) { UnsafeMutableRawPointer($0) }
    }
}

/// Whole-state updates read these generators' keys in place (`StoredDiffKeys`).
extension BaseRowGenerator: DiffKeyCarrier {
    func diffKeyAddress() -> UnsafeMutableRawPointer {
        withUnsafeMutablePointer(to: &key) { UnsafeMutableRawPointer($0) }
    }
}

/// Compares two values in place when their type is Equatable (false otherwise: the row is rebound).
///
/// Whether a model type is Equatable is looked up once per type (a whole-state update compares
/// every matched row, and a protocol cast per row would cost more than the comparison). Values of
/// a plain-data type (no references) with identical bytes are equal without calling `==`: a lawful
/// `==` says so too (a NaN field is the one exception, and such a row is then not rebound either).
enum ModelEquality {
    // Used on the main actor only (generators are main-actor objects).
    @exclusivity(unchecked) nonisolated(unsafe) private static var lastType: ObjectIdentifier?
    @exclusivity(unchecked) nonisolated(unsafe) private static var lastConformance: (any Equatable.Type)?
    nonisolated(unsafe) private static var conformances: [ObjectIdentifier: (any Equatable.Type)?] = [:]
    @exclusivity(unchecked) nonisolated(unsafe) private static var lastClass: ObjectIdentifier?
    @exclusivity(unchecked) nonisolated(unsafe) private static var lastPlainSize = -1
    nonisolated(unsafe) private static var plainSizes: [ObjectIdentifier: Int] = [:]

    /// What `remember(plainModelSize:of:)` was told for this generator class, if anything.
    static func plainModelSize(of generatorClass: ObjectIdentifier) -> Int? {
        if generatorClass == lastClass { return lastPlainSize }
        guard let size = plainSizes[generatorClass] else { return nil }
        lastClass = generatorClass
        lastPlainSize = size
        return size
    }

    /// Remembers the size of a generator class's plain-data model at the start of its stored
    /// properties (-1: compare with `==`).
    static func remember(plainModelSize size: Int, of generatorClass: ObjectIdentifier) {
        plainSizes[generatorClass] = size
        lastClass = generatorClass
        lastPlainSize = size
    }

    static func equal<T>(_ a: UnsafeMutablePointer<T>, _ b: UnsafeMutablePointer<T>) -> Bool {
        let type = ObjectIdentifier(T.self)
        let conformance: (any Equatable.Type)?
        if type == lastType {
            conformance = lastConformance
        } else {
            if let known = conformances[type] {
                conformance = known
            } else {
                conformance = T.self as? any Equatable.Type
                conformances[type] = conformance
            }
            lastType = type
            lastConformance = conformance
        }
        guard let conformance else { return false }
        if _isPOD(T.self), memcmp(a, b, MemoryLayout<T>.size) == 0 { return true }
        return conformance.pointeesEqual(UnsafeRawPointer(a), UnsafeRawPointer(b))
    }
}

extension Equatable {
    /// `==` of the values of this type at `a` and `b` (the caller checked the type).
    fileprivate static func pointeesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        a.assumingMemoryBound(to: Self.self).pointee == b.assumingMemoryBound(to: Self.self).pointee
    }
}
