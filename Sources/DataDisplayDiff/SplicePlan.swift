// The result of a diff: the splices to emit, in order, and what the caller needs to reuse and
// rebind row objects.

/// The result: the ordered splices that turn the old list into the new one, plus in-place updates.
public struct SplicePlan: Sendable, Equatable {
    /// The splices, ascending positions; apply them in order.
    public var splices: [Splice]
    /// New-list indices of matched rows whose content changed (rebind in place, never remove + insert), ascending.
    public var updated: [Int]
    /// For each new index: the matched old index, or -1 if the row is new (callers reuse row objects with it).
    public var oldIndexOfNew: [Int]
    /// Old rows with no match in the new list.
    public var removedRows: Int
    /// New rows with no match in the old list.
    public var insertedRows: Int
    /// Matched rows not in the longest increasing subsequence: the minimum number of moves. -1 when
    /// not counted: a plan made with `SplicePlanOptions.countsMoves` false that is one splice over its
    /// middle whichever rows stay (`ListDiff.minimumMoves(oldIndexOfNew:oldCount:)` counts them).
    public var moveCount: Int
    /// New indices whose rows were all hashed, when the matching hashed a whole stretch (a middle
    /// that changed nearly everywhere, or lost or gained most of its rows): a repeated id among them,
    /// or between one of them and an old row they were matched against, has been reported, so a
    /// caller checking for repeats needs to look only at the rows outside. Nil otherwise.
    public var hashedNewRows: Range<Int>? = nil

    @usableFromInline
    internal init(
        splices: [Splice], updated: [Int], oldIndexOfNew: [Int],
        removedRows: Int, insertedRows: Int, moveCount: Int
    ) {
        self.splices = splices
        self.updated = updated
        self.oldIndexOfNew = oldIndexOfNew
        self.removedRows = removedRows
        self.insertedRows = insertedRows
        self.moveCount = moveCount
    }

    /// The plan from an empty list to `count` new rows: one splice inserting them all. For a caller
    /// that knows the new ids are unique (`plan(old:new:)` with an empty old list hashes every id
    /// to find a repeat).
    public static func inserting(_ count: Int) -> SplicePlan {
        precondition(count >= 0, "SplicePlan.inserting: \(count) rows is negative")
        return SplicePlan(splices: count == 0 ? [] : [Splice(position: 0, removedCount: 0, inserted: 0..<count)],
                          updated: [], oldIndexOfNew: [Int](repeating: -1, count: count),
                          removedRows: 0, insertedRows: count, moveCount: 0)
    }

    /// Sum over splices of `removedCount + inserted.count`.
    public var churn: Int {
        var total = 0
        for splice in splices { total += splice.churn }
        return total
    }

    /// True when there are no splices and no updates: the lists are the same.
    public var isEmpty: Bool { splices.isEmpty && updated.isEmpty }

    /// Applies the plan to an array (for tests/reference): returns `old` transformed by the splices,
    /// taking inserted rows from `new`, with the `updated` rows then replaced by their `new` versions (the
    /// in-place rebind), so that a plan from `old` to `new` gives `new`. Runs in O(old + new); traps if a
    /// splice starts before the end of the previous splice's insertion or reaches past the list (plans
    /// made by `ListDiff` never do).
    public func applied<T>(to old: [T], new: [T]) -> [T] {
        // Before each splice the list is `result` followed by `old[oldCursor...]`.
        var result: [T] = []
        result.reserveCapacity(Swift.max(old.count, new.count))
        var oldCursor = 0
        for splice in splices {
            let kept = splice.position - result.count
            precondition(kept >= 0, "\(splice) starts inside rows an earlier splice already wrote")
            precondition(splice.removedCount >= 0 && oldCursor + kept + splice.removedCount <= old.count,
                         "\(splice) reaches past the end of the list")
            result.append(contentsOf: old[oldCursor..<(oldCursor + kept)])
            oldCursor += kept + splice.removedCount
            result.append(contentsOf: new[splice.inserted])
        }
        result.append(contentsOf: old[oldCursor...])
        for index in updated { result[index] = new[index] }
        return result
    }
}
