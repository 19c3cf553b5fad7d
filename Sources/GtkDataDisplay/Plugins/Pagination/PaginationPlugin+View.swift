// Pagination's widget side: when the edge is in view (read from the scrolled window's vertical
// adjustment, never from a row being bound: a progress row that stays on screen after a page
// arrived would otherwise stall it), and keeping the rows on screen in place when a page arrives
// above them.

import CGtkDataDisplay

/// What the pagination plugin keeps of the view it is installed on.
@MainActor
struct PaginationViewState {
    var adjustment: ObjectReference?
    var handlers: [UInt] = []
    var checkScheduled = false
}

extension PaginationPlugin {
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>? {
        view.adjustment.map { $0.pointer.assumingMemoryBound(to: GtkAdjustment.self) }
    }

    /// Listens to the view's scrolling: a scroll, and a new layout (rows added or removed, the
    /// window resized), each check whether the edge is in view.
    func connectView(_ adapter: ListBaseAdapter) {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(untyped(adapter.scrolledWindow))) else { return }
        let reference = ObjectReference(retaining: untyped(adjustment))
        view.adjustment = reference
        for signal in ["value-changed", "changed"] {
            view.handlers.append(Signal.connect(reference.pointer, signal) { [weak self] in self?.scheduleEdgeCheck() })
        }
    }

    func disconnectView() {
        guard let reference = view.adjustment else { return }
        for handler in view.handlers { Signal.disconnect(reference.pointer, handler) }
        view.handlers = []
        view.adjustment = nil
    }

    /// Whether the edge is within `prefetchDistance` pixels of the visible area (false while the
    /// view is not shown or not laid out yet).
    public var isEdgeInView: Bool {
        guard let adapter, let adjustment, gtk_widget_get_mapped(adapter.itemView) != 0 else { return false }
        let page = gtk_adjustment_get_page_size(adjustment)
        guard page > 0 else { return false }
        let value = gtk_adjustment_get_value(adjustment)
        let tolerance = prefetchDistance + 0.5
        switch edge {
        case .bottom: return gtk_adjustment_get_upper(adjustment) - (value + page) <= tolerance
        case .top: return value - gtk_adjustment_get_lower(adjustment) <= tolerance
        }
    }

    /// Checks the edge once the main loop is idle: the signals that ask come during GTK's layout,
    /// when the list must not change.
    func scheduleEdgeCheck() {
        guard !view.checkScheduled, adapter != nil else { return }
        view.checkScheduled = true
        Idle.once { [weak self] in
            guard let self else { return }
            self.view.checkScheduled = false
            if self.isEdgeInView { self.edgeReached() }
        }
    }

    /// After a page arrived: checks the edge once the view has laid the page out, whether or not
    /// the layout changed the adjustment (a page no taller than the progress row it replaced).
    func checkEdgeAfterLayout() {
        guard let adapter else { return }
        FrameTick.after(frames: 2, of: adapter.itemView) { [weak self] in self?.scheduleEdgeCheck() }
    }

    /// A status row was just put at the edge: when that edge is in view, bring the row into view.
    /// At the top GTK keeps the first row in place, so the new row would stand above the view; at
    /// the bottom GTK cannot scroll to a row before it has laid it out once, so the view scrolls to
    /// it a frame later.
    func statusRowInserted() {
        guard let adapter, isEdgeInView else { return }
        switch edge {
        case .top:
            adapter.scrollTo(position: 0)
        case .bottom:
            FrameTick.after(frames: 2, of: adapter.itemView) { [weak self] in
                guard let self, let adapter = self.adapter, let manager = self.manager,
                      self.state == .loading || self.isFailed else { return }
                // Anchored to the row's end: GTK keeps it there as it measures the row.
                adapter.scrollTo(position: manager.store.count - 1)
            }
        }
    }

    private var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    /// Before rows are added above the view (top edge): makes GTK's scroll anchor the first row
    /// that is wholly visible, so that row, and everything below it, stays where it is.
    func keepRowsInPlace() {
        guard edge == .top, let adapter, let position = firstWhollyVisibleRow(in: adapter) else { return }
        adapter.scrollTo(position: position)   // already visible: sets the anchor, moves nothing
    }

    /// The store position of the topmost content row (not a status row) wholly inside the view.
    func firstWhollyVisibleRow(in adapter: ListBaseAdapter) -> Int? {
        guard gtk_widget_get_mapped(adapter.rowsView) != 0 else { return nil }
        let height = Float(gtk_widget_get_height(adapter.rowsView))
        var best: (y: Float, x: Float, position: Int)?
        for entry in adapter.containers.values {
            guard let cell = entry.cell, let row = cell.row, row.role == .row,
                  !(row.generator is PaginationStatusRow), let position = cell.position,
                  let itemWidget = cell.rowWidget,
                  gtk_widget_get_mapped(itemWidget) != 0 else { continue }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(itemWidget, adapter.rowsView, &bounds) != 0 else { continue }
            let y = bounds.origin.y, x = bounds.origin.x
            guard y >= -0.5, y + bounds.size.height <= height + 0.5 else { continue }
            if best == nil || y < best!.y || (y == best!.y && x < best!.x) { best = (y, x, position) }
        }
        return best?.position
    }
}

extension AdapterPlugin where Self == PaginationPlugin {
    /// Pagination at `edge` with an `async throws` page loader:
    /// `.pagination(edge: .bottom) { try await source.nextPage() }`.
    public static func pagination(edge: PaginationEdge, hasMore: Bool = true, prefetchDistance: Double = 0,
                                  loader: @escaping PaginationPlugin.PageLoader) -> PaginationPlugin {
        PaginationPlugin(edge: edge, hasMore: hasMore, prefetchDistance: prefetchDistance, loader: loader)
    }

    /// Pagination at `edge` with a callback-style loader that calls its completion once.
    public static func pagination(edge: PaginationEdge, hasMore: Bool = true, prefetchDistance: Double = 0,
                                  loadPage: @escaping @MainActor (_ completion: @escaping PaginationPlugin.PageCompletion) -> Void) -> PaginationPlugin {
        PaginationPlugin(edge: edge, hasMore: hasMore, prefetchDistance: prefetchDistance, loadPage: loadPage)
    }
}
