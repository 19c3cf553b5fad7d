import CGtkDataDisplay
import GtkDataDisplay

// A boxed list: libadwaita's look for settings and short lists — the rows on one card with rounded
// corners, a line between rows. libadwaita styles `list.boxed-list` (a GtkListBox); the library's
// box adapter is a GtkBox and its list view a GtkListView, so the same look comes from rules of the
// library's own (`Stylesheet.installAdwaita`), drawn with libadwaita's colours (light and dark).

/// Box adapters shown as libadwaita's boxed lists.
extension BoxAdapter {
    /// Shows the rows on one card, as libadwaita's boxed lists (settings pages) do; headers read as
    /// the group's title on it. Initialises libadwaita if the app has not yet (call it once GTK has
    /// started, in `onActivate`). Returns the adapter, for chaining.
    @discardableResult
    public func boxedList() -> BoxAdapter {
        BoxedListStyle.apply(to: box)
        return self
    }
}

/// List views shown as libadwaita's boxed lists.
extension ListBaseAdapter {
    /// Shows the list view's rows on one card, as libadwaita's boxed lists do (for a list view;
    /// grids and tables keep their look). Initialises libadwaita if the app has not yet (call it
    /// once GTK has started, in `onActivate`). Returns the adapter, for chaining.
    @discardableResult
    public func boxedList() -> Self {
        BoxedListStyle.apply(to: itemView)
        return self
    }
}

/// The style class of a boxed list and the rules behind it.
@MainActor
enum BoxedListStyle {
    /// The CSS class that marks a box or list view as a boxed list.
    static let cssClass = "gdd-boxed-list"

    static func apply(to widget: UnsafeMutablePointer<GtkWidget>) {
        if !Adwaita.isInitialized { Adwaita.initialize() }
        Stylesheet.installAdwaita()
        gtk_widget_add_css_class(widget, cssClass)
    }
}
