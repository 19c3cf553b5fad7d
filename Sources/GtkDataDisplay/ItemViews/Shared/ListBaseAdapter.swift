import CGtkDataDisplay

/// Shows a manager's rows in one of GTK's item views — `GtkListView` (`ListViewAdapter`) or
/// `GtkGridView` (`GridViewAdapter`), whose common parent in GTK is `GtkListBase` — with one
/// implementation of everything they share: the factory and its cells, the widget pool, the
/// selection, activation, events, folding, keyboard navigation and plugins.
///
/// The chain is built in one visible place: the manager's row model (`RowStore`) → a selection model →
/// the view (with a `GtkSignalListItemFactory`) inside a `GtkScrolledWindow`. Every piece is a
/// public pointer: the adapter adds types, it does not hide GTK. Put `widget` in your UI (or the
/// adapter itself: `window.child = adapter`); `widget` is an overlay over `scrolledWindow`.
///
/// Header and footer rows are neither selectable nor activatable, whatever the selection model
/// is asked: a selection that reaches one is undone at once.
@MainActor
public class ListBaseAdapter {
    /// The manager whose rows are shown.
    public let manager: BaseListManager
    /// The `GtkListView` or `GtkGridView`, as a widget. The subclasses hand it out typed
    /// (`ListViewAdapter.listView`, `GridViewAdapter.gridView`).
    public let itemView: UnsafeMutablePointer<GtkWidget>
    /// The widget the rows are laid out in, which has GTK's `list.*` actions (`list.activate-item`,
    /// `list.scroll-to-item`, `list.select-item`): `itemView` for a list or grid; for a table, the
    /// column view's inner list view, below its header.
    public let rowsView: UnsafeMutablePointer<GtkWidget>
    /// The `GtkScrolledWindow` holding the view, as a widget (the adapter holds a reference).
    public let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    /// What to put in your UI: a `GtkOverlay` whose child is `scrolledWindow`, so plugins can show
    /// things over or instead of the rows (an empty-state placeholder). `window.child = adapter`
    /// puts this one. Made on first use: an app that puts `scrolledWindow` itself in its UI (and
    /// never asks for `widget`) gets no overlay, and plugins that need one say so.
    public var widget: UnsafeMutablePointer<GtkWidget> {
        if let overlay { return overlay.pointer.assumingMemoryBound(to: GtkWidget.self) }
        let made = InternalWidgetNames.makeOverlay()
        overlay = ObjectReference(sinking: untyped(made))
        gtk_overlay_set_child(gdd_overlay(untyped(made)), scrolledWindow)
        return made
    }
    private var overlay: ObjectReference?
    /// Whether `widget` has been made (and so holds `scrolledWindow`).
    public var hasOverlay: Bool { overlay != nil }
    /// The `GtkSignalListItemFactory`: `factory.raw` to connect to its signals.
    public let factory: TypedObject<GtkType.ListItemFactory>

    /// Fires with the generator of a row that became selected.
    public let didSelect = Event<any RowGenerator>()
    /// Fires with the generator of a row that stopped being selected.
    public let didDeselect = Event<any RowGenerator>()
    /// Fires once per selection change, after the rows' own events, with every row it selected
    /// and deselected (rows that left the list while selected count as deselected).
    public let selectionChanged = Event<SelectionChange>()
    /// Fires with the generator of an activated row (Enter, double click, or single click when set).
    public let didActivate = Event<any RowGenerator>()

    /// Fires with the list's first row (header included) when it comes into the visible area: at
    /// least one pixel of it on screen after a layout, not merely bound. Once per time it comes
    /// into view; again when another row becomes the first and is on screen. See Plugins/Scroll.
    public let firstRowVisible = Event<any RowGenerator>()
    /// Fires with the list's last row (footer included) when it comes into the visible area, as
    /// `firstRowVisible` does for the first: so a page loader hears when the end is on screen,
    /// and again when rows it appended leave a new last row on screen.
    public let lastRowVisible = Event<any RowGenerator>()
    /// Scrolling: the scroll anchor, scroll requests and the first/last-row visibility (Plugins/Scroll).
    private(set) var scrolling: ScrollController!

    /// What the factory did so far.
    public internal(set) var statistics = BindStatistics()

    /// What screen readers call the view (its accessible label): say what the rows are, such as
    /// "Contacts". Default: "List" for a list view, "Grid" for a grid view.
    public var accessibleName: String {
        didSet { nameView() }
    }

    /// Starts counting from zero.
    public func resetStatistics() { statistics = BindStatistics() }

