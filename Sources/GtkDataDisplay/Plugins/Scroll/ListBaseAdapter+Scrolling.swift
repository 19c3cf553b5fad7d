import CGtkDataDisplay

// Scrolling to a row, the scroll anchor, saving and restoring a position, and whether the first
// and last rows are on screen: the public side of `ScrollController`. For list and grid alike.
extension ListBaseAdapter {
    /// Whether rows inserted or removed above the first row on screen leave what is on screen
    /// where it is (default: true). The first row on screen stays that row, at the same pixel (in
    /// a grid: on the same line), across single operations, `batch` and `setState`. Turn it off to
    /// get GTK's own behaviour.
    public var keepsScrollAnchor: Bool {
        get { scrolling.keepsAnchor }
        set { scrolling.keepsAnchor = newValue }
    }

    /// Whether a whole-state update that keeps none of the rows shown before (another dataset: a file
    /// browser's new folder, a different account) brings the view back to the top (default: true).
    /// Off, the view keeps its offset, as GTK does. Set it before the update it is for.
    public var scrollsToTopOnNewData: Bool {
        get { scrolling.scrollsToTopOnNewData }
        set { scrolling.scrollsToTopOnNewData = newValue }
    }

    /// Scrolls so `generator`'s row stands at `alignment` in the visible area (RDDM's
    /// `scrollTo(generator:)`), or as near as the ends of the list allow. Done right after the next
    /// layout: the first, if the view is not on screen yet. Throws `.generatorNotFound` (and
    /// scrolls nowhere) when the manager does not show it, e.g. a child of a collapsed row.
    public func scrollTo(_ generator: any RowGenerator, at alignment: ScrollAlignment = .nearest) throws(DataDisplayError) {
        guard let row = manager.row(of: generator) else {
            throw .generatorNotFound(describe(generator))
        }
        scrolling.scroll(to: row, .aligned(alignment))
    }

    /// Scrolls so the header of the section with `header` stands at `alignment` (by default at
    /// the top). Throws `.sectionNotFound` when no section has that header.
    public func scrollTo(sectionWith header: any RowGenerator, at alignment: ScrollAlignment = .first) throws(DataDisplayError) {
        _ = try manager.sectionIndex(header: header)
        try scrollTo(header, at: alignment)
    }

    /// The first row on screen, by diff id, and how far its top edge stands from the top of the
    /// visible area (with the rows after it, should it be gone when restored). Nil when nothing
    /// is on screen. Right after a change, before GTK laid it out, it is the position the scroll
    /// anchor is about to keep.
    public var scrollPosition: ScrollPosition? {
        if let pending = scrolling.pendingPosition { return pending }
        guard isLaidOut else { return nil }
        let frames = visibleFrames()
        guard let first = frames.first else { return nil }
        return ScrollPosition(anchors: frames.map { .init(key: $0.row.key, offset: $0.y) }, position: first.position)
    }

    /// Scrolls back to `saved`: its first row, matched by diff id (and role and depth), at the
    /// offset it had; when that row is gone, the first of the rows that followed it on screen
    /// that is still shown, at its own offset; when none is, the row now at the saved position.
    /// Works after a whole new state and in a new adapter over a new manager; done after the next
    /// layout. Returns whether a saved row was found (false: the position was used, or the list
    /// is empty).
    @discardableResult
    public func restore(_ saved: ScrollPosition) -> Bool {
        var rank: [RowKey: Int] = [:]
        for (index, anchor) in saved.anchors.enumerated() where rank[anchor.key] == nil { rank[anchor.key] = index }
        var best: (rank: Int, row: Row)?
        for row in manager.flatRows() {
            guard let r = rank[row.key], best == nil || r < best!.rank else { continue }
            best = (r, row)
            if r == 0 { break }
        }
        if let best {
            scrolling.scroll(to: best.row, .offset(saved.anchors[best.rank].offset))
            return true
        }
        let count = manager.store.count
        if count > 0, let row = manager.store.row(at: min(saved.position, count - 1)) {
            scrolling.scroll(to: row, .offset(saved.offset))
        }
        return false
    }

    /// Whether some of the list's first row is on screen, as of the last layout.
    public var isFirstRowVisible: Bool { scrolling.isVisible(position: 0)?.visible ?? false }

    /// Whether some of the list's last row is on screen, as of the last layout.
    public var isLastRowVisible: Bool { scrolling.isVisible(position: manager.store.count - 1)?.visible ?? false }
}
