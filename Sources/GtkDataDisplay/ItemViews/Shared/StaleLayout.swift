import CGtkDataDisplay

// GTK 4.8's list and grid laid out again before a scroll that would read a stale layout.
//
// GTK 4.8's views keep the heights of their rows (a grid: of its lines of tiles, on the tile that
// starts a line) in their tree of list items, and set them anew only when allocated (the frame's
// layout phase). Until then, after an `items-changed`, the heights are those of the rows before it;
// an adjustment change in the same frame before its layout — a scroll event, the autoscroll of a drag
// near the edge (a tick of the frame clock), the library's own scroll — looks a row up by them and
// misses: a grid logs "ran out of items" (`gtk_grid_view_get_cell_at_y`, on a tile that now starts
// in the middle of a line), a list "GtkListView failed to scroll to given position" (a position past
// the stale heights). Both are GTK warnings, fatal under `G_DEBUG=fatal-warnings`; the widget soak
// met them. GTK 4.10 rewrote the views' layout. So on GTK before 4.10 a view on screen is measured
// and allocated at its current size, which sets the heights where the rows are now. That is done
// where a scroll may follow before the frame's layout: before the library's own scrolls (a row
// scrolled into view, a menu's row revealed: the soak caught a menu's scroll looking up stale
// heights), and after a change of rows while a drag hovers the view (GTK's autoscroll ticks before
// the layout). Not after every change: allocating the view between the frame's phases moves GTK's
// scroll anchor by the heights of rows not yet measured (a grid scrolled to its end, given a last
// row, no longer showed its end).

/// Listener key of the view's re-allocation (one per adapter).
private struct StaleLayoutKey: Hashable {
    let adapter: ObjectIdentifier
}

extension ListBaseAdapter {
    /// Whether this view is one of GTK 4.8's (before 4.10), whose layout goes stale between a change
    /// and the frame's layout.
    private var layoutGoesStale: Bool { NewerGtk.minor < 10 }

    /// Starts re-allocating the view after changes of its rows while a drag hovers it (GTK before
    /// 4.10; see above).
    func watchStaleLayout() {
        guard layoutGoesStale else { return }
        let motion = gtk_drop_controller_motion_new()!
        dragMotion = UnsafeMutableRawPointer(motion)
        gtk_widget_add_controller(itemView, motion)  // takes it
        let key = StaleLayoutKey(adapter: ObjectIdentifier(self))
        // A splice outside a plan; a plan's splices end with `planDidApply`.
        manager.store.didSplice.addListener(key: key) { [weak self] in
            guard let self, self.bindHolds == 0, self.dragHoversView else { return }
            self.allocateViewNow()
        }
        manager.store.planDidApply.addListener(key: key) { [weak self] in
            guard let self, self.dragHoversView else { return }
            self.allocateViewNow()
        }
    }

    /// Whether a drag (of rows or of anything) is over the view now: GTK autoscrolls near its edges.
    private var dragHoversView: Bool {
        dragMotion.map { gtk_drop_controller_motion_contains_pointer(OpaquePointer($0)) != 0 } ?? false
    }

    /// Stops what `watchStaleLayout` started.
    func stopWatchingStaleLayout() {
        let key = StaleLayoutKey(adapter: ObjectIdentifier(self))
        manager.store.didSplice.removeListener(key: key)
        manager.store.planDidApply.removeListener(key: key)
    }

    /// Before the library scrolls the view itself (GTK before 4.10): the view allocated at its size.
    func allocateBeforeScrolling() {
        if layoutGoesStale { allocateViewNow() }
    }

    /// Measures and allocates the view at its current size, when it is on screen with a size.
    func allocateViewNow() {
        guard gtk_widget_get_mapped(itemView) != 0 else { return }
        var allocation = GtkAllocation()
        gdd_widget_get_allocation(itemView, &allocation)
        guard allocation.width > 0, allocation.height > 0 else { return }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(itemView, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(itemView, GTK_ORIENTATION_VERTICAL, allocation.width, &minimum, &natural, nil, nil)
        gtk_widget_size_allocate(itemView, &allocation, -1)
        // The allocation may have hidden the focused row: GTK's wait to move the focus ends now (`PendingFocus`).
        settleHiddenFocus()
    }
}
