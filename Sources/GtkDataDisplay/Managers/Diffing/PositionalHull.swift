// Whole-state diffing: a plan that replaces thousands of rows with one splice over their hull (a
// shuffle, a re-sort, a reversal, most rows moved) is shown in place, position by position.
//
// Such a splice hands GLib every row object of the range again: `g_list_store_splice` drops each
// one from its sequence and inserts it anew (a tree insertion a row), and after a shuffle it reaches
// the objects in random order, a cache miss each. At a million rows that was 200–360 ms, as much as
// the full reload the update replaces (which pays it on fresh, ordered objects). Instead the row
// object at each position of the range takes the new row for that position: the store keeps its
// items, only the difference in length is spliced (at the range's end), and rows a list item shows
// rebind in place, as a lent row does (`RowRecycling`). What a user sees is the same: every shown
// row shows the new state; GTK keeps its list items where they are (the view stays at its scroll
// position rather than following one row), and nothing else is told (`items-changed` is not emitted
// for the rows shown in place).
//
// Only when nothing follows a row object: no view holds a row of the range (a selection: GTK's
// selection follows items), the list item with the keyboard focus (if the list has it) keeps its
// row, no box view watches rows (`RowChangeObservers`), and every row, old and new, is a plain row
// of a section (no headers, footers or child rows, so any row object can take any new row).

import DataDisplayDiff

/// A one-splice plan shown in place: positions `start ..< start + shared` keep their row objects,
/// which take the new rows there; then `removedTail` old rows are removed, or `insertedTail` new
/// rows inserted, at `start + shared` (one splice, or none).
struct PositionalHull {
    /// The least number of rows shown in place for the plan to be applied so: below it the splice
    /// costs less than a millisecond, and the update keeps every row's object.
    static let minimumRows = 4096

    /// The first position of the splice's range.
    let start: Int
    /// Positions whose row object takes the new row there.
    let shared: Int
    /// Old rows removed after the shared positions.
    let removedTail: Int
    /// New rows inserted after the shared positions.
    let insertedTail: Int

    /// Nil unless `plan` is one splice over at least `minimumRows` shared positions of plain rows
    /// that nothing follows (see above). `oldRowsArePlain(range)`: the old rows in `range` are plain
    /// rows of a section. `focusedPositions()`: the positions of the store's list items that hold
    /// the keyboard focus (-1: unknown, so none is shown in place).
    @MainActor
    init?(plan: SplicePlan, newHasOnlyPlainRows: Bool, store: RowStore, oldRowsArePlain: (Range<Int>) -> Bool,
          focusedPositions: () -> [Int]) {
        guard plan.splices.count == 1, newHasOnlyPlainRows, RowChangeObservers.isEmpty else { return nil }
        let splice = plan.splices[0]
        let shared = Swift.min(splice.removedCount, splice.inserted.count)
        guard shared >= Self.minimumRows, splice.inserted.lowerBound == splice.position else { return nil }
        let removed = splice.position..<(splice.position + splice.removedCount)
        guard !store.isAnyPinned(in: removed), oldRowsArePlain(removed) else { return nil }
        // The keyboard focus stays with its list item: only if the row there stays there too.
        for position in focusedPositions() where position < 0 || removed.contains(position) {
            guard position >= 0, position < splice.position + shared, plan.oldIndexOfNew[position] == position else { return nil }
        }
        start = splice.position
        self.shared = shared
        removedTail = splice.removedCount - shared
        insertedTail = splice.inserted.count - shared
    }

    /// Whether new row `index` takes the row object at its position from another row (its match,
    /// `oldIndex`, stands elsewhere or nowhere).
    @inline(__always)
    func repurposes(_ index: Int, matchedTo oldIndex: Int) -> Bool {
        index &- start < shared && index >= start && oldIndex != index
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
