import CGtkDataDisplay

/// Shows a manager's rows as tiles in a `GtkGridView` (RDDM's collection adapter, for GTK 4):
/// left to right, then down, in as many columns as fit between `minColumns` and `maxColumns`.
///
/// The same generators, managers, folding, events, diffing, selection and plugins as a list: all
/// but the widget is `ListBaseAdapter`'s, shared with `ListViewAdapter`.
///
/// GTK 4.8's grid has no full-width rows, so a section's header (footer) is a tile of its own at
/// the start (end) of the section, drawn as a heading (CSS classes `gdd-grid-header`,
/// `gdd-grid-footer`). Like in a list it is never selected nor activated, and the cursor keys step
/// over it: Up and Down move a row of tiles, Left and Right one tile, across sections. Nesting
/// levels do not indent tiles; folding inserts and removes the children's tiles, and `+`, `-`, `*`
/// fold the focused tile (Left and Right move).
@MainActor
public final class GridViewAdapter: ListBaseAdapter {
    /// The `GtkGridView`: `gridView.pointer` for `gtk_grid_view_*`, `gridView.widget` for
    /// `gtk_widget_*`.
    public var gridView: TypedObject<GtkType.GridView> { TypedObject(gdd_grid_view(untyped(itemView))) }

    /// A grid over `manager`'s store with the given selection mode (and double-click activation).
    /// Use `manager.gridViewBuilder` to add folding or other plugins.
    public convenience init(manager: BaseListManager, selection: SelectionMode = .single) {
        self.init(manager: manager, plugins: [.selectable(selection)])
    }

    /// A grid over `manager`'s store with exactly these plugins.
    public init(manager: BaseListManager, plugins: [ListViewPlugin]) {
        super.init(manager: manager, plugins: plugins, kind: .grid)
    }

    /// Over the app's own view (see `init(manager:adopting:plugins:)`).
    init(manager: BaseListManager, plugins: [ListViewPlugin], adopted: AdoptedView) {
        super.init(manager: manager, plugins: plugins, kind: .grid, adopted: adopted)
    }

    /// The fewest columns shown, however narrow the grid (`gtk_grid_view_set_min_columns`; GTK's
    /// default 1). Raising it above `maxColumns` raises that too, as GTK does.
    public var minColumns: Int {
        get { Int(gtk_grid_view_get_min_columns(gridView.pointer)) }
        set { gtk_grid_view_set_min_columns(gridView.pointer, guint(clamping: max(1, newValue))) }
    }

    /// The most columns shown, however wide the grid (`gtk_grid_view_set_max_columns`; GTK's
    /// default 7). Lowering it below `minColumns` lowers that too, as GTK does.
    public var maxColumns: Int {
        get { Int(gtk_grid_view_get_max_columns(gridView.pointer)) }
        set { gtk_grid_view_set_max_columns(gridView.pointer, guint(clamping: max(1, newValue))) }
    }

    /// How many columns the grid shows now, read from where its tiles sit (GTK 4.8 has no getter);
    /// 1 before any tile is laid out.
    public var columns: Int { shownColumns }
}
