// Whole-state diffing: a plan whose changes span thousands of rows is shown in place, position by
// position: one splice over their hull (a shuffle, a re-sort, a reversal, most rows moved), or many
// (rows inserted, deleted or moved here and there through the list, a splice every hundred rows or
// more often), or a few that bring or take away most of the rows (a search cleared or narrowed: most
// rows new, or most gone).
//
// One splice over the hull hands the store every row object of the range again (measured with the
// `GListStore` the library kept before its own row model: `g_list_store_splice`
// drops each one from its sequence and inserts it anew (a tree insertion a row), and after a shuffle
// it reaches the objects in random order, a cache miss each. At a million rows that was 200–360 ms,
// as much as the full reload the update replaces (which pays it on fresh, ordered objects). Many
// splices walk GLib's sequence from its root each: 1% of a million rows inserted and deleted was
// 14,574 splices and 55 ms, more than the rest of the update. And rows inserted among others cost
// GLib more than rows appended: each walks its sequence's tree up from its place to the root (at
// the end that walk stays on one path, in the cache), so 80,000 rows inserted in 98 places among
// 20,000 took 4 ms more than 100,000 appended to an empty store). Instead the row object at each
// position of the hull takes the new row for that position (rows whose position shows the same row
// keep theirs): the store keeps its items, only the difference in length is spliced (at the end of
// the hull), and rows a list item shows rebind in place, as a lent row does (`RowRecycling`). What a
// user sees is the same: every shown row shows the new state; GTK keeps its list items where they
// are, and nothing else is told (`items-changed` is not emitted for the rows shown in place).
//
// Rows a list item showed before the update and shows after it at another position (a shuffle
// keeps a few of a window's rows in it) keep their list items: the objects of the realised window
// trade places among themselves (one splice over the positions that trade, the same objects again,
// so GTK keeps each list item with its item), every row the view still shows keeps its widget, and
// the binds are the minimum: the rows newly shown. The row GTK anchors the view on keeps its place.
//
// Only when nothing follows a row object: no view holds a row of the range (a selection: GTK's
// selection follows items), the list item with the keyboard focus (if the list has it) keeps its
// row, a view scrolled away from the top keeps the first row it shows at its place (else the rows
// on screen would change under the reader, where GTK follows that row), no box view shows the rows
// (`RowChangeObservers`; one showing another manager's rows does not count), and every row, old and
// new, is a row (no headers or footers, so any row object can take any new row: a child row's
// object takes the depth of the row it shows there).

import DataDisplayDiff

/// A plan shown in place: positions `start ..< start + shared` of its hull keep their row objects,
/// which take the new rows there; then `removedTail` old rows are removed, or `insertedTail` new
/// rows inserted, at `start + shared` (one splice, or none).
struct PositionalHull {
    /// The least number of positions shown in place for the plan to be applied so (or of rows it
    /// inserts and removes, when most rows come or go): below it its splices cost less than a
    /// millisecond, and the update keeps every row's object.
    static let minimumRows = 4096
    /// Rows of the hull per splice below which a plan of several splices is shown in place: a
    /// splice costs GLib a walk down its sequence from the root (1–3 µs), about what a hundred rows
    /// taking another row's generator cost. A plan of a few splices over a long list (a rotation, a
    /// swap of the ends, a moved block) keeps them: they are cheap, and GTK keeps the view's top row.
    static let rowsPerSplice = 100

    /// The first position of the plan's hull (its first splice's position).
    let start: Int
    /// Positions whose row object takes the new row there.
    let shared: Int
    /// Old rows removed after the shared positions.
    let removedTail: Int
    /// New rows inserted after the shared positions.
    let insertedTail: Int
    /// The positions of the realised window whose row objects trade places (`keepShownRows`).
    private(set) var windowSpan: Range<Int>?
    /// For a position of `windowSpan`, the old position whose row object it takes (absent: its own).
    private var sources: [Int: Int] = [:]

