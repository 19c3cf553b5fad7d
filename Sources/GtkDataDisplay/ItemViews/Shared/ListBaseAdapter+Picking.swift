import CGtkDataDisplay

// Which row a point or a widget belongs to: for gestures on the item view (single-click folding,
// context menus) that see coordinates, not list items.

extension ListBaseAdapter {
    /// The cell showing a row under `(x, y)`, in the item view's coordinates (nil between rows or
    /// over a cell that shows none).
    func cell(atX x: Double, y: Double) -> Cell? {
        guard let widget = gtk_widget_pick(itemView, x, y, GTK_PICK_DEFAULT) else { return nil }
        return cell(containing: widget)
    }

    /// The cell whose list item holds `widget` (GTK's row widget, our container, or a widget of
    /// the row's view), if it shows a row.
    func cell(containing widget: UnsafeMutablePointer<GtkWidget>) -> Cell? {
        var widget = widget
        while widget != itemView {
            if let cell = containers[UnsafeMutableRawPointer(widget)]?.cell { return cell.row == nil ? nil : cell }
            // GTK's row widget: its first child is our container.
            if let child = gtk_widget_get_first_child(widget), let cell = containers[UnsafeMutableRawPointer(child)]?.cell {
                return cell.row == nil ? nil : cell
            }
            guard let parent = gtk_widget_get_parent(widget) else { return nil }
            widget = parent
        }
        return nil
    }

    /// Whether `(x, y)` falls on a widget of a row that takes clicks itself — a button (the
    /// expander included), a switch, an entry: any button or focusable widget between the point
    /// and the row — rather than on the row's plain content (labels, images, boxes).
    func hitsInteractiveWidget(atX x: Double, y: Double) -> Bool {
        guard var widget = gtk_widget_pick(itemView, x, y, GTK_PICK_DEFAULT),
              let cell = cell(containing: widget) else { return false }
        let buttonType = gtk_button_get_type()
        while widget != cell.container {
            if gtk_widget_get_focusable(widget) != 0 || isInstance(widget, of: buttonType) {
                return true
            }
            guard let parent = gtk_widget_get_parent(widget) else { return false }
            widget = parent
        }
        return false
    }

    /// GTK's row widget (the list item's widget, parent of our container) showing `cell`.
    func rowWidget(of cell: Cell) -> UnsafeMutablePointer<GtkWidget>? {
        cell.rowWidget
    }
}
