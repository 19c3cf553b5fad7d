// Whole-state diffing: rows a list view shows that an update removes are lent to rows the update
// inserts where the view will show them, so GTK keeps their list items and rebinds them in place.
//
// GTK 4.8 keeps the list item (its widgets) of an item that one `items-changed` removes and adds
// again; every other removed item loses its list item, and every new item in the realised range gets
// a new one: widgets made, styled, rooted and torn down, which costs GTK far more than a bind. A
// filter that removes most rows and shows others (or a reload of new rows) would pay that for every
// realised row. Instead the row object of a removed, bound row goes back into the store for an
// inserted row in the realised range: the store holds the same item, GTK keeps its list item, and the
// cell rebinds it to the new generator (one bind, as for any new row). Rows a selection holds, the
// row with the keyboard focus, and rows of another role or depth are not lent; with a box view
// showing the manager's rows (`RowChangeObservers`) nothing is.

import DataDisplayDiff

/// Which row objects one update lends: rows the view shows that leave its realised range (removed,
/// or moved out of it) go to rows that come into it without a list item (new rows, or kept rows the
/// view does not show). Only for a plan of one splice: one `items-changed` removes and re-adds the
/// lent objects, which is when GTK keeps a list item.
@MainActor
struct RowRecycling {
    /// New index → the row object it takes.
    private var lentTo: [Int: Row] = [:]
    /// Old indices whose row object went to another row (their own new row gets a new object).
    private var lentAway: Set<Int> = []
    /// The rows lent (to rebind once the store has them).
    private(set) var lent: [Row] = []

    /// Nil when nothing can be lent: a plan of several splices, no bound row leaving the realised
    /// range, no row entering it, or a box view showing these rows (`rowsObserved`: it keeps its own
    /// widget per row). `isPinned(oldIndex)`: a view holds that row (a selection).
    init?(plan: SplicePlan, oldFlat: [Row], rowsObserved: Bool, newSlot: (Int) -> RowSlotKey, isPinned: (Int) -> Bool) {
        guard plan.splices.count == 1, !rowsObserved else { return nil }
        let splice = plan.splices[0]
        let removed = splice.position..<(splice.position + splice.removedCount)
        guard !removed.isEmpty, !splice.inserted.isEmpty else { return nil }
        // The realised range, as old positions (bound rows).
        var low = Int.max, high = -1
        var bound: [Int] = []
        for index in removed where oldFlat[index].cell != nil {
            low = min(low, index)
            high = index
            bound.append(index)
        }
        guard !bound.isEmpty else { return nil }
        // The realised range is contiguous: it may reach beyond the splice on either side.
        while low > 0, oldFlat[low - 1].cell != nil { low -= 1 }
        while high + 1 < oldFlat.count, oldFlat[high + 1].cell != nil { high += 1 }
        // Rows leaving: bound, removed or moved out of the window, held by no view, without the focus.
        var newIndexOfOld: [Int: Int] = [:]
        for newIndex in splice.inserted {
            let oldIndex = plan.oldIndexOfNew[newIndex]
            if oldIndex >= 0, removed.contains(oldIndex), oldFlat[oldIndex].cell != nil { newIndexOfOld[oldIndex] = newIndex }
        }
        // GTK keeps the realised range on its anchor row, and follows that row where an update moves
        // it. Only when the first realised row stays where it is (outside the splice, or put back at
        // its place) is it sure where the range will be: the same positions (at the end when the list
        // got shorter). Otherwise nothing is lent.
        if removed.contains(low) {
            guard newIndexOfOld[low] == low else { return nil }
        }
        let newCount = plan.oldIndexOfNew.count
        let span = high - low
        let start = max(0, min(low, newCount - 1 - span))
        let window = start...(start + span)
        let entering = window.clamped(to: splice.inserted.lowerBound...(max(splice.inserted.lowerBound, splice.inserted.upperBound - 1)))
        guard !entering.isEmpty, splice.inserted.contains(entering.lowerBound) else { return nil }

        var spare: [RowSlotKey: [Int]] = [:]
        for index in bound where !isPinned(index) {
            if let newIndex = newIndexOfOld[index], window.contains(newIndex) { continue }
            guard oldFlat[index].cell?.holdsFocus != true else { continue }
            spare[RowSlotKey(oldFlat[index].role, oldFlat[index].depth), default: []].append(index)
        }
        guard !spare.isEmpty else { return nil }
        // Rows entering: new, or kept but not shown (and held by no view).
        var next: [RowSlotKey: Int] = [:]
        for newIndex in entering {
            let oldIndex = plan.oldIndexOfNew[newIndex]
            if oldIndex >= 0 && (oldFlat[oldIndex].cell != nil || isPinned(oldIndex)) { continue }
            let key = newSlot(newIndex)
            guard let rows = spare[key], next[key, default: 0] < rows.count else { continue }
            let taken = rows[next[key, default: 0]]
            next[key, default: 0] += 1
            lentTo[newIndex] = oldFlat[taken]
            lentAway.insert(taken)
        }
        guard !lentTo.isEmpty else { return nil }
    }

    /// The row object new row `newIndex` takes from another row, if any.
    mutating func row(for newIndex: Int) -> Row? {
        guard !lentTo.isEmpty, let row = lentTo[newIndex] else { return nil }
        lent.append(row)
        return row
    }

    /// Whether the row object of old row `oldIndex` went to another row.
    func wasLent(_ oldIndex: Int) -> Bool {
        !lentAway.isEmpty && lentAway.contains(oldIndex)
    }
}

/// A row's role and depth: rows are lent only to rows of the same kind of place.
struct RowSlotKey: Hashable {
    let role: RowRole
    let depth: Int
    init(_ role: RowRole, _ depth: Int) {
        self.role = role
        self.depth = depth
    }
}
