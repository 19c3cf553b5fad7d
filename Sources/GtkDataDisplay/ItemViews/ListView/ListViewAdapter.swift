import CGtkDataDisplay

/// Shows a manager's rows in a `GtkListView` (RDDM's table adapter, for GTK 4): one row per line.
///
/// Everything but the widget is `ListBaseAdapter`'s, shared with `GridViewAdapter`: the chain
/// store → selection model → `GtkListView` (with a `GtkSignalListItemFactory`) in a
/// `GtkScrolledWindow`, selection, activation, events, folding, keyboard and plugins. Put
/// `scrolledWindow` (or the adapter) in your UI.
@MainActor
public final class ListViewAdapter: ListBaseAdapter {
    /// The `GtkListView`: `listView.pointer` for `gtk_list_view_*`, `listView.widget` for
    /// `gtk_widget_*`. GTK keeps the struct private, so Swift has no `UnsafeMutablePointer<GtkListView>`.
    public var listView: TypedObject<GtkType.ListView> { TypedObject(gdd_list_view(untyped(itemView))) }

    /// A list view over `manager`'s store with the given selection mode (and double-click
    /// activation). Use `manager.listViewBuilder` to add folding or other plugins.
    public convenience init(manager: BaseListManager, selection: SelectionMode = .single) {
        self.init(manager: manager, plugins: [.selectable(selection)])
    }

    /// A list view over `manager`'s store with exactly these plugins.
    public init(manager: BaseListManager, plugins: [ListViewPlugin]) {
        super.init(manager: manager, plugins: plugins, kind: .list)
    }

    /// Over the app's own view (see `init(manager:adopting:plugins:)`).
    init(manager: BaseListManager, plugins: [ListViewPlugin], adopted: AdoptedView) {
        super.init(manager: manager, plugins: plugins, kind: .list, adopted: adopted)
    }
}