    /// Nil unless `plan`'s hull shares positions of rows that nothing follows (see above) and either
    /// shares at least `minimumRows` of them in one splice, one every `rowsPerSplice` rows, or
    /// splices that take out and put back as many rows as it shares (a reversal around a long
    /// stretch that stays: a word repeated a thousand times, which a stable sort keeps in order), or
    /// inserts and removes at least `minimumRows` rows, twice as many as it shares (most rows come
    /// or go: `mostRowsChange`). `oldCount`: the old rows. `newHasOnlyRows`, `oldHasOnlyRows()`: no
    /// header or footer in the new state, the old one. `rowsObserved`: a box view shows the
    /// manager's rows (`RowChangeObservers`). `keptPositions()`: positions whose rows must keep
    /// their place for the update to be shown so (a list item with the keyboard focus; a scrolled
    /// view's first row on screen, so that what it shows stays on screen; -1: unknown, so none is
    /// shown in place).
    @MainActor
    init?(plan: SplicePlan, oldCount: Int, newHasOnlyRows: Bool, rowsObserved: Bool, store: RowStore,
          oldHasOnlyRows: () -> Bool, keptPositions: () -> [Int]) {
        guard let first = plan.splices.first, let last = plan.splices.last, newHasOnlyRows, !rowsObserved else { return nil }
        // The hull of the plan's splices: from the first one's position to the end of the last one's
        // rows, in new positions (after it the lists differ by the change in length only).
        let newEnd = last.inserted.upperBound
        let oldEnd = newEnd - (plan.oldIndexOfNew.count - oldCount)
        let splice = Splice(position: first.position, removedCount: oldEnd - first.position,
                            inserted: first.position..<newEnd)
        let shared = Swift.min(splice.removedCount, splice.inserted.count)
        let dense = shared >= Self.minimumRows
            && (plan.splices.count == 1 || plan.splices.count * Self.rowsPerSplice >= shared || plan.churn >= shared)
        guard shared > 0, dense || Self.mostRowsChange(plan, shared: shared) else { return nil }
        let removed = splice.position..<(splice.position + splice.removedCount)
        guard !store.isAnyPinned(in: removed), oldHasOnlyRows() else { return nil }
        // The keyboard focus stays with its list item, and a view at its position: only if the rows
        // there stay there too.
        for position in keptPositions() where position < 0 || removed.contains(position) {
            guard position >= 0, position < splice.position + shared, plan.oldIndexOfNew[position] == position else { return nil }
        }
        start = splice.position
        self.shared = shared
        removedTail = splice.removedCount - shared
        insertedTail = splice.inserted.count - shared
    }

    /// Whether `plan` inserts and removes at least `minimumRows` rows, twice as many as the hull's
    /// `shared` positions: showing those in place costs less than splicing the rows among the others.
    static func mostRowsChange(_ plan: SplicePlan, shared: Int) -> Bool {
        let changed = plan.insertedRows + plan.removedRows
        return changed >= minimumRows && changed >= 2 * shared
    }

    /// The old position whose row object new row `index` takes for another row's (its match,
    /// `oldIndex`, is another row or none), or nil when the row takes no object this way (its own
    /// object stays: `oldIndex`, or it lies outside the shared positions).
    @inline(__always)
    func repurposedSource(of index: Int, matchedTo oldIndex: Int) -> Int? {
        guard index >= start, index - start < shared else { return nil }
        var source = index
        if let windowSpan, windowSpan.contains(index) { source = sources[index] ?? index }
        return oldIndex == source ? nil : source
    }

    /// Lets rows that list items show before and after the update keep them: `bound`, the old
    /// positions of the rows list items show; `anchors`, positions whose objects stay (the first row
    /// on screen of each view, which GTK keeps the view on). A row shown at old position `q` that
    /// the new state puts at `p`, both shown and neither an anchor, takes its object with it; the
    /// objects it displaces go to the positions whose objects left. O(shown rows).
    mutating func keepShownRows(bound: [Int], anchors: [Int], oldIndexOfNew: [Int]) {
        let shared = start..<(start + self.shared)
        let shown = Set(bound.filter { shared.contains($0) })
        let fixed = Set(anchors)
        // Movers: new position p ← old position q, both shown, p ≠ q.
        var moverSource: [Int: Int] = [:]
        for p in shown where !fixed.contains(p) {
            let q = oldIndexOfNew[p]
            if q != p, shown.contains(q), !fixed.contains(q) { moverSource[p] = q }
        }
        guard !moverSource.isEmpty else { return }
        let usedSources = Set(moverSource.values)
        // Objects displaced by a mover and not themselves a mover's: they fill the positions whose
        // own objects moved away.
        var spare = moverSource.keys.filter { !usedSources.contains($0) }.sorted()
        sources = moverSource
        for q in usedSources.sorted() where moverSource[q] == nil {
            sources[q] = spare.removeLast()
        }
        let touched = sources.keys
        windowSpan = touched.min()!..<(touched.max()! + 1)
    }

    /// The splices that apply the update: the window's trade (if any), then the tail (if any).
    var splices: [Splice] {
        var splices: [Splice] = []
        if let windowSpan { splices.append(Splice(position: windowSpan.lowerBound, removedCount: windowSpan.count, inserted: windowSpan)) }
        let tail = start + shared
        if removedTail > 0 || insertedTail > 0 {
            splices.append(Splice(position: tail, removedCount: removedTail, inserted: tail..<(tail + insertedTail)))
        }
        return splices
    }

    /// Whether new row `index` is inserted after the shared positions (it takes a new row object).
    @inline(__always)
    func insertsNew(_ index: Int) -> Bool {
        insertedTail > 0 && index >= start + shared && index < start + shared + insertedTail
    }

    /// The old rows the update keeps: all but the removed tail (nil: all).
    func keptOldRows(oldCount: Int) -> [Bool]? {
        guard removedTail > 0 else { return nil }
        var kept = [Bool](repeating: true, count: oldCount)
        for index in (start + shared)..<(start + shared + removedTail) { kept[index] = false }
        return kept
    }
}
