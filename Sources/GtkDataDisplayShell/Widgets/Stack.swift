import CGtkDataDisplay
import GtkDataDisplay

/// A page of a `Stack` that could not be added or shown; nothing was changed.
public enum StackError: Error, Equatable, CustomStringConvertible {
    /// The stack has a page of this name already.
    case duplicateName(String)
    /// The stack has no page of this name.
    case noPage(String)

    /// What went wrong, with an example of what GTK accepts.
    public var description: String {
        switch self {
        case .duplicateName(let name): return "the stack has a page named \"\(name)\" already"
        case .noPage(let name): return "the stack has no page named \"\(name)\""
        }
    }
}

/// A `GtkStack`: pages of which one is shown at a time, picked by a `StackSidebar` (or by code).
///
///     let stack = Stack()
///     try stack.addPage(contacts.content, name: "contacts", title: "Contacts")
///     try stack.addPage(settings.content, name: "settings", title: "Settings")
///     try stack.showPage("settings")
///     let sidebar = StackSidebar(stack: stack)
///
/// The stack keeps its pages' widgets alive (GTK's references); keep the Swift owners of what
/// they show (an adapter, a page object) yourself, as with `Box`.
@MainActor
public final class Stack: WidgetWrapper {
    /// The `GtkStack` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var stack: OpaquePointer { gdd_stack(widget.raw) }

    /// An empty stack.
    public init() {
        widget = OwnedWidget(gtk_stack_new())
    }

    /// Adds `child` as the last page, called `name` in code (`showPage`) and `title` in a sidebar
    /// or switcher, with the icon `iconName` where a switcher shows icons. The first page added
    /// is shown until another is picked.
    @discardableResult
    public func addPage(_ child: any WidgetConvertible, name: String, title: String,
                        iconName: String? = nil) throws(StackError) -> Stack {
        guard gtk_stack_get_child_by_name(stack, name) == nil else { throw .duplicateName(name) }
        let page = gtk_stack_add_titled(stack, child.gtkWidget, name, title)
        if let iconName, let page { gtk_stack_page_set_icon_name(page, iconName) }
        return self
    }

    /// Takes a page out of the stack (nothing when there is none of that name).
    public func removePage(_ name: String) {
        guard let child = gtk_stack_get_child_by_name(stack, name) else { return }
        gtk_stack_remove(stack, child)
    }

    /// Shows the page `name`.
    public func showPage(_ name: String) throws(StackError) {
        guard gtk_stack_get_child_by_name(stack, name) != nil else { throw .noPage(name) }
        gtk_stack_set_visible_child_name(stack, name)
    }

    /// The name of the page shown (nil while the stack is empty).
    public var visiblePageName: String? {
        gtk_stack_get_visible_child_name(stack).map { String(cString: $0) }
    }

    /// The pages' names, in order.
    public var pageNames: [String] {
        pages.compactMap { gtk_stack_page_get_name($0).map { String(cString: $0) } }
    }

    /// The title of the page `name` (nil when there is no such page).
    public func title(ofPage name: String) -> String? {
        guard let child = gtk_stack_get_child_by_name(stack, name) else { return nil }
        return gtk_stack_page_get_title(gtk_stack_get_page(stack, child)).map { String(cString: $0) }
    }

    /// Calls `handler` with the page's name each time another page is shown (by a sidebar, a
    /// switcher or code). The stack keeps the closure for its life: capture its owner weakly.
    @discardableResult
    public func onVisiblePageChanged(_ handler: @escaping @MainActor (_ name: String?) -> Void) -> Stack {
        let raw = widget.raw   // the signal lives on the widget, which outlives the wrapper
        Signal.connect(raw, "notify::visible-child-name", pointer: { _ in
            handler(gtk_stack_get_visible_child_name(gdd_stack(raw)).map { String(cString: $0) })
        })
        return self
    }

    /// The `GtkStackPage` of each child, in order.
    private var pages: [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = gtk_widget_get_first_child(widget.pointer)
        while let current = child {
            if let page = gtk_stack_get_page(stack, current) { result.append(page) }
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }
}
