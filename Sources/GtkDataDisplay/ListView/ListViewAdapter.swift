import CGtk

/// Shows a manager's rows in a `GtkListView` (RDDM's table adapter, for GTK 4).
///
/// The chain is built in one visible place: the manager's `GListStore` → a selection model →
/// `GtkListView` (with a `GtkSignalListItemFactory`) inside a `GtkScrolledWindow`. Every piece is a
/// public pointer: the adapter adds types, it does not hide GTK. Put `scrolledWindow` in your UI.
///
/// Header and footer rows are neither selectable nor activatable, whatever the selection model
/// is asked: a selection that reaches one is undone at once.
@MainActor
public final class ListViewAdapter {
    /// The manager whose rows are shown.
    public let manager: BaseListManager
    /// The `GtkListView`: `listView.pointer` for `gtk_list_view_*`, `listView.widget` for
    /// `gtk_widget_*`. GTK keeps the struct private, so Swift has no `UnsafeMutablePointer<GtkListView>`.
    public let listView: TypedObject<GtkType.ListView>
    /// The `GtkScrolledWindow` holding the list view, as a widget (the adapter holds a reference).
    public let scrolledWindow: UnsafeMutablePointer<GtkWidget>
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

    /// What the factory did so far.
    public internal(set) var statistics = BindStatistics()

    /// Starts counting from zero.
    public func resetStatistics() { statistics = BindStatistics() }

    var pool = WidgetPool()
    /// Which rows keep the expander's space (folding only): see `SiblingFolding`.
    private(set) lazy var siblingFolding = SiblingFolding(manager: manager)

    /// Pixels a nesting level indents rows by: with the folding plugin, the expander's width and
    /// spacing (a child's content starts under its parent's title, as in GTK's trees); 20 without.
    public var indentPerLevel: Int { features.foldable ? Cell.measuredIndent : 20 }
    private var owners: [ObjectIdentifier: WeakCell] = [:]
    private var containers: [UnsafeMutableRawPointer: WeakCell] = [:]
    /// The selection model and the selected rows.
    private(set) var selection: RowSelection!
    private let references: [ObjectReference]

    /// What the plugins enabled.
    let features: PluginSet

    /// Messages about generators that want a plugin this list view lacks (debug builds report
    /// them on stderr too).
    public private(set) var pluginWarnings: [String] = []

    /// A list view over `manager`'s store with the given selection mode (and double-click
    /// activation). Use `manager.listViewBuilder` to add folding or other plugins.
    public convenience init(manager: BaseListManager, selection: SelectionMode = .single) {
        self.init(manager: manager, plugins: [.selectable(selection)])
    }

    /// A list view over `manager`'s store with exactly these plugins.
    public init(manager: BaseListManager, plugins: [ListViewPlugin]) {
        MainQueueBridge.install()
        Stylesheet.installDefault()
        self.manager = manager
        let features = PluginSet(plugins)
        self.features = features
        factory = TypedObject(gtk_signal_list_item_factory_new()!)
        retainObject(untyped(factory))          // ours, besides the list view's
        let view = gtk_list_view_new(nil, factory.pointer)!  // takes the factory transfer-full
        listView = TypedObject(casting: untyped(view))!
        scrolledWindow = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(gdd_scrolled_window(untyped(scrolledWindow)), view)
        gtk_widget_set_vexpand(scrolledWindow, 1)
        references = [ObjectReference(sinking: untyped(scrolledWindow)),
                      ObjectReference(adopting: untyped(factory))]
        selection = RowSelection(adapter: self, mode: features.selection)
        connectFactory()
        Signal.connect(untyped(listView), "activate", position: { [weak self] position in
            self?.activate(at: Int(position))
        })
        if features.foldable { connectFoldingKeys() }
        KeyboardNavigation.install(on: self)
        if features.singleClickActivation { gtk_list_view_set_single_click_activate(listView.pointer, 1) }
    }

    isolated deinit {
        if flushSource != 0 { g_source_remove(flushSource) }
        pool.removeAll()
    }

    // MARK: Deferred unbinds

