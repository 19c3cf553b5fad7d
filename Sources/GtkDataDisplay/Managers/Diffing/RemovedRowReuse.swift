// Whole-state diffing: removed rows that no view shows serve the rows the same update inserts.
//
// A row the update removes and a row it inserts each cost a `Row` and a row object: made for the
// new row, freed with the old one (GLib 2.74 spends about 2,300 instructions on a last unref and 600
// on `g_object_new`). The removed row can take the inserted row's generator instead: the plan's
// splices remove its object at the old place and add it at the new one. Only rows no list item
// shows (GTK has nothing of theirs to keep or rebind; realised rows are `RowRecycling`'s, and a
// view holds the binds GTK makes between the splices of one plan), that no view holds (a
// selection), plain rows of a section (role row, depth 0) going to plain rows, and none while a box
// view shows the manager's rows (one showing another manager's does not count).

import DataDisplayDiff

/// The removed rows one update hands to rows it inserts.
@MainActor
struct RemovedRowReuse {
    /// Removed plain rows that nothing shows or holds, taken from the end.
    private var rows: [Row] = []
    /// Each row's index in the old rows, beside it.
    private var oldIndices: [Int] = []
    /// Whether rows are fetched ahead (`RowPrefetch`): many removed rows, scattered through the list.
    private var prefetching = false

    /// Empty unless `plan` removes rows and inserts rows. `kept`: the old rows the plan keeps (nil:
    /// all). `rowsObserved`: a box view shows these rows (`RowChangeObservers`): nothing is handed
    /// over. `isPinned(oldIndex)`: a view holds that row (a selection).
    init(plan: SplicePlan, oldFlat: [Row], kept: [Bool]?, rowsObserved: Bool, isPinned: (Int) -> Bool) {
        guard plan.insertedRows > 0, let kept, !rowsObserved else { return }
        let removed = oldFlat.count - (plan.oldIndexOfNew.count - plan.insertedRows)
        let wanted = Swift.min(plan.insertedRows, removed)
        prefetching = wanted >= RowPrefetch.movedRows
        rows.reserveCapacity(wanted)
        oldIndices.reserveCapacity(wanted)
        oldFlat.withUnsafeBufferPointer { oldFlat in
            kept.withUnsafeBufferPointer { kept in
                for index in oldFlat.indices {
                    if prefetching { RowPrefetch.ahead(of: index, rows: oldFlat, skipping: kept) }
                    guard !kept[index] else { continue }
                    let row = oldFlat[index]
                    guard row.role == .row, row.depth == 0, !row.isBound, !isPinned(index) else { continue }
                    rows.append(row)
                    oldIndices.append(index)
                    if rows.count == wanted { break }
                }
            }
        }
        // Taken from the end: in their old order.
        rows.reverse()
        oldIndices.reverse()
    }

    /// Removed rows left to hand out.
    var count: Int { rows.count }

    /// A removed row for an inserted plain row, with its index in the old rows, or nil when none is left.
    mutating func next() -> (row: Row, oldIndex: Int)? {
        if prefetching { RowPrefetch.ahead(ofTop: rows) }
        guard let row = rows.popLast() else { return nil }
        return (row, oldIndices.removeLast())
    }
}
