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
// size right after each change of its rows (after the last splice of a plan), which sets the
// heights where the tiles are now; the frame's own layout then finds nothing to redo.

/// Listener key of the grid's re-allocation (one per adapter).
private struct GridAllocationKey: Hashable {
    let adapter: ObjectIdentifier
}

extension ListBaseAdapter {
    /// Whether this view is GTK 4.8's grid, which needs `allocateGridNow` after a change.
    private var allocatesGridAfterChanges: Bool { kind == .grid && NewerGtk.minor < 10 }

    /// Starts re-allocating the grid after changes of its rows (GTK before 4.10; see above).
    func watchGridLayout() {
        guard allocatesGridAfterChanges else { return }
        let key = GridAllocationKey(adapter: ObjectIdentifier(self))
        // A splice outside a plan; a plan's splices end with `planDidApply`.
        manager.store.didSplice.addListener(key: key) { [weak self] in
            guard let self, self.bindHolds == 0 else { return }
            self.allocateGridNow()
        }
        manager.store.planDidApply.addListener(key: key) { [weak self] in self?.allocateGridNow() }
    }

    /// Stops what `watchGridLayout` started.
    func stopWatchingGridLayout() {
        let key = GridAllocationKey(adapter: ObjectIdentifier(self))
        manager.store.didSplice.removeListener(key: key)
        manager.store.planDidApply.removeListener(key: key)
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
