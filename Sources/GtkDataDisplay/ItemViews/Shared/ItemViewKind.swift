import CGtkDataDisplay

/// Which of GTK's item views (the `GtkListBase` family) an adapter shows its rows in, and the few
/// things that differ between them. Everything else — the factory, cells, selection, events,
/// folding, keys — is one implementation, `ListBaseAdapter`.
enum ItemViewKind: Sendable, Equatable {
    /// `GtkListView`: one row per line.
    case list
    /// `GtkGridView`: rows as tiles, left to right, then down.
    case grid
    /// `GtkColumnView`: one row per line, in columns; the rows' own views make one column.
    case column

    /// A new view over no model with `factory` (the view takes the reference passed; the widget is
    /// floating).
    @MainActor
    func makeView(factory: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        switch self {
        case .list: return gtk_list_view_new(nil, factory)
        case .grid: return gtk_grid_view_new(nil, factory)
        case .column:
            let view = gtk_column_view_new(nil)!
            appendColumn(showing: factory, to: view)
            return view
        }
    }

    /// Makes `view` (an app's own, adopted) build its rows with `factory`.
    @MainActor
    func setFactory(_ factory: OpaquePointer, of view: UnsafeMutablePointer<GtkWidget>) {
        switch self {
        case .list: gtk_list_view_set_factory(gdd_list_view(untyped(view)), factory)
        case .grid: gtk_grid_view_set_factory(gdd_grid_view(untyped(view)), factory)
        case .column:
            g_object_ref(untyped(factory))
            appendColumn(showing: factory, to: view)
        }
    }

    /// The GType of this kind's view, and its name in messages.
    @MainActor
    var viewType: (type: GType, name: String) {
        switch self {
        case .list: (gtk_list_view_get_type(), "GtkListView")
        case .grid: (gtk_grid_view_get_type(), "GtkGridView")
        case .column: (gtk_column_view_get_type(), "GtkColumnView")
        }
    }

    /// Shows `model` in `view` (`gtk_list_view_set_model` / `gtk_grid_view_set_model`).
    @MainActor
    func setModel(_ model: OpaquePointer, of view: UnsafeMutablePointer<GtkWidget>) {
        switch self {
        case .list: gtk_list_view_set_model(gdd_list_view(untyped(view)), model)
        case .grid: gtk_grid_view_set_model(gdd_grid_view(untyped(view)), model)
        case .column: gtk_column_view_set_model(gdd_column_view(untyped(view)), model)
        }
    }

    /// Whether one click activates an item.
    @MainActor
    func singleClickActivates(_ view: UnsafeMutablePointer<GtkWidget>) -> Bool {
        switch self {
        case .list: return gtk_list_view_get_single_click_activate(gdd_list_view(untyped(view))) != 0
        case .grid: return gtk_grid_view_get_single_click_activate(gdd_grid_view(untyped(view))) != 0
        case .column: return gtk_column_view_get_single_click_activate(gdd_column_view(untyped(view))) != 0
        }
    }

    @MainActor
    func setSingleClickActivates(_ view: UnsafeMutablePointer<GtkWidget>, _ on: Bool) {
        switch self {
        case .list: gtk_list_view_set_single_click_activate(gdd_list_view(untyped(view)), on ? 1 : 0)
        case .grid: gtk_grid_view_set_single_click_activate(gdd_grid_view(untyped(view)), on ? 1 : 0)
        case .column: gtk_column_view_set_single_click_activate(gdd_column_view(untyped(view)), on ? 1 : 0)
        }
    }

    /// Whether a drag selects the rows it covers (`gtk_list_view_get_enable_rubberband`).
    @MainActor
    func rubberBand(_ view: UnsafeMutablePointer<GtkWidget>) -> Bool {
        switch self {
        case .list: return gtk_list_view_get_enable_rubberband(gdd_list_view(untyped(view))) != 0
        case .grid: return gtk_grid_view_get_enable_rubberband(gdd_grid_view(untyped(view))) != 0
        case .column: return gtk_column_view_get_enable_rubberband(gdd_column_view(untyped(view))) != 0
        }
    }

    @MainActor
    func setRubberBand(_ view: UnsafeMutablePointer<GtkWidget>, _ on: Bool) {
        switch self {
        case .list: gtk_list_view_set_enable_rubberband(gdd_list_view(untyped(view)), on ? 1 : 0)
        case .grid: gtk_grid_view_set_enable_rubberband(gdd_grid_view(untyped(view)), on ? 1 : 0)
        case .column: gtk_column_view_set_enable_rubberband(gdd_column_view(untyped(view)), on ? 1 : 0)
        }
    }

    /// Whether Left and Right fold rows (a list, as GTK's trees do). In a grid they move between
    /// tiles, so only `+`, `-` and `*` fold there.
    var foldsWithArrowKeys: Bool { self != .grid }

    /// Whether Left and Right move the cursor (a grid; in a list GTK's Left and Right do not move).
    var movesAcross: Bool { self == .grid }

    /// Whether nesting levels indent (a list; tiles in a grid keep their size and place).
    var indentsLevels: Bool { self != .grid }

    /// The widget `view`'s rows are laid out in, which has GTK's `list.*` actions: the view itself
    /// for a list or grid; a column view's inner list view (below its header), for a table.
    @MainActor
    func rowsView(of view: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        guard self == .column else { return view }
        var child = gtk_widget_get_first_child(view)
        while let widget = child {
            if gdd_is_instance_of(untyped(widget), gtk_list_view_get_type()) != 0 { return widget }
            child = gtk_widget_get_next_sibling(widget)
        }
        return view
    }

    /// How many levels above a list item's child GTK's row widget is (see `Cell.rowWidget`).
    var rowWidgetLevels: Int { self == .column ? 2 : 1 }

    /// Appends to a column view the column that shows the rows' own views, built by `factory`
    /// (the column takes the reference passed; the view holds the column).
    @MainActor
    private func appendColumn(showing factory: OpaquePointer, to view: UnsafeMutablePointer<GtkWidget>) {
        let column = gtk_column_view_column_new(nil, factory)!
        gtk_column_view_append_column(gdd_column_view(untyped(view)), column)
        g_object_unref(untyped(column))
    }

    /// The CSS classes a header or footer cell carries, on the list item's child and on GTK's
    /// row (list) or child (grid) widget.
    func cssClasses(for role: RowRole) -> [String] {
        switch (role, self) {
        case (.row, _): return []
        case (.header, .list), (.header, .column): return ["gdd-header"]
        case (.footer, .list), (.footer, .column): return ["gdd-footer"]
        case (.header, .grid): return ["gdd-header", "gdd-grid-header"]
        case (.footer, .grid): return ["gdd-footer", "gdd-grid-footer"]
        }
    }
}
