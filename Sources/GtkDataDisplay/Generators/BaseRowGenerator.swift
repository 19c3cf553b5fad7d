/// A generator for a row view that shows a model (RDDM's BaseCellGenerator).
///
/// Rows of the same view type share recycled widgets. Give an `id` to match rows across
/// whole-state updates; with an `Equatable` model, an unchanged model is not rebound.
@MainActor
open class BaseRowGenerator<View: ConfigurableRowView>: KeyedRowGenerator, RowGenerator, SelectableItem, DisplayableItem {
    /// What the row shows. After changing it, call the manager's `update(_:)` to rebind the row
    /// (or pass this generator again in a whole new state).
    public var model: View.Model {
        get { storedModel }
        set { storedModel = newValue; modelRevision &+= 1 }
    }
    // Whole-state updates read the model and its revision (`KeyedRowGenerator.modelRevision`) for
    // every row, and Swift checks each access to a stored property of an open class at run time
    // (`swift_beginAccess`; only the main actor touches them). `@exclusivity(unchecked)` leaves the
    // checks out. Measured (callgrind, `setState` of 100k rows of new generators, three updates):
    // with the check on the revision, 12–32% more instructions on every mix at 100k (no change: 192M
    // against 148M); with the checks on `storedModel` too (and `KeyedRowGenerator.rowLink`), 350M
    // against 210M for no change.
    // `@usableFromInline` for the inlinable inits: an app making a row per model (a million, say)
    // gets them compiled for its view's model and id types (1M rows: 91 → 74 ms).
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var storedModel: View.Model
    /// Counts changes of `model` (from 0, wrapping to 0 after 2³² − 1).
    public var contentRevision: Int { Int(modelRevision) }

    // The events are made on first use and kept beside the generator (`GeneratorEvents`): most rows
    // of a long list are never shown, selected or listened to, and five objects per generator were
    // most of what making and dropping one cost.
    private var events: RowEvents {
        generatorFlags |= Self.eventsFlag
        return GeneratorEvents.events(of: ObjectIdentifier(self))
    }
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
    public var isNeedDeselect: Bool {
        get { generatorFlags & Self.needDeselectFlag != 0 }
        set {
            guard newValue != isNeedDeselect else { return }
            generatorFlags ^= Self.needDeselectFlag
            if newValue {
                SelectionDispatch.needDeselectGenerators.add(1, ordering: .relaxed)
            } else {
                SelectionDispatch.needDeselectGenerators.subtract(1, ordering: .relaxed)
            }
        }
    }
    /// `isNeedDeselect`'s bit of `generatorFlags`.
    private nonisolated static var needDeselectFlag: UInt8 { 1 }
    /// The bit of `generatorFlags` set once the events were asked for (`GeneratorEvents` keeps them).
    private nonisolated static var eventsFlag: UInt8 { 2 }
    /// Whether the row can be selected.
    open var isSelectable: Bool { true }
    /// Whether the row can be activated.
    open var isActivatable: Bool { true }

    /// A row showing `model`; `id` (any `Hashable` value) identifies it across whole-state updates.
    @inlinable
    public init<ID: Hashable>(model: View.Model, id: ID) {
        self.storedModel = model
        super.init(key: DiffKey(id))
    }

    /// A row showing `model`, identified by this instance.
    @inlinable
    public init(model: View.Model) {
        self.storedModel = model
        super.init(key: nil)
    }

    deinit {
        if generatorFlags & Self.needDeselectFlag != 0 { SelectionDispatch.needDeselectGenerators.subtract(1, ordering: .relaxed) }
        if generatorFlags & Self.eventsFlag != 0 { GeneratorEvents.forget(ObjectIdentifier(self)) }
    }

    open var reuseIdentifier: ReuseIdentifier { .of(View.self) }

    open func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
        // Same dynamic type (the common case) needs no cast through the runtime.
        let generatorClass = ObjectIdentifier(Swift.type(of: self))
        if ObjectIdentifier(Swift.type(of: other)) == generatorClass {
            // Both models compared where they lie (`ModelPlace`), not copied out first.
            let offset = ModelPlace.offset(in: generatorClass) ?? rememberModelOffset(in: generatorClass)
            return View.isContentEqual(modelAt: ModelPlace.address(in: self, at: offset),
                                       ModelPlace.address(in: other, at: offset))
        }
        guard let peer = other as? BaseRowGenerator<View> else { return false }
        return showsModel(of: peer)
    }

    /// Measures where instances of this class keep their model (`ModelPlace`), once per class.
    private func rememberModelOffset(in generatorClass: ObjectIdentifier) -> Int {
        let field = withUnsafeMutablePointer(to: &storedModel) { UnsafeMutableRawPointer($0) }
        return ModelPlace.remember(field: field, in: self, of: generatorClass)
    }

    /// Whether `peer`'s model looks the same as this one's in `View` (`ConfigurableRowView.isContentEqual`).
    private func showsModel(of peer: BaseRowGenerator<View>) -> Bool {
        View.isContentEqual(storedModel, peer.storedModel)
    }

    /// The model, if it is a `Model`: read in place, without boxing it in `Any` (a table reads the
    /// sort key of every row this way).
    public func model<Model>(as type: Model.Type) -> Model? {
        storedModel as? Model
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
