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
    private let explicitID: AnyHashable?

    public let didSelectEvent = Event<Void>(countedForSelection: ())
    public let didDeselectEvent = Event<Void>(countedForSelection: ())
    public let didActivateEvent = Event<Void>()
    public let willDisplayEvent = Event<Void>()
    public let didEndDisplayEvent = Event<Void>()
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
        self.explicitID = AnyHashable(id)
    }

    /// A row showing `model`, identified by this instance.
    public init(model: View.Model) {
        self.model = model
        self.explicitID = nil
    }

    deinit {
        if isNeedDeselect { SelectionDispatch.needDeselectGenerators.subtract(1, ordering: .relaxed) }
    }

    open var reuseIdentifier: ReuseIdentifier { .of(View.self) }

    open var diffID: AnyHashable { explicitID ?? AnyHashable(ObjectIdentifier(self)) }

    open func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
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
enum ModelEquality {
    static func equal<T>(_ a: T, _ b: T) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return a.isEqual(toAny: b)
    }
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
