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
    /// Whether `isExpanded` was chosen for this instance. When it was not, a whole-state update
    /// that matches this row by diff id with a shown foldable gives it that row's fold state, so
    /// re-rendering with new instances does not collapse groups. Default: `true`.
    var hasExplicitExpansion: Bool { get }
    /// The loading of children on demand, for a row made with a loader
    /// (`FoldableRowGenerator(model:id:expanded:loadChildren:)`); nil (the default) when the
    /// children are given.
    var childLoading: ChildLoading? { get }
    /// Whether the row's own view shows its fold state (an `AdwExpanderRow`'s arrow). The adapter
    /// then draws no expander before it; activating the row (a click, Enter) still folds it, and
    /// screen readers still hear it as expanded or collapsed. Default: `false`.
    var showsOwnExpander: Bool { get }
}

extension FoldableItem {
    public var hasExplicitExpansion: Bool { true }
    public var childLoading: ChildLoading? { nil }
    public var showsOwnExpander: Bool { false }
}

/// A row showing a model, with children it can fold (RDDM's foldable cell generator).
@MainActor
open class FoldableRowGenerator<View: ConfigurableRowView>: BaseRowGenerator<View>, FoldableItem {
    /// Whether the children are shown (collapsed until someone sets it).
    public var isExpanded: Bool {
        get { expansion ?? false }
        set { expansion = newValue }
    }
    /// The child rows, in order. For a row made with a loader: none before its first expand, the
    /// loading row while it loads, the error row after a failure, then what the loader returned
    /// (setting them counts as loaded).
    public var children: [any RowGenerator] {
        get { childLoading?.shownChildren ?? givenChildren }
        set {
            if let childLoading { childLoading.setLoaded(newValue) } else { givenChildren = newValue }
        }
    }
    public let didFoldEvent = Event<Bool>()
    /// Whether `isExpanded` was set (by `init(expanded:)`, by you or by the manager).
    public var hasExplicitExpansion: Bool { expansion != nil }
    /// The loading of the children on demand (nil when they were given).
    public let childLoading: ChildLoading?
    private var givenChildren: [any RowGenerator]
    private var expansion: Bool?
    /// Whether the view shows the fold state itself (see `FoldableItem.showsOwnExpander`): `false`,
    /// so the adapter draws its expander; a subclass whose view has an arrow of its own answers `true`.
    open var showsOwnExpander: Bool { false }

    /// A row showing `model` with `children`. With `expanded` nil, it takes the fold state of the
    /// row with its diff id when a whole-state update brings it in, and is collapsed otherwise.
    public init<ID: Hashable>(model: View.Model, id: ID, children: [any RowGenerator] = [], expanded: Bool? = nil) {
        givenChildren = children
        childLoading = nil
        self.expansion = expanded
        super.init(model: model, id: id)
    }

    /// A row showing `model` with `children`, identified by this instance.
    public init(model: View.Model, children: [any RowGenerator] = [], expanded: Bool? = nil) {
        givenChildren = children
        childLoading = nil
        self.expansion = expanded
        super.init(model: model)
    }

    /// A row showing `model` whose children `loadChildren` reads when the row is first expanded
    /// (GtkTreeListModel's way). It shows an expander from the start; while the loader runs, a
    /// loading row stands as its only child; if it throws, an error row with Retry. Collapsing
    /// before the answer cancels the load; an answer for a row that left the list is dropped.
    /// `BaseListManager.loadChildren(of:)` loads again.
    public init<ID: Hashable>(model: View.Model, id: ID, expanded: Bool? = nil,
                              loadChildren: @escaping ChildrenLoader) {
        givenChildren = []
        let loading = ChildLoading(loader: loadChildren)
        childLoading = loading
        self.expansion = expanded
        super.init(model: model, id: id)
        loading.owner = self
    }
}
