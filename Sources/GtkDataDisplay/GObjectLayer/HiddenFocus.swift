import CGtkDataDisplay

/// Taking the keyboard focus out of a widget the library is about to hide or unmap. GTK 4.8 keeps
/// the references of the focus chain through a hidden widget that held the focus: the window's
/// widgets (a list view, with its model and rows) then outlive the window.
enum HiddenFocus {
    /// Unsets the focus of `widget`'s window when the focus is `widget` or inside it; true then.
    @MainActor @discardableResult
    static func release(inside widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
              focus == widget || gtk_widget_is_ancestor(focus, widget) != 0 else { return false }
        gtk_root_set_focus(root, nil)
        return true
    }
}