    /// Which view this adapter drives.
    let kind: ItemViewKind
    var pool = WidgetPool()
    /// Which rows keep the expander's space (folding only): see `SiblingFolding`.
    private(set) lazy var siblingFolding = SiblingFolding(manager: manager)

    /// Pixels a nesting level indents rows by: in a list with the folding plugin, the expander's
    /// width and spacing (a child's content starts under its parent's title, as in GTK's trees);
    /// 20 in a list without it; 0 in a grid, whose tiles keep their place at every level.
    /// Setting it re-indents the rows shown; a negative value counts as 0. Grids ignore it.
    public var indentPerLevel: Int {
        get {
            guard kind.indentsLevels else { return 0 }
            return chosenIndent ?? (features.foldable ? Cell.measuredIndent : 20)
        }
        set {
            chosenIndent = max(0, newValue)
            for cell in liveCells { cell.applyIndent() }
        }
    }
    /// The indent the app chose (nil: the default above).
    private var chosenIndent: Int?
    private var owners: [ObjectIdentifier: WeakCell] = [:]
    /// The live cells by their container (the list item's child).
    private(set) var containers: [UnsafeMutableRawPointer: WeakCell] = [:]
    /// The selection model and the selected rows.
    private(set) var selection: RowSelection!
    private let references: [ObjectReference]

    /// What the plugins enabled.
    let features: PluginSet
    /// Fires when the factory made a cell (its container exists, it shows no row yet): plugins
    /// that add controllers to rows (reordering's drag source) add them here.
    let cellCreated = Event<Cell>()
    /// Plugin objects installed on this adapter (see `AdapterPlugin`).
    var installedPlugins: [any AdapterPlugin] = []
    /// One click folds (`.foldable(onSingleClick: true)`).
    private var singleClickFolding: SingleClickFolding?

    /// Messages about generators that want a plugin this view lacks (debug builds report them on
    /// stderr too).
    public private(set) var pluginWarnings: [String] = []

    /// A view of `kind` over `manager`'s store with exactly these plugins: a new one, or the app's
    /// own `adopted` view (checked by `AdoptedView`), which gets the adapter's factory and model.
    init(manager: BaseListManager, plugins: [ListViewPlugin], kind: ItemViewKind, adopted: AdoptedView? = nil) {
        MainQueueBridge.install()
        Stylesheet.installDefault()
        self.manager = manager
        self.kind = kind
        let features = PluginSet(plugins)
        self.features = features
        accessibleName = switch kind { case .list: "List"; case .grid: "Grid"; case .column: "Table" }
        factory = TypedObject(gtk_signal_list_item_factory_new()!)
        var references: [ObjectReference]
        if let adopted {
            itemView = adopted.view
            kind.setFactory(factory.pointer, of: itemView)   // the view takes a reference of its own
            references = [ObjectReference(retaining: untyped(itemView))]
            if let parent = adopted.scrolledWindow {
                scrolledWindow = parent
                references.append(ObjectReference(retaining: untyped(parent)))
            } else {
                scrolledWindow = gtk_scrolled_window_new()
                gtk_scrolled_window_set_child(gdd_scrolled_window(untyped(scrolledWindow)), itemView)
                gtk_widget_set_vexpand(scrolledWindow, 1)
                InternalWidgetNames.nameScrollBars(of: scrolledWindow)
                references.append(ObjectReference(sinking: untyped(scrolledWindow)))
            }
        } else {
            retainObject(untyped(factory))          // ours, besides the view's
            itemView = kind.makeView(factory: factory.pointer)  // takes the factory transfer-full
            scrolledWindow = gtk_scrolled_window_new()
            gtk_scrolled_window_set_child(gdd_scrolled_window(untyped(scrolledWindow)), itemView)
            gtk_widget_set_vexpand(scrolledWindow, 1)
            InternalWidgetNames.nameScrollBars(of: scrolledWindow)
            references = [ObjectReference(sinking: untyped(scrolledWindow))]
        }
        rowsView = kind.rowsView(of: itemView)
        references.append(ObjectReference(adopting: untyped(factory)))
        self.references = references
        nameView()
        selection = RowSelection(adapter: self, mode: features.selection)
        connectFactory()
        watchPlans()
        watchStaleLayout()
        watchPendingFocus()
        Signal.connect(untyped(itemView), "activate", position: { [weak self] position in
            self?.activate(at: Int(position))
        })
        if features.foldable { connectFoldingKeys() }
        KeyboardNavigation.install(on: self)
        if features.singleClickActivation { kind.setSingleClickActivates(itemView, true) }
        if features.rubberBand { kind.setRubberBand(itemView, true) }
        if features.foldOnSingleClick { singleClickFolding = SingleClickFolding(adapter: self) }
        scrolling = ScrollController(adapter: self)
    }