    private var pendingUnbinds: [WeakCell] = []
    private var flushSource: guint = 0

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
        get { gtk_list_view_get_single_click_activate(listView.pointer) != 0 }
        set { gtk_list_view_set_single_click_activate(listView.pointer, newValue ? 1 : 0) }
    }

    /// Scrolls so `position` is visible (GTK 4.8: the `list.scroll-to-item` action).
    public func scrollTo(position: Int) {
        guard position >= 0, position < manager.store.count else { return }
        "list.scroll-to-item".withGString {
            _ = gtk_widget_activate_action_variant(listView.widget, $0, g_variant_new_uint32(guint32(position)))
        }
    }

    /// The view a list item currently shows for `generator` (nil when the row is not bound,
    /// e.g. scrolled out of the realised range).
    public func view(for generator: any RowGenerator) -> (any RowView)? {
        guard let row = manager.rowsByGenerator[ObjectIdentifier(generator)], row.cell?.adapter === self else { return nil }
        return row.cell?.view
    }

    /// Views waiting in the reuse pool.
    public var pooledViewCount: Int { pool.count }

    // MARK: Factory

    private func connectFactory() {
        let f = untyped(factory)
        Signal.connect(f, "setup", pointer: { [weak self] item in
            guard let self, let item else { return }
            self.statistics.setups += 1
            let cell = Cell(listItem: item.asListItem, adapter: self)
            self.containers[UnsafeMutableRawPointer(cell.container)] = WeakCell(cell)
            CellStorage.attach(cell, to: item)
        })
        Signal.connect(f, "bind", pointer: { item in
            guard let item, let cell = CellStorage.cell(of: item),
                  let object = gtk_list_item_get_item(item.asListItem),  // transfer none
                  let row = Row.from(item: object) else { return }
            cell.bind(row)
        })
        Signal.connect(f, "unbind", pointer: { item in
            guard let item else { return }
            CellStorage.cell(of: item)?.scheduleUnbind()
        })
        Signal.connect(f, "teardown", pointer: { [weak self] item in
            guard let item else { return }
            self?.statistics.teardowns += 1
            if let cell = CellStorage.cell(of: item) {
                cell.teardown()
                self?.containers[UnsafeMutableRawPointer(cell.container)] = nil
            }
            CellStorage.detach(from: item)
        })
    }

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

    // MARK: Selection and activation

    private func activate(at position: Int) {
        guard let row = manager.store.row(at: position), row.isActivatable else { return }
        manager.withinViewCallback {
            didActivate.invoke(with: row.generator)
            (row.generator as? SelectableItem)?.didActivateEvent.invoke()
            row.sectionController?.didActivate(row.generator)
        }
        if features.foldable, row.generator is FoldableItem { toggleFold(of: row.generator) }
    }

    /// Reports (once per kind of problem) a generator that wants a plugin this list view lacks.
    func checkPlugins(for generator: any RowGenerator) {
        #if DEBUG
        if features.selection == .none, let item = generator as? SelectableItem,
           !item.didSelectEvent.isEmpty || !item.didDeselectEvent.isEmpty {
            warnOnce("\(type(of: generator)) has select listeners, but the list view has no .selectable() plugin: they will never fire")
        }
        if !features.foldable, let item = generator as? FoldableItem, !item.didFoldEvent.isEmpty {
            warnOnce("\(type(of: generator)) has fold listeners, but the list view has no .foldable() plugin: users cannot fold it")
        }
        #endif
    }

    private func warnOnce(_ message: String) {
        guard !pluginWarnings.contains(message) else { return }
        pluginWarnings.append(message)
        Diagnostics.warn("GtkDataDisplay: " + message)
    }

    /// Expands or collapses a foldable row (expander click, activation).
    func toggleFold(of generator: any RowGenerator) {
        try? manager.toggle(generator)
    }

    // MARK: Keyboard

    private func connectFoldingKeys() {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        Signal.connect(untyped(controller), "key-pressed", key: { [weak self] keyval, modifiers in
            guard let self, let action = FoldingKeys.action(for: keyval, modifiers: modifiers) else { return false }
            return self.fold(action)
        })
        gtk_widget_add_controller(listView.widget, controller)  // takes the controller
    }

    /// Folds the focused row; returns whether the key was used.
    private func fold(_ action: FoldingKeys.Action) -> Bool {
        guard let generator = focusedGenerator, let foldable = generator as? FoldableItem else { return false }
        switch action {
        case .expand:
            if foldable.isExpanded { return false }
            try? manager.expand(generator)
        case .collapse:
            if !foldable.isExpanded { return false }
            try? manager.collapse(generator)
        case .expandSubtree:
            try? manager.expandSubtree(generator)
        }
        return true
    }

    /// The generator of the row that has keyboard focus in this list view.
    public var focusedGenerator: (any RowGenerator)? {
        let view = listView.widget
        guard let root = gtk_widget_get_root(view),
              var widget = gtk_root_get_focus(root) else { return nil }
        // The focus sits on GTK's row widget (the parent of our container) or inside the row's view.
        while true {
            if let child = gtk_widget_get_first_child(widget), let cell = containers[UnsafeMutableRawPointer(child)]?.cell {
                return cell.row?.generator
            }
            if let cell = containers[UnsafeMutableRawPointer(widget)]?.cell { return cell.row?.generator }
            guard widget != view, let parent = gtk_widget_get_parent(widget) else { return nil }
            widget = parent
        }
    }
}

@MainActor
private final class WeakCell {
    weak var cell: Cell?
    init(_ cell: Cell) { self.cell = cell }
}

private final class WeakAdapter {
    weak var adapter: ListViewAdapter?
    init(_ adapter: ListViewAdapter) { self.adapter = adapter }
}
