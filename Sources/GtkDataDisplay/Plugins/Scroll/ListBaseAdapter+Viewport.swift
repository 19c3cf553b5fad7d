import CGtkDataDisplay

/// Where a laid-out row stands: its store position, and its row widget's top edge and height in
/// pixels, relative to the top of the visible area (the item view is as high as what it shows).
struct RowFrame {
    let row: Row
    let position: Int
    let y: Double
    let height: Double

    /// Whether some of it is inside a visible area `viewport` high.
    func isVisible(in viewport: Double) -> Bool {
        y + height > 0.5 && y < viewport - 0.5
    }
}

// The geometry the scroll controller works with, read from the realised rows' widgets (GTK 4.8
// keeps its row offsets private). Valid as of the last layout: read it after one.
extension ListBaseAdapter {
    /// The scrolled window's vertical adjustment.
    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(untyped(scrolledWindow)))
    }

    /// The height of the visible area.
    var viewportHeight: Double { Double(gtk_widget_get_height(rowsView)) }

    /// Whether the view is on screen and has been laid out.
    var isLaidOut: Bool { gtk_widget_get_mapped(rowsView) != 0 && gtk_widget_get_height(rowsView) > 0 }

    /// Where `row` stands, when a list item of this view shows it now and is laid out.
    func frame(of row: Row) -> RowFrame? {
        guard let cell = row.cell, cell.adapter === self, let position = cell.position,
              let item = gtk_list_item_get_item(cell.listItem), item == row.item,  // transfer none
              let rowWidget = cell.rowWidget,
              gtk_widget_get_mapped(rowWidget) != 0 else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(rowWidget, rowsView, &bounds) != 0 else { return nil }
        return RowFrame(row: row, position: position, y: Double(bounds.origin.y), height: Double(bounds.size.height))
    }

    /// Every laid-out row with some of it in the visible area, in list order.
    func visibleFrames() -> [RowFrame] {
        let viewport = viewportHeight
        var frames: [RowFrame] = []
        for entry in containers.values {
            guard let row = entry.cell?.row, let frame = frame(of: row), frame.isVisible(in: viewport) else { continue }
            frames.append(frame)
        }
        frames.sort { $0.position < $1.position }
        return frames
    }

    /// Whether some laid-out row has a pixel in the visible area (stops at the first).
    func hasVisibleRow() -> Bool {
        let viewport = viewportHeight
        return containers.values.contains { entry in
            guard let row = entry.cell?.row, let frame = frame(of: row) else { return false }
            return frame.isVisible(in: viewport)
        }
    }

    /// Scrolls the least that brings `rect` (in `rowsView`'s coordinates: a row's bounds) into
    /// the visible area, and returns the part of it on screen afterwards, in the same coordinates;
    /// nil when none of it can be. GTK keeps rows realised just outside the visible area: a popover
    /// pointing at one of those would point outside the view (and its window).
    func revealedPart(of rect: graphene_rect_t) -> GdkRectangle? {
        let height = viewportHeight, width = Double(gtk_widget_get_width(rowsView))
        var y = Double(rect.origin.y)
        let rowHeight = Double(rect.size.height)
        if y < 0 {
            y -= scrollVertically(by: y)
        } else if y + rowHeight > height {
            y -= scrollVertically(by: min(y, y + rowHeight - height))
        }
        let top = max(y, 0), bottom = min(y + rowHeight, height)
        let left = max(Double(rect.origin.x), 0), right = min(Double(rect.origin.x + rect.size.width), width)
        guard bottom - top >= 1, right - left >= 1 else { return nil }
        return GdkRectangle(x: Int32(left), y: Int32(top), width: Int32(right - left), height: Int32(bottom - top))
    }

    /// Scrolls `delta` pixels down (up when negative), within the adjustment's range. Returns
    /// how far it actually moved.
    @discardableResult
    func scrollVertically(by delta: Double) -> Double {
        let adjustment = verticalAdjustment
        let value = gtk_adjustment_get_value(adjustment)
        let highest = max(gtk_adjustment_get_lower(adjustment), gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        let target = min(max(value + delta, gtk_adjustment_get_lower(adjustment)), highest)
        guard abs(target - value) >= 0.5 else { return 0 }
        allocateBeforeScrolling()
        gtk_adjustment_set_value(adjustment, target)
        return target - value
    }
}
