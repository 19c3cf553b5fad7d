/// A generator for a row view that shows a model (RDDM's BaseCellGenerator).
///
/// Rows of the same view type share recycled widgets. Give an `id` to match rows across
/// whole-state updates; with an `Equatable` model, an unchanged model is not rebound.
@MainActor
open class BaseRowGenerator<View: ConfigurableRowView>: RowGenerator, SelectableItem, DisplayableItem {
    /// What the row shows. After changing it, call the manager's `update(_:)` to rebind the row
    /// (or pass this generator again in a whole new state).
    public var model: View.Model { didSet { contentRevision &+= 1 } }
    /// Counts changes of `model`.
    public private(set) var contentRevision = 0
    private let explicitKey: DiffKey?

    // The events are made on first use: most rows of a long list are never shown, selected or
    // listened to, and five objects per generator were most of what making and dropping one cost.
    /// Fires when the row is selected.
    public private(set) lazy var didSelectEvent = Event<Void>(countedForSelection: ())
    /// Fires when the row is deselected.
    public private(set) lazy var didDeselectEvent = Event<Void>(countedForSelection: ())
    /// Fires when the row is activated.
    public private(set) lazy var didActivateEvent = Event<Void>()
    /// Fires when a list item starts showing the row.
    public private(set) lazy var willDisplayEvent = Event<Void>()
    /// Fires when a list item stops showing the row.
    public private(set) lazy var didEndDisplayEvent = Event<Void>()
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
        self.model = model
        self.explicitKey = DiffKey(id)
    }

    /// A row showing `model`, identified by this instance.
    public init(model: View.Model) {
        self.model = model
        self.explicitKey = nil
    }

    deinit {
        if isNeedDeselect { SelectionDispatch.needDeselectGenerators.subtract(1, ordering: .relaxed) }
    }

    open var reuseIdentifier: ReuseIdentifier { .of(View.self) }

    /// The `id` given at init, or this instance's identity. Final: give the id to `init` instead.
    public final var diffID: AnyHashable { explicitKey?.anyHashable ?? AnyHashable(ObjectIdentifier(self)) }
    public final var diffKey: DiffKey { explicitKey ?? DiffKey(ObjectIdentifier(self)) }

    open func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
        // Same dynamic type (the common case) needs no cast through the runtime.
        if ObjectIdentifier(Swift.type(of: other)) == ObjectIdentifier(Swift.type(of: self)) {
            return ModelEquality.equal(model, unsafeDowncast(other, to: BaseRowGenerator<View>.self).model)
        }
        guard let other = other as? BaseRowGenerator<View> else { return false }
        return ModelEquality.equal(model, other.model)
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

/// Compares two values when their type is Equatable (false otherwise: the row is rebound).
///
/// Whether a model type is Equatable is looked up once per type (a whole-state update compares
/// every matched row, and a protocol cast per row would cost more than the comparison).
@MainActor
enum ModelEquality {
    private static var lastType: ObjectIdentifier?
    private static var lastConformance: (any Equatable.Type)?
    private static var conformances: [ObjectIdentifier: (any Equatable.Type)?] = [:]

    static func equal<T>(_ a: T, _ b: T) -> Bool {
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
        return conformance.valuesEqual(a, b)
    }
}

extension Equatable {
    /// `a == b` for two values of a type `T` that is `Self` (checked by the caller).
    fileprivate static func valuesEqual<T>(_ a: T, _ b: T) -> Bool {
        withUnsafePointer(to: a) { first in
            withUnsafePointer(to: b) { second in
                first.withMemoryRebound(to: Self.self, capacity: 1) { x in
                    second.withMemoryRebound(to: Self.self, capacity: 1) { y in x.pointee == y.pointee }
                }
            }
        }
    }
}
