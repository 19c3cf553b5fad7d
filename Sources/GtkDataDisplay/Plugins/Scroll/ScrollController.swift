import CGtkDataDisplay

/// One adapter's scrolling, done right after each layout of its window (the frame clock's `layout`
/// signal, after the window allocated its widgets, so row positions are current and a correction
/// is laid out again within the same frame — nothing jumps on screen):
///
/// - **The scroll anchor.** Before the store changes, the rows on screen and their offsets are
///   noted; after the layout that follows, the first of them still shown is put back where it was.
///   GTK 4.8 anchors a list by itself (`GtkListBase` keeps the row at the scrolled fraction of the
///   viewport where it was), which already holds a list's rows for changes above the first row on
///   screen; a grid keeps only the anchor's *line*, so a tile moves a line when an insert or remove
///   above reflows the columns, and a row that GTK anchored and the update removed lets the rows
///   above it move. The correction covers those, and costs nothing when GTK got it right.
/// - **Scroll requests** (`scrollTo(_:at:)`, `restore(_:)`): `list.scroll-to-item` brings the row
///   into the realised range, then the adjustment is moved until the row stands where it should.
///   GTK 4.12's `gtk_list_view_scroll_to` would not help: it cannot centre a row either.
/// - **First and last row visibility**, reported as events once the positions are final.
/// - **Rows removed under the view.** GTK 4.8 keeps the list items of removed rows on screen, showing
///   rows the store no longer has, when one splice removes every row on screen and leaves few rows
///   (a filter on a list scrolled to its end); it does not when its anchor stands on a row the
///   splice keeps. Before such a splice the view jumps to the row right after the removed ones (the
///   one before them at the end of the list).
/// - **A view left blank.** When one `items-changed` takes the row GTK 4.8 anchors the view on far
///   away (a sort order turned round: the first row on screen goes to the end), GTK follows that row
///   — and at times then draws nothing until the next scroll. After the layout that follows a change,
///   a view with rows but none on screen is brought to the first row that was on screen, where GTK
///   meant to follow it, at the offset it had (to its old position when it is gone; to the top when
///   the anchor is off and nothing was noted).
@MainActor
final class ScrollController {
    private weak var adapter: ListBaseAdapter?
    private weak var store: RowStore?
    private let link = FrameClockLink()

    /// Whether changes above the first row on screen leave what is on screen where it is.
    var keepsAnchor = true
    /// Whether a whole-state update that keeps none of the rows shown before scrolls to the top.
    var scrollsToTopOnNewData = true
    /// The manager's count of such updates at the last layout.
    private var replacementsAtLayout = 0

    /// One row on screen before a change, where its top edge stood and its position then.
    @MainActor
    private struct AnchorEntry {
        private let held: LiveRow
        var row: Row? { held.row }
        let offset: Double
        let position: Int

        init(row: Row, offset: Double, position: Int) {
            held = LiveRow(row)
            self.offset = offset
            self.position = position
        }
    }
    /// The rows on screen before changes that are not laid out yet, first on screen first.
    private var pendingAnchor: [AnchorEntry]?
    /// The vertical adjustment's value at the last layout.
    private var valueAtLayout = 0.0
    /// Whether no splice and no jump (`list.scroll-to-item`) came since positions were final.
    private var laidOutSinceChange = false
    /// What waits for positions to be final after the next layout (`whenLaidOut`).
    private var afterLayout: [() -> Void] = []
    /// Fires after each layout once the rows' positions are final for the frame (sticky headers follow them).
    let didFinishLayout = Event<Void>()
    /// How many rows were on screen when the first change after the last layout came (nil until it
    /// came): a splice that removes fewer cannot remove them all.
    private var rowsOnScreen: Int?
    /// Layouts left that check for a blank view after a change (GTK settles a change over a few).
    private var blankChecksLeft = 0
    private static let blankChecks = 4
    /// The first row on screen before the last change, for a blank view to come back to (nil when
    /// the anchor is off or nothing was on screen: then the top).
    private var firstBeforeChange: AnchorEntry?

    /// A row to bring on screen, and where.
    @MainActor
    private struct Request {
        private let held: LiveRow
        var row: Row? { held.row }
        let target: Target
        var adjustments = 0
        /// `list.scroll-to-item`s done for it (two at most: one may be undone by a layout).
        var jumps = 0

        init(row: Row, target: Target) {
            held = LiveRow(row)
            self.target = target
        }
    }
    enum Target {
        case aligned(ScrollAlignment)
        /// The row's top edge this many pixels below the top of the visible area.
        case offset(Double)
    }
    private var request: Request?

