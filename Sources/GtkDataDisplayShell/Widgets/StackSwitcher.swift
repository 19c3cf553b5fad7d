import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkStackSwitcher`: a row of linked buttons, one per page of a `Stack`, for a few pages
/// (two to four) in a header bar's title; more pages belong in a `StackSidebar`.
///
///     header.titleWidget = StackSwitcher(stack: stack)
///
/// It follows the stack as the sidebar does: pages added or removed later show at once, and the
/// button of the page shown is pressed in.
@MainActor
public final class StackSwitcher: WidgetWrapper {
    /// The `GtkStackSwitcher` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    /// The stack it switches (kept alive with the switcher).
    public let stack: Stack

    /// A switcher with one button per page of `stack`.
    public init(stack: Stack) {
        widget = OwnedWidget(gtk_stack_switcher_new())
        self.stack = stack
        gtk_stack_switcher_set_stack(gdd_stack_switcher(widget.raw), gdd_stack(stack.widget.raw))
    }
}
