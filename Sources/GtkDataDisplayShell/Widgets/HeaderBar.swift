import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkHeaderBar`: the title bar of a GNOME window, with the window's title (or a widget of
/// your own) in the middle, buttons packed at its start and end, and the window buttons.
///
///     let header = HeaderBar()
///     header.packStart(Button(iconName: "list-add-symbolic", accessibleLabel: "Add"))
///     header.packEnd(MenuButton(iconName: "open-menu-symbolic", menu: menu))
///     window.titlebar = header
///
/// The bar keeps its children alive (GTK's references); keep the Swift owners of what they
/// show (an adapter, a page) yourself.
@MainActor
public final class HeaderBar: WidgetWrapper {
    /// The `GtkHeaderBar` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var bar: OpaquePointer { gdd_header_bar(widget.raw) }

    /// An empty header bar: it shows the window's title, and the window buttons.
    public init() {
        widget = OwnedWidget(gtk_header_bar_new())
    }

    /// The widget in the middle in place of the window's title (a `StackSwitcher`, a search
    /// field, a `Label`); nil shows the title again.
    public var titleWidget: (any WidgetConvertible)? {
        get { gtk_header_bar_get_title_widget(bar) }
        set { gtk_header_bar_set_title_widget(bar, newValue?.gtkWidget) }
    }

    /// Adds `child` at the start (the left in left-to-right languages), after the children
    /// packed there before.
    @discardableResult
    public func packStart(_ child: any WidgetConvertible) -> HeaderBar {
        gtk_header_bar_pack_start(bar, child.gtkWidget)
        return self
    }

    /// Adds `child` at the end (the right in left-to-right languages), before (further in than)
    /// the children packed there before: the first one packed stays nearest the edge.
    @discardableResult
    public func packEnd(_ child: any WidgetConvertible) -> HeaderBar {
        gtk_header_bar_pack_end(bar, child.gtkWidget)
        return self
    }

    /// Takes a packed child (or the title widget) out of the bar.
    public func remove(_ child: any WidgetConvertible) {
        gtk_header_bar_remove(bar, child.gtkWidget)
    }

    /// Whether the bar shows the window buttons (close, and minimize / maximize where the
    /// desktop has them). True by default.
    public var showsTitleButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(bar) != 0 }
        set { gtk_header_bar_set_show_title_buttons(bar, newValue ? 1 : 0) }
    }
}