    /// The first and last rows reported visible and not gone from the screen since.
    // Kept as live rows, not identities: a new row can take the address of one that went away, and
    // an identity would take it for the row already reported.
    private var reportedFirst = LiveRow()
    private var reportedLast = LiveRow()

    /// Adjustments made in the frame being laid out: GDK lays a frame out at most four times in a
    /// row (and warns after), so more waits for the next frame.
    private var frameCounter = -1
    private var adjustmentsThisFrame = 0
    private static let adjustmentsPerFrame = 2

    init(adapter: ListBaseAdapter) {
        self.adapter = adapter
        self.store = adapter.manager.store
        replacementsAtLayout = adapter.manager.wholeReplacements
        link.controller = self
        let widget = adapter.itemView
        let view = untyped(widget)
        let link = self.link
        Signal.connect(view, "realize") { link.attach(to: widget) }
        Signal.connect(view, "unrealize") { link.detach() }
        Signal.connect(view, "unmap") { [weak self] in
            self?.laidOutSinceChange = false
            self?.pendingAnchor = nil
            self?.blankChecksLeft = 0
            self?.adapter?.releaseBindsWaitingForLayout()
        }
        adapter.manager.store.willSplice.addListener(key: ObjectIdentifier(self)) { [weak self] position, removing in
            self?.storeWillChange()
            self?.keepAnchorOffRemovedRows(position: position, removing: removing)
        }
    }

    isolated deinit {
        link.detach()
        store?.willSplice.removeListener(key: ObjectIdentifier(self))
    }

    // MARK: Requests

    /// Brings `row` on screen at `target` after the next layout (the first, if the view is not
    /// shown yet). A newer request replaces an older one; a pending anchor is dropped.
    func scroll(to row: Row, _ target: Target) {
        guard let adapter else { return }
        pendingAnchor = nil
        request = Request(row: row, target: target)
        // Not realised: bring it into the realised range now (once laid out; before, the first
        // layout does it).
        if adapter.isLaidOut, adapter.frame(of: row) == nil, let position = position(of: row) {
            request?.jumps = 1
            adapter.scrollToItem(position)
        }
        gtk_widget_queue_allocate(adapter.itemView)
    }

    /// Whether the rows stand where GTK's last layout put them: no splice, no jump and no scroll
    /// since. Until the next layout, a row's bounds are not where it stands, and moving the
    /// adjustment after a splice makes GTK look for rows it has not laid out (Gtk-WARNING "failed to
    /// scroll to given position").
    var isLayoutCurrent: Bool {
        guard laidOutSinceChange, let adapter, adapter.isLaidOut else { return false }
        return gtk_adjustment_get_value(adapter.verticalAdjustment) == valueAtLayout
    }

    /// The rows are about to move without a layout (a jump to a row): until the next layout,
    /// positions are not current.
    func rowsWillMove() { laidOutSinceChange = false }

    /// Runs `body` once positions are final after the next layout of the view, and asks for one
    /// (from the main loop: asked from inside a layout, GDK would count it in the frame's layouts).
    func whenLaidOut(_ body: @escaping () -> Void) {
        afterLayout.append(body)
        Idle.once { [weak adapter] in if let adapter { gtk_widget_queue_allocate(adapter.itemView) } }
    }

    /// When the next layout puts the rows that were on screen back (no request pending): where those
    /// rows stand now, widened on each side by as many rows as there are (the rows the correction
    /// measures, and more). Nil otherwise, or when none of them is left.
    var positionsAroundNotedRows: ClosedRange<Int>? {
        guard request == nil, let entries = pendingAnchor, let manager = adapter?.manager else { return nil }
        var low = Int.max, high = Int.min
        for entry in entries {
            guard let row = entry.row, let position = manager.position(of: row.generator) else { continue }
            low = min(low, position)
            high = max(high, position)
        }
        guard low <= high else { return nil }
        return max(0, low - entries.count)...(high + entries.count)
    }

    /// Forgets pending requests and anchors: something else scrolled (`scrollTo(position:)`).
    func cancelPending() {
        request = nil
        pendingAnchor = nil
        blankChecksLeft = 0
    }

    /// The rows on screen before changes not laid out yet, as a saved position (nil when none).
    var pendingPosition: ScrollPosition? {
        guard let pendingAnchor else { return nil }
        let anchors = pendingAnchor.compactMap { entry in entry.row.map { ScrollPosition.Anchor(key: $0.key, offset: entry.offset) } }
        guard let first = pendingAnchor.first?.row, let position = position(of: first) else { return nil }
        return ScrollPosition(anchors: anchors, position: position)
    }

    private func position(of row: Row) -> Int? {
        if let frame = adapter?.frame(of: row) { return frame.position }
        return adapter?.manager.position(of: row.generator)
    }