    /// Names the view (and a table's inner list, `InternalWidgetNames`) `accessibleName`.
    func nameView() {
        AccessibleAttributes.setLabel(itemView, accessibleName)
        if kind == .column { InternalWidgetNames.nameTableParts(of: itemView, name: accessibleName) }
    }

    isolated deinit {
        AdoptedView.release(itemView)
        stopWatchingPlans()
        stopWatchingStaleLayout()
        stopWatchingPendingFocus()
        if flushSource != 0 { g_source_remove(flushSource) }
        pool.removeAll()
    }

    /// Shows `model` in the view (the selection model, set again when the selection mode changes).
    func setModel(_ model: TypedObject<GtkType.SelectionModel>) {
        kind.setModel(model.pointer, of: itemView)
    }

    // MARK: Deferred unbinds

    private var pendingUnbinds: [WeakCell] = []
    /// Cells GTK bound while the store applied a plan of several splices (see `ListBaseAdapter+HeldBinds`).
    var heldCells: [WeakCell] = []
    /// How many plans of several splices are under way: while above 0, GTK's binds are held.
    var bindHolds = 0
    /// GTK before 4.10: whether the rows changed since the library last allocated the view (see `StaleLayout`).
    var layoutIsStale = false
    /// How far below the top of the view a row scrolled to the top stands (a sticky header's height
    /// over it; `StickyHeadersPlugin`); nil: at the top.
    var rowsTopInset: ((Row) -> Double)?
    /// GTK before 4.10: whether the library is allocating the view now (see `StaleLayout`).
    var allocatingView = false
    /// GTK 4.12+: the binds of the last plan wait for the scroll controller's next layout (one of
    /// `bindHolds`; see `ListBaseAdapter+HeldBinds`).
    var bindsWaitForLayout = false
    private var flushSource: guint = 0
    /// GTK 4.12+: where a splice removed rows while the view had the keyboard focus (see
    /// `ListBaseAdapter+Focus`); nil when no focus may have gone with them.
    var focusedRemoval: Int?

    /// A cell got GTK's unbind; if no bind absorbs it before the main loop idles, complete it then.
    func unbindScheduled(_ cell: Cell) {
        pendingUnbinds.append(WeakCell(cell))
        guard flushSource == 0 else { return }
        let box = Unmanaged.passRetained(WeakAdapter(self)).toOpaque()
        flushSource = g_idle_add_full(G_PRIORITY_HIGH_IDLE, { data in
            let adapter = Unmanaged<WeakAdapter>.fromOpaque(data!).takeUnretainedValue().adapter
            MainActor.assumeIsolated { adapter?.flushUnbinds() }
            return gdd_source_remove()
        }, box, { data in
            Unmanaged<WeakAdapter>.fromOpaque(data!).release()
        })
    }

    /// Completes every deferred unbind now (also called before counting in tests).
    public func flushUnbinds() {
        flushSource = 0
        let cells = pendingUnbinds
        pendingUnbinds.removeAll()
        for entry in cells { entry.cell?.flushUnbind() }
    }

    /// Whether one click activates a row (default: double click or Enter).
    public var activatesOnSingleClick: Bool {
        get { kind.singleClickActivates(itemView) }
        set { kind.setSingleClickActivates(itemView, newValue) }
    }

    /// Scrolls so `position` is visible (GTK 4.8: the `list.scroll-to-item` action). To put a
    /// row at the top, centre or bottom, see `scrollTo(_:at:)` (Plugins/Scroll).
    public func scrollTo(position: Int) {
        scrolling.cancelPending()
        scrollToItem(position)
    }

    /// GTK's `list.scroll-to-item`: the least scrolling that shows `position`.
    func scrollToItem(_ position: Int) {
        guard position >= 0, position < manager.store.count else { return }
        scrolling.rowsWillMove()
        allocateBeforeScrolling()
        "list.scroll-to-item".withGString {
            _ = gtk_widget_activate_action_variant(rowsView, $0, g_variant_new_uint32(guint32(position)))
        }
    }

    /// The view a list item currently shows for `generator` (nil when the row is not bound,
    /// e.g. scrolled out of the realised range).
    public func view(for generator: any RowGenerator) -> (any RowView)? {
        guard let row = manager.row(of: generator), row.cell?.adapter === self else { return nil }
        return row.cell?.view
    }

