import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkScrolledWindow`: its child in an area that scrolls when the child is taller (or wider)
/// than the room it gets — a settings page of a `BoxAdapter`, a form. (List and grid adapters
/// scroll by themselves.)
///
///     window.child = ScrolledWindow(BoxAdapter(manager: settings).boxedList())
@MainActor
public final class ScrolledWindow: WidgetWrapper {
    /// The `GtkScrolledWindow` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var scrolled: OpaquePointer { gdd_scrolled_window(widget.raw) }
    /// The Swift object given as the child (an adapter, a helper), kept while it is the child.
    private var owner: AnyObject?

    /// A scrolled window showing `child`; it scrolls vertically, and sideways only when
    /// `scrollsSideways`.
    public init(_ child: (any WidgetConvertible)? = nil, scrollsSideways: Bool = false) {
        widget = OwnedWidget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(scrolled, scrollsSideways ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(widget.pointer, 1)
        self.child = child
    }

    /// What it shows: an adapter's widget, any helper, a raw widget; the scrolled window keeps the
    /// Swift object given (an adapter) while it is the child.
    public var child: (any WidgetConvertible)? {
        get { (owner as? any WidgetConvertible) ?? gtk_scrolled_window_get_child(scrolled) }
        set {
            owner = newValue.flatMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil }
            gtk_scrolled_window_set_child(scrolled, newValue?.gtkWidget)
        }
    }
}
