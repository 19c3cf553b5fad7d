/// A row shown with a `RowTemplate` that has child rows it can fold: `FoldableRowGenerator` for
/// templates (a tree node, a group row).
///
///     let group = TemplateFoldableRowGenerator(template: groupRow, model: "Advanced", id: "advanced",
///                                              children: [developerRow, proxyRow], expanded: false)
///
/// Rows of one template share recycled widgets whether they fold or not, so a tree's nodes and
/// leaves can use the same template (`TemplateRowGenerator` for the leaves). The manager may
/// reorder the children (`ReorderableFoldableItem`).
@MainActor
open class TemplateFoldableRowGenerator<Model>: TemplateRowGenerator<Model>, ReorderableFoldableItem {
    /// Whether the children are shown (collapsed until someone sets it).
    public var isExpanded: Bool {
        get { expansion ?? false }
        set { expansion = newValue }
    }
    /// The child rows, in order. After changing them on a shown row, call the manager's `reloadChildren(of:)`.
    /// For a row made with a loader: none before its first expand, the loading row while it loads,
    /// the error row after a failure, then what the loader returned (setting them counts as loaded).
    public var children: [any RowGenerator] {
        get { childLoading?.shownChildren ?? givenChildren }
        set {
            if let childLoading { childLoading.setLoaded(newValue) } else { givenChildren = newValue }
        }
    }
    /// The loading of the children on demand (nil when they were given).
    public let childLoading: ChildLoading?
    private var givenChildren: [any RowGenerator]
    /// Fires after the row was expanded (`true`) or collapsed (`false`).
    public let didFoldEvent = Event<Bool>()
    /// Whether `isExpanded` was set (by `init(expanded:)`, by you or by the manager).
    public var hasExplicitExpansion: Bool { expansion != nil }
    private var expansion: Bool?
    /// Whether the template shows the fold state itself (see `FoldableItem.showsOwnExpander`):
    /// `false`, so the adapter draws its expander; a subclass whose template has an arrow of its
    /// own answers `true`.
    open var showsOwnExpander: Bool { false }

    /// A row showing `model` with `template` and `children`. With `expanded` nil, it takes the
    /// fold state of the row with its diff id when a whole-state update brings it in, and is
    /// collapsed otherwise.
    public init<ID: Hashable>(template: RowTemplate<Model>, model: Model, id: ID,
                              children: [any RowGenerator] = [], expanded: Bool? = nil) {
        givenChildren = children
        childLoading = nil
        self.expansion = expanded
        super.init(template: template, model: model, id: id)
    }

    /// A row showing `model` with `template`, whose children `loadChildren` reads when the row is
    /// first expanded (see `FoldableRowGenerator(model:id:expanded:loadChildren:)`).
    public init<ID: Hashable>(template: RowTemplate<Model>, model: Model, id: ID, expanded: Bool? = nil,
                              loadChildren: @escaping ChildrenLoader) {
        givenChildren = []
        let loading = ChildLoading(loader: loadChildren)
        childLoading = loading
        self.expansion = expanded
        super.init(template: template, model: model, id: id)
        loading.owner = self
    }

    /// A row showing `model` with `template` and `children`, identified by this instance.
    public init(template: RowTemplate<Model>, model: Model, children: [any RowGenerator] = [], expanded: Bool? = nil) {
        givenChildren = children
        childLoading = nil
        self.expansion = expanded
        super.init(template: template, model: model)
    }
}
