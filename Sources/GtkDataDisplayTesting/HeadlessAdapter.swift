import CGtkDataDisplay
@_spi(Testing) import GtkDataDisplay

/// A list or grid view adapter without its widget, for tests that run without a display.
///
/// GTK's `GtkListView` and `GtkGridView` need a display; GTK's models do not. A headless adapter
/// puts GTK's real selection model (`GtkSingleSelection`, `GtkMultiSelection`, `GtkNoSelection`)
/// over the manager's real store (a `GListModel`) and runs the adapter's own code on it — the code a
/// `ListViewAdapter` or `GridViewAdapter` runs when a user clicks, presses a key or chooses a menu
/// entry: selection changes reported from the model's `selection-changed` (headers and footers
/// refused as in a view), activation, folding, and the logic of the pagination, reordering and
/// row-actions plugins.
///
///     let manager = BaseListManager()
///     let adapter = HeadlessAdapter(manager: manager, plugins: [.selectable(.multiple), .foldable()])
///     try manager.addSection(header: header, rows: rows)
///     adapter.click(rows[1])                            // what a click does to GTK's model
///     assertRows(adapter, """
///         # Fruits
///         apple
///         pear [selected]
///         """)
///
/// Events fire as in a view: `didSelect`, `didDeselect`, `selectionChanged` and `didActivate` are
/// this adapter's, and the rows' own events (`didSelectEvent`, `didFoldEvent`, …) are theirs.
@MainActor
public final class HeadlessAdapter {
    /// The manager whose rows the adapter shows.
    public let manager: BaseListManager
    let core: DetachedAdapter
    var paginationPlugins: [PaginationPlugin] = []
    var reorderingPlugin: ReorderingPlugin?
    var rowActionsPlugin: RowActionsPlugin?
    /// The columns of the table it stands for (`init(manager:plugins:columns:)`; none otherwise).
    public let columns: [TableColumn]
    /// The column whose header sorts now (`clickHeader(of:)`), nil when none does.
    public internal(set) var sortColumn: TableColumn?
    /// Whether `sortColumn` sorts smallest first.
    public internal(set) var sortsAscending = true

    /// An adapter over `manager` with these plugins (as `ListViewAdapter(manager:plugins:)`):
    /// `.selectable(…)` picks the selection model, `.foldable()` lets activation and keys fold.
    /// Plugin objects (pagination, reordering, row actions) are added with `install(_:)`.
    public init(manager: BaseListManager, plugins: [ListViewPlugin] = [.selectable(.single)]) {
        self.manager = manager
        columns = []
        core = DetachedAdapter(manager: manager, plugins: plugins)
    }

    /// An adapter over `manager` standing for a table (`ColumnViewAdapter`) with `columns`: its
    /// rows render with the text columns' cells, and `clickHeader(of:)` sorts as a header click does.
    public init(manager: BaseListManager, plugins: [ListViewPlugin] = [.selectable(.single)], columns: [TableColumn]) {
        self.manager = manager
        self.columns = columns
        core = DetachedAdapter(manager: manager, plugins: plugins)
    }

    /// An adapter over `manager` that behaves as a `BoxAdapter` (RDDM's stack manager): no
    /// selection; `activate(_:)` is a click on a row (activation, then folding a foldable row,
    /// with no plugin); `clickExpander(of:)` the row's expander. Folding keys do nothing in a box.
    public init(boxOf manager: BaseListManager) {
        self.manager = manager
        columns = []
        core = DetachedAdapter(boxOf: manager)
    }

    /// Whether it behaves as a `BoxAdapter` (`init(boxOf:)`) rather than a list or grid view's adapter.
    public var isBox: Bool { core.isBox }

    // MARK: Events

    /// Fires with the generator of a row that became selected.
    public var didSelect: Event<any RowGenerator> { core.didSelect }
    /// Fires with the generator of a row that stopped being selected.
    public var didDeselect: Event<any RowGenerator> { core.didDeselect }
    /// Fires once per selection change, after the rows' own events.
    public var selectionChanged: Event<SelectionChange> { core.selectionChanged }
    /// Fires with the generator of an activated row.
    public var didActivate: Event<any RowGenerator> { core.didActivate }

    // MARK: Selection, as the adapter reports it

    /// The real selection model over the manager's store (another object after `selectionMode` changes).
    public var selectionModel: TypedObject<GtkType.SelectionModel> { core.selectionModel }

    /// How rows can be selected; setting it swaps the selection model as a view's adapter does.
    public var selectionMode: SelectionMode {
        get { core.selectionMode }
        set { core.selectionMode = newValue }
    }

    /// Whether a selected row that a whole-state update takes out is selected again when its id
    /// comes back (the adapter's `restoresSelectionByID`; default `true`).
    public var restoresSelectionByID: Bool {
        get { core.restoresSelectionByID }
        set { core.restoresSelectionByID = newValue }
    }

    /// How many rows are selected (the adapter's count).
    public var selectedCount: Int { core.selectedCount }

    /// The selected generators in list order (the adapter's answer).
    public var selectedGenerators: [any RowGenerator] { core.selectedGenerators }

    /// Whether `generator`'s row is selected (the adapter's answer).
    public func isSelected(_ generator: any RowGenerator) -> Bool { core.isSelected(generator) }
}
