import CGtkDataDisplay

// GTK 4.8's list and grid laid out again before a scroll that would read a stale layout.
//
// GTK 4.8's views keep the heights of their rows (a grid: of its lines of tiles, on the tile that
// starts a line) in their tree of list items, and set them anew only when allocated (the frame's
// layout phase). Until then, after an `items-changed`, the heights are those of the rows before it;
// an adjustment change in the same frame before its layout — a scroll event, GTK's autoscroll while
// a drag or a rubberband nears an edge (a tick of the frame clock, which goes on after a drop), the
// library's own scroll — looks a row up by them and misses: a grid logs "ran out of items"
// (`gtk_grid_view_get_cell_at_y`, on a tile that now starts in the middle of a line), a list
// "GtkListView failed to scroll to given position" (a position past the stale heights). Both are GTK
// warnings, fatal under `G_DEBUG=fatal-warnings`; the widget soak met them. GTK 4.10 rewrote the
// views' layout. So on GTK before 4.10 the view's vertical adjustment gets a handler connected before
// the view's own (GTK calls handlers in the order they were connected; the view is given the same
// adjustment again to connect its own anew): when the adjustment moves while the rows changed since
// the view was last allocated, the view is measured and allocated at its current size first, which
// sets the heights where the rows are now.
// The library's own scrolls allocate before they start. Not after every change: allocating the view
// between the frame's phases moves GTK's scroll anchor by the heights of rows not yet measured (a
// grid scrolled to its end, given a last row, no longer showed its end).

/// Listener key of the view's re-allocation (one per adapter).
private struct StaleLayoutKey: Hashable {
    let adapter: ObjectIdentifier
}

extension ListBaseAdapter {
    /// Whether this view is one of GTK 4.8's (before 4.10), whose layout goes stale between a change
    /// and the frame's layout.
    private var layoutGoesStale: Bool { NewerGtk.minor < 10 }

    /// Starts re-allocating the view before its vertical adjustment moves after a change of its rows
    /// (GTK before 4.10; see above).
    func watchStaleLayout() {
        guard layoutGoesStale else { return }
        let key = StaleLayoutKey(adapter: ObjectIdentifier(self))
        // A splice outside a plan; a plan's splices end with `planDidApply`.
        manager.store.didSplice.addListener(key: key) { [weak self] in self?.layoutIsStale = true }
        manager.store.planDidApply.addListener(key: key) { [weak self] in self?.layoutIsStale = true }
        // The handler goes on the adjustment the view has (the scrolled window's), then the view is
        // given the adjustment again, so that its own handler is connected anew, after this one.
        guard let vadjustment = gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(untyped(scrolledWindow))) else { return }
        let adjustment = UnsafeMutableRawPointer(vadjustment)
        retainObject(adjustment)
        defer { releaseObject(adjustment) }
        Signal.connect(adjustment, "value-changed") { [weak self] in
            guard let self, self.layoutIsStale, self.viewFollowsAdjustment(adjustment) else { return }
            // The allocation sets the adjustment from the view's anchor: the new value is given back
            // (the view, laid out now, takes it then).
            let typed = adjustment.assumingMemoryBound(to: GtkAdjustment.self)
            let value = gtk_adjustment_get_value(typed)
            self.allocateViewNow()
            if gtk_adjustment_get_value(typed) != value { gtk_adjustment_set_value(typed, value) }
        }
        Property.set(untyped(itemView), "vadjustment", nil)
        Property.set(untyped(itemView), "vadjustment", adjustment)
    }

    /// Whether the view's own handler of `adjustment` is connected and not blocked: GTK blocks it
    /// while the view sets the adjustment from its own allocation, which must not be allocated into.
    private func viewFollowsAdjustment(_ adjustment: UnsafeMutableRawPointer) -> Bool {
        let mask = GSignalMatchType(rawValue: G_SIGNAL_MATCH_DATA.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
        return g_signal_handler_find(adjustment.asObject, mask, 0, 0, nil, nil, untyped(rowsView)) != 0
    }

    /// Stops what `watchStaleLayout` started (the adjustment goes with the scrolled window).
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
        guard gtk_widget_get_mapped(itemView) != 0, !allocatingView else { return }
        var allocation = GtkAllocation()
        gdd_widget_get_allocation(itemView, &allocation)
        guard allocation.width > 0, allocation.height > 0 else { return }
        // (The allocation sets the adjustment, whose handler must not allocate again.)
        allocatingView = true
        defer { allocatingView = false }
        layoutIsStale = false
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(itemView, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(itemView, GTK_ORIENTATION_VERTICAL, allocation.width, &minimum, &natural, nil, nil)
        gtk_widget_size_allocate(itemView, &allocation, -1)
        // The allocation may have hidden the focused row: GTK's wait to move the focus ends now (`PendingFocus`).
        settleHiddenFocus()
    }
}
