import CGtkDataDisplay

// GTK 4.8's grid laid out again right after a change of its rows.
//
// GTK 4.8's `GtkGridView` keeps each row of tiles' height on the tile that starts the row, and sets
// those heights anew only when it is allocated (the frame's layout phase). An `items-changed` that
// shifts tiles by other than whole rows leaves, until then, heights on tiles that now start in the
// middle of a row; an adjustment change in the same frame before its layout — a scroll event, or
// the autoscroll of a drag near the edge (a tick of the frame clock) — looks a tile up by its
// heights (`gtk_grid_view_get_cell_at_y`) and, on such a tile, logs "ran out of items" (a GTK
// warning, fatal under `G_DEBUG=fatal-warnings`; seen in the widget soak). GTK 4.10 rewrote the
// grid's layout. So on GTK before 4.10 a grid on screen is measured and allocated at its current
// size, which sets the heights where the tiles are now. That is done where a scroll may follow before the frame's layout:
// before the library's own scrolls (a row scrolled into view, a menu's row revealed: the soak caught
// a menu's scroll looking up stale heights), and after a change of rows while a drag hovers the grid
// (GTK's autoscroll ticks before the layout). Not after every change: allocating the grid between
// the frame's phases moves GTK's scroll anchor by the heights of tiles not yet measured (a grid
// scrolled to its end, given a last row, no longer showed its end).

/// Listener key of the grid's re-allocation (one per adapter).
private struct GridAllocationKey: Hashable {
    let adapter: ObjectIdentifier
}

extension ListBaseAdapter {
    /// Whether this view is GTK 4.8's grid, which needs `allocateGridNow` after a change.
    private var allocatesGridAfterChanges: Bool { kind == .grid && NewerGtk.minor < 10 }

    /// Starts re-allocating the grid after changes of its rows while a drag hovers it (GTK before
    /// 4.10; see above).
    func watchGridLayout() {
        guard allocatesGridAfterChanges else { return }
        let motion = gtk_drop_controller_motion_new()!
        gridDragMotion = UnsafeMutableRawPointer(motion)
        gtk_widget_add_controller(itemView, motion)  // takes it
        let key = GridAllocationKey(adapter: ObjectIdentifier(self))
        // A splice outside a plan; a plan's splices end with `planDidApply`.
        manager.store.didSplice.addListener(key: key) { [weak self] in
            guard let self, self.bindHolds == 0, self.dragHoversGrid else { return }
            self.allocateGridNow()
        }
        manager.store.planDidApply.addListener(key: key) { [weak self] in
            guard let self, self.dragHoversGrid else { return }
            self.allocateGridNow()
        }
    }

    /// Whether a drag (of rows or of anything) is over the grid now: GTK autoscrolls near its edges.
    private var dragHoversGrid: Bool {
        gridDragMotion.map { gtk_drop_controller_motion_contains_pointer(OpaquePointer($0)) != 0 } ?? false
    }

    /// Stops what `watchGridLayout` started.
    func stopWatchingGridLayout() {
        let key = GridAllocationKey(adapter: ObjectIdentifier(self))
        manager.store.didSplice.removeListener(key: key)
        manager.store.planDidApply.removeListener(key: key)
    }

    /// Before the library scrolls a grid itself (GTK before 4.10): the grid allocated at its size.
    func allocateGridBeforeScrolling() {
        if allocatesGridAfterChanges { allocateGridNow() }
    }

    /// Measures and allocates the grid at its current size, when it is on screen with a size.
    func allocateGridNow() {
        guard gtk_widget_get_mapped(itemView) != 0 else { return }
        var allocation = GtkAllocation()
        gdd_widget_get_allocation(itemView, &allocation)
        guard allocation.width > 0, allocation.height > 0 else { return }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(itemView, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(itemView, GTK_ORIENTATION_VERTICAL, allocation.width, &minimum, &natural, nil, nil)
        gtk_widget_size_allocate(itemView, &allocation, -1)
    }
}