    // MARK: The anchor

    /// The store is about to change: arm the blank-view check of the next layouts, and note what is
    /// on screen, unless changes since the last layout already did (their anchor is still the one to
    /// keep) or a request decides where to go.
    private func storeWillChange() {
        laidOutSinceChange = false
        guard let adapter, adapter.isLaidOut else { return }
        blankChecksLeft = Self.blankChecks
        guard pendingAnchor == nil else { return }  // noted by a change since the last layout
        firstBeforeChange = nil
        guard keepsAnchor, request == nil else { return }
        // Rows sit where the last layout put them; a scroll since then moves them by as much.
        let scrolled = gtk_adjustment_get_value(adapter.verticalAdjustment) - valueAtLayout
        let entries = adapter.visibleFrames().map { AnchorEntry(row: $0.row, offset: $0.y - scrolled, position: $0.position) }
        rowsOnScreen = entries.count
        pendingAnchor = entries.isEmpty ? nil : entries
        firstBeforeChange = entries.first
    }

    /// Before a splice that removes every row on screen (as of the last layout): GTK's anchor goes
    /// to a row the splice keeps (see the top of the file). O(rows realised), for splices that
    /// remove at least as many rows as were on screen.
    private func keepAnchorOffRemovedRows(position: Int, removing: Int) {
        guard removing > 0, let adapter, adapter.isLaidOut, let store else { return }
        if rowsOnScreen == nil { rowsOnScreen = adapter.visibleFrames().count }
        guard let onScreen = rowsOnScreen, onScreen > 0, removing >= onScreen else { return }
        let removed = position..<(position + removing)
        let frames = adapter.visibleFrames()
        guard !frames.isEmpty, frames.allSatisfy({ removed.contains($0.position) }) else { return }
        let kept = removed.upperBound < store.count ? removed.upperBound : position - 1
        guard kept >= 0 else { return }
        adapter.scrollToItem(kept)
    }

    /// After the layout that follows a change: if the view has rows but none on screen (GTK 4.8
    /// followed its anchor row far away, see the top of the file), asks for the first row that was
    /// on screen at its offset, or its old position when it is gone. Returns whether it scrolled.
    private func recoverFromBlank(in adapter: ListBaseAdapter) -> Bool {
        guard blankChecksLeft > 0 else { return false }
        blankChecksLeft -= 1
        let count = adapter.manager.store.count
        guard count > 0, !adapter.hasVisibleRow() else { return false }
        blankChecksLeft = 0
        if let first = firstBeforeChange, let row = first.row, position(of: row) != nil {
            request = Request(row: row, target: .offset(first.offset))
            return serveRequest(in: adapter)
        }
        adapter.scrollToItem(min(firstBeforeChange?.position ?? 0, count - 1))
        return true
    }

    /// Puts the first noted row that is still shown back where it stood. Returns whether it scrolled.
    private func keepAnchor(_ entries: [AnchorEntry], in adapter: ListBaseAdapter) -> Bool {
        pendingAnchor = nil
        for entry in entries {
            // A row gone from the realised range (removed, or moved far) is not chased.
            guard let row = entry.row, let frame = adapter.frame(of: row) else { continue }
            return adapter.scrollVertically(by: frame.y - entry.offset) != 0
        }
        return false
    }

    // MARK: After each layout

    /// The window has allocated its widgets for this frame. Binds a plan held for this layout are
    /// made after its scroll (the rows GTK shows then; laid out again in this frame, before drawing).
    func didLayout(frameCounter counter: Int) {
        guard let adapter else { return }
        defer { adapter.releaseBindsWaitingForLayout() }
        guard adapter.isLaidOut else { return }
        if counter != frameCounter {
            frameCounter = counter
            adjustmentsThisFrame = 0
        }
        guard request != nil || pendingAnchor != nil || blankChecksLeft > 0 else { return finishLayout(adapter) }
        guard adjustmentsThisFrame < Self.adjustmentsPerFrame else {
            // Lay out again in the next frame, outside this one's layout.
            Idle.once { [weak adapter] in if let adapter { gtk_widget_queue_allocate(adapter.itemView) } }
            return
        }
        var scrolled = false
        if scrollsToTopOnNewData, adapter.manager.wholeReplacements != replacementsAtLayout {
            // Another dataset since the last layout: no row of the one on screen is left to keep in place.
            replacementsAtLayout = adapter.manager.wholeReplacements
            pendingAnchor = nil
            firstBeforeChange = nil
            scrolled = adapter.scrollVertically(by: -.infinity) != 0
        }
        if request != nil {
            scrolled = serveRequest(in: adapter)
        } else if let entries = pendingAnchor {
            scrolled = keepAnchor(entries, in: adapter)
        }
        if !scrolled { scrolled = recoverFromBlank(in: adapter) }
        if scrolled {
            adjustmentsThisFrame += 1   // GDK lays out again now; positions are final after that
        } else {
            finishLayout(adapter)
        }
    }

