/// A row with child rows that can be expanded and collapsed (RDDM's FoldableItem), nested to any depth.
///
/// Expanding shows the visible descendants right after the row; collapsing hides all of them.
/// Each child keeps its own `isExpanded`, so re-expanding restores the inner state.
@MainActor
public protocol FoldableItem: RowGenerator {
    /// Whether the children are shown. The manager sets it; set it yourself only before the
    /// generator is added (or inside `setState`), to choose the initial state.
    var isExpanded: Bool { get set }
    /// The child rows, in order. After changing them on a shown row, call the manager's `reloadChildren(of:)`.
    var children: [any RowGenerator] { get }
    /// Fires after the row was expanded (`true`) or collapsed (`false`).
    var didFoldEvent: Event<Bool> { get }
}

/// A row showing a model, with children it can fold (RDDM's foldable cell generator).
@MainActor
open class FoldableRowGenerator<View: ConfigurableRowView>: BaseRowGenerator<View>, FoldableItem {
    public var isExpanded: Bool
    public var children: [any RowGenerator]
    public let didFoldEvent = Event<Bool>()

    /// A row showing `model` with `children`, collapsed unless `expanded`.
    public init(model: View.Model, id: AnyHashable? = nil, children: [any RowGenerator] = [], expanded: Bool = false) {
        self.children = children
        self.isExpanded = expanded
        super.init(model: model, id: id)
    }
}
