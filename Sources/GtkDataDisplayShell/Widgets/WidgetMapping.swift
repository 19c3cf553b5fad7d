import CGtkDataDisplay
import GtkDataDisplay

// When a widget is on screen: GTK maps a widget when it is shown and so are its parents and its
// window (a page of a GtkStack is mapped while it is the visible page), and unmaps it otherwise.

/// When any widget is on screen.
extension WidgetConvertible {
    /// Whether the widget is on screen now: visible, in a shown window, and not on a hidden
    /// page of a stack (`gtk_widget_get_mapped`).
    public var isMapped: Bool { gtk_widget_get_mapped(gtkWidget) != 0 }

    /// Calls `handler` each time the widget comes on screen (GTK's `map`): a stack page shown, a
    /// window presented. For work that waits until someone looks, such as filling a large list
    /// when its page is first shown. The widget keeps the closure for its life: capture its owner
    /// weakly.
    public func onMap(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(gtkWidget), "map", handler)
    }
}
