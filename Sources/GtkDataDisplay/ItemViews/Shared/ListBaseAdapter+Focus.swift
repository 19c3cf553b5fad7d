// Giving a row the keyboard focus from code: after an action, to send the user back to a row, or
// so that the row's keys (Delete, Menu, Alt+arrows) reach it.

extension ListBaseAdapter {
    /// Scrolls to `generator`'s row and gives it the keyboard focus, as a click or the arrow keys
    /// would. Returns false when the row is not shown in this view or cannot take the focus
    /// (a header, or a row that can be neither selected nor activated). The window must be shown.
    @discardableResult
    public func focus(_ generator: any RowGenerator) -> Bool {
        guard KeyboardNavigation.canFocus(generator), let position = manager.position(of: generator) else { return false }
        // Scrolling makes the row GTK's anchor, which binds its widget at once, even far away.
        if rowWidget(for: generator) == nil { scrollTo(position: position) }
        guard let rowWidget = rowWidget(for: generator) else { return false }
        return KeyboardNavigation.focus(rowWidget: rowWidget, canFocus: true)
    }
}