    /// Moves toward the requested place. Returns whether it scrolled.
    private func serveRequest(in adapter: ListBaseAdapter) -> Bool {
        guard var current = request, let row = current.row else {
            request = nil
            return false
        }
        guard let frame = adapter.frame(of: row) else {
            // Not realised (asked before the row was shown, or GTK moved away): jump there once.
            guard current.jumps < 2, let position = position(of: row) else {
                request = nil
                return false
            }
            current.jumps += 1
            request = current
            adapter.scrollToItem(position)
            return true
        }
        var target: Double
        switch current.target {
        case .aligned(let alignment):
            target = alignment.targetY(rowY: frame.y, height: frame.height, viewport: adapter.viewportHeight)
            // A row brought to the top stands below a pinned section header (`StickyHeadersPlugin`).
            if target == 0, alignment == .first || alignment == .nearest, let inset = adapter.rowsTopInset?(row) {
                target = min(inset, max(0, adapter.viewportHeight - frame.height))
            }
        case .offset(let offset): target = offset
        }
        let delta = frame.y - target
        guard abs(delta) >= 0.5, current.adjustments < 4 else {
            request = nil
            return false
        }
        current.adjustments += 1
        request = current
        guard adapter.scrollVertically(by: delta) != 0 else {
            request = nil   // the end of the range: as close as it gets
            return false
        }
        return true
    }

    /// Positions are final for this frame: note the value and report visibility.
    private func finishLayout(_ adapter: ListBaseAdapter) {
        valueAtLayout = gtk_adjustment_get_value(adapter.verticalAdjustment)
        replacementsAtLayout = adapter.manager.wholeReplacements
        laidOutSinceChange = true
        rowsOnScreen = nil
        reportVisibility(adapter)
        didFinishLayout.invoke()
        guard !afterLayout.isEmpty else { return }
        let waiting = afterLayout
        afterLayout.removeAll()
        for body in waiting { body() }
    }

    // MARK: First and last row

    /// Whether the row at `position` has a pixel on screen.
    func isVisible(position: Int) -> (row: Row, visible: Bool)? {
        guard let adapter, let row = adapter.manager.store.row(at: position) else { return nil }
        let visible = adapter.isLaidOut && adapter.frame(of: row)?.isVisible(in: adapter.viewportHeight) == true
        return (row, visible)
    }

    private func reportVisibility(_ adapter: ListBaseAdapter) {
        let count = adapter.manager.store.count
        if adapter.firstRowVisible.isEmpty {
            reportedFirst = LiveRow()
        } else if let (row, visible) = isVisible(position: 0) {
            report(row, visible: visible, reported: &reportedFirst, adapter.firstRowVisible, adapter)
        }
        if adapter.lastRowVisible.isEmpty {
            reportedLast = LiveRow()
        } else if count > 0, let (row, visible) = isVisible(position: count - 1) {
            report(row, visible: visible, reported: &reportedLast, adapter.lastRowVisible, adapter)
        }
    }

    private func report(_ row: Row, visible: Bool, reported: inout LiveRow,
                        _ event: Event<any RowGenerator>, _ adapter: ListBaseAdapter) {
        guard visible else {
            reported = LiveRow()
            return
        }
        guard reported.row !== row else { return }
        reported = LiveRow(row)
        let generator = row.generator
        adapter.manager.withinViewCallback { event.invoke(with: generator) }
    }
}

/// The connection to the frame clock of the item view's window, made when the view is realised
/// (a frame clock exists only then) and undone when it is unrealised or the adapter goes.
@MainActor
private final class FrameClockLink {
    weak var controller: ScrollController?
    private var clock: OpaquePointer?
    private var handler: UInt = 0

    func attach(to view: UnsafeMutablePointer<GtkWidget>) {
        detach()
        guard let clock = gtk_widget_get_frame_clock(view) else { return }
        retainObject(untyped(clock))
        self.clock = clock
        handler = Signal.connectAfter(untyped(clock), "layout") { [weak self] in
            guard let self, let clock = self.clock else { return }
            self.controller?.didLayout(frameCounter: gdk_frame_clock_get_frame_counter(clock))
        }
    }

    func detach() {
        guard let clock else { return }
        Signal.disconnect(untyped(clock), handler)
        releaseObject(untyped(clock))
        self.clock = nil
        handler = 0
    }
}