    /// GTK's row widget showing `generator` (the list row or grid child that takes the focus and
    /// that screen readers read), nil when the row is not bound. Its child is the row's container
    /// (`gdd-row`), which holds the expander and the view (a header's view inside a heading).
    public func rowWidget(for generator: any RowGenerator) -> UnsafeMutablePointer<GtkWidget>? {
        guard view(for: generator) != nil, let cell = manager.row(of: generator)?.cell else { return nil }
        return cell.rowWidget
    }

    /// Views waiting in the reuse pool.
    public var pooledViewCount: Int { pool.count }

    /// How many list items show a row right now (bound, or unbound by GTK with the unbind still
    /// deferred): about what is realised on screen, whatever the number of rows.
    public var boundCellCount: Int {
        containers.values.reduce(0) { $0 + ($1.cell?.row != nil ? 1 : 0) }
    }

    // MARK: Factory

    private func connectFactory() {
        let f = untyped(factory)
        Signal.connect(f, "setup", pointer: { [weak self] item in
            guard let self, let item else { return }
            self.statistics.setups += 1
            let cell = Cell(listItem: item.asListItem, adapter: self)
            self.containers[UnsafeMutableRawPointer(cell.container)] = WeakCell(cell)
            ListItemStorage.cells.attach(cell, to: item)
            self.cellCreated.invoke(with: cell)
        })
        Signal.connect(f, "bind", pointer: { [weak self] item in
            guard let self, let item, let cell = ListItemStorage.cells.object(of: item),
                  let object = gtk_list_item_get_item(item.asListItem),  // transfer none
                  let row = Row.from(item: object) else { return }
            self.bind(cell, to: row)
        })
        Signal.connect(f, "unbind", pointer: { item in
            guard let item else { return }
            ListItemStorage.cells.object(of: item)?.scheduleUnbind()
        })
        Signal.connect(f, "teardown", pointer: { [weak self] item in
            guard let item else { return }
            self?.statistics.teardowns += 1
            if let cell = ListItemStorage.cells.object(of: item) {
                cell.teardown()
                self?.containers[UnsafeMutableRawPointer(cell.container)] = nil
            }
            ListItemStorage.cells.detach(from: item)
        })
    }

    /// `cell` bound its row (a row newly shown, or one whose content changed): a table fills the
    /// row's other cells again (`ColumnViewAdapter`).
    func cellDidBind(_ cell: Cell) {}

    /// Records that `cell` now shows `view`, taking it from any other list item first.
    func claim(_ view: any RowView, for cell: Cell) {
        let id = ObjectIdentifier(view)
        if let other = owners[id]?.cell, other !== cell {
            other.surrenderView()
        }
        owners[id] = WeakCell(cell)
    }

    func forgetOwner(of view: any RowView) {
        owners[ObjectIdentifier(view)] = nil
    }

    // MARK: Activation and plugins

    private func activate(at position: Int) {
        guard let generator = fireActivation(at: position) else { return }
        // With single-click folding, the first click of a double click folded already.
        if activationFolds(generator), singleClickFolding?.tookDoubleClick() != true {
            toggleFold(of: generator)
        }
    }

    /// Reports (once per kind of problem) a generator that wants a plugin this view lacks.
    func checkPlugins(for generator: any RowGenerator) {
        #if DEBUG
        if features.selection == .none, let item = generator as? SelectableItem,
           !item.didSelectEvent.isEmpty || !item.didDeselectEvent.isEmpty {
            warnOnce("\(type(of: generator)) has select listeners, but the \(kind) view has no .selectable() plugin: they will never fire")
        }
        if !features.foldable, let item = generator as? FoldableItem, !item.didFoldEvent.isEmpty {
            warnOnce("\(type(of: generator)) has fold listeners, but the \(kind) view has no .foldable() plugin: users cannot fold it")
        }
        #endif
    }

    private func warnOnce(_ message: String) {
        guard !pluginWarnings.contains(message) else { return }
        pluginWarnings.append(message)
        Diagnostics.warn("GtkDataDisplay: " + message)
    }
}

extension ListBaseAdapter: AdapterBehavior {}

/// A cell held weakly (list items own their cells).
@MainActor
final class WeakCell {
    weak var cell: Cell?
    init(_ cell: Cell) { self.cell = cell }
}

private final class WeakAdapter {
    weak var adapter: ListBaseAdapter?
    init(_ adapter: ListBaseAdapter) { self.adapter = adapter }
}
