import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkStackSidebar`: the list of a `Stack`'s pages by title, beside the stack, that shows the
/// page the user picks, as a GNOME app's navigation sidebar does.
///
///     let sidebar = StackSidebar(stack: stack)
///     sidebar.setSizeRequest(width: 180)
///     window.child = Box(.horizontal, sidebar, Separator(.vertical), stack)
///     stack.hexpand = true
///
/// It follows the stack: pages added, removed or retitled later show at once, and a page shown
/// by code is selected in the list.
@MainActor
public final class StackSidebar: WidgetWrapper {
    /// The `GtkStackSidebar` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var sidebar: OpaquePointer { gdd_stack_sidebar(widget.raw) }
    /// The stack it lists (kept alive with the sidebar).
    public let stack: Stack

    /// A sidebar listing the pages of `stack`, named `accessibleLabel` for screen readers.
    public init(stack: Stack, accessibleLabel: String = "Pages") {
        widget = OwnedWidget(gtk_stack_sidebar_new())
        self.stack = stack
        gtk_stack_sidebar_set_stack(sidebar, gdd_stack(stack.widget.raw))
        widget.setAccessibleLabel(accessibleLabel)
        InternalWidgetNames.nameInnerScrollBars(of: widget.pointer)
        // Each page's row is named by its title for screen readers, now and whenever pages come
        // (GTK's sidebar, connected first, has made their rows by then). The stack's page model is
        // not kept: it must not outlive its stack (it holds the stack by a plain pointer, and the
        // stack it by a weak one); GTK's sidebar holds it while it shows the stack.
        let sidebarWidget = widget.pointer
        InternalWidgetNames.nameListRows(under: sidebarWidget)
        let shown = SidebarShown()
        let pages = UnsafeMutableRawPointer(gtk_stack_get_pages(gdd_stack(stack.widget.raw)))!   // transfer full
        Signal.connect(pages, "items-changed", itemsChanged: { _, _, _ in
            if shown.isAlive { InternalWidgetNames.nameListRows(under: sidebarWidget) }
        })
        g_object_unref(pages)
        Signal.connect(widget.raw, "destroy") { shown.isAlive = false }
    }
}

/// Whether a sidebar's widget is still there, for a handler on its stack's page model (which may
/// outlive it).
@MainActor
private final class SidebarShown {
    var isAlive = true
}
