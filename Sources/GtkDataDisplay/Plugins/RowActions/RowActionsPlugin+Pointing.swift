import CGtkDataDisplay

// Where a row's menu points when it opens from code or the keyboard: at the visible part of the
// row, scrolled into view (GTK keeps rows realised just outside the visible area; a popover
// pointing at one of them would point outside the view and its window).
//
// That needs the row's bounds as GTK laid them out. Right after an update (or a jump to a far row)
// GTK has not laid the view out again: the bounds are old, and moving the adjustment then makes GTK
// look for rows it has not laid out ("failed to scroll to given position"). The menu then opens at
// once, pointing inside the view; the view brings the row into view at its next layout (the scroll
// controller's request), and once positions are final the menu points at the row.

extension RowActionsPlugin {
    /// The rect the menu of `row` points at now, and whether it is the row's (`laidOut`) or stands
    /// in until the next layout; nil when the view is not shown or the row has no visible part.
    func pointing(at row: Row, in adapter: ListBaseAdapter) -> (rect: GdkRectangle, laidOut: Bool)? {
        guard adapter.isLaidOut else { return nil }
        if adapter.scrolling.isLayoutCurrent, let cell = row.cell, cell.adapter === adapter, isAllocated(cell, in: adapter) {
            guard let visible = visiblePart(of: cell, in: adapter) else { return nil }
            return (visible, true)
        }
        adapter.scrolling.scroll(to: row, .aligned(.nearest))
        // The middle of the view: inside it, wherever the row turns out to be.
        let middle = GdkRectangle(x: gtk_widget_get_width(adapter.itemView) / 2, y: gtk_widget_get_height(adapter.itemView) / 2,
                                  width: 1, height: 1)
        return (middle, false)
    }

    /// Whether GTK gave `cell`'s row widget a size: a column view leaves the rows it keeps realised
    /// beyond the visible area unallocated, with no bounds to point at until it scrolls there.
    private func isAllocated(_ cell: Cell, in adapter: ListBaseAdapter) -> Bool {
        guard let rowWidget = adapter.rowWidget(of: cell) else { return false }
        return gtk_widget_get_width(rowWidget) > 0 && gtk_widget_get_height(rowWidget) > 0
    }

    /// The part of `cell`'s row on screen, scrolled into view if needed (layout current).
    private func visiblePart(of cell: Cell, in adapter: ListBaseAdapter) -> GdkRectangle? {
        guard let rowWidget = adapter.rowWidget(of: cell) else { return nil }
        var bounds = graphene_rect_t(), rows = graphene_rect_t()
        guard gtk_widget_compute_bounds(rowWidget, adapter.rowsView, &bounds) != 0,
              gtk_widget_compute_bounds(adapter.rowsView, adapter.itemView, &rows) != 0,
              var part = adapter.revealedPart(of: bounds) else { return nil }
        // From the rows' widget to the item view's coordinates (a table's header is above its rows).
        part.x += Int32(rows.origin.x)
        part.y += Int32(rows.origin.y)
        return part
    }

    /// Once positions are final, points menu `opening` (if it is still open) at its row; tries again
    /// after later layouts while updates keep coming, `tries` times at most.
    func pointAtRowOnceLaidOut(opening: Int, tries: Int) {
        guard tries > 0, let adapter else { return }
        adapter.scrolling.whenLaidOut { [weak self] in
            guard let self, self.isMenuOpen, self.openings == opening, let adapter = self.adapter,
                  let generator = self.menuGenerator, let row = adapter.manager.row(of: generator) else { return }
            guard adapter.scrolling.isLayoutCurrent, let cell = row.cell, cell.adapter === adapter,
                  self.isAllocated(cell, in: adapter), let visible = self.visiblePart(of: cell, in: adapter) else {
                return self.pointAtRowOnceLaidOut(opening: opening, tries: tries - 1)
            }
            self.pointMenu(to: visible)
        }
    }
}
