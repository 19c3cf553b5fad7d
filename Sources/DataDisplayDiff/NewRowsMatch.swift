// Matching a middle that lost most of its rows (a search narrowing a long list, a filter turned on),
// or gained most of them (the search cleared).
//
// The walk of `IDMatch.matchMiddle` stores every row it passes that has not found its partner yet: in a
// middle whose old rows mostly go, that is every old row that goes, each a write into a table that
// grows past the cache, and in one whose rows are mostly new, every new row and the old ones besides,
// between its steps over two lists of which one is nearly all new rows. When the caller knows the old
// ids to be unique, the new rows alone go into a table (a repeat among them is found there), and each
// old row looks itself up in it: nothing stored for the rows that go. Without that promise, a middle
// of mostly new rows stores its old rows, then looks each new row up and stores it when no row has its
// id. Either way every row of the middle is hashed, so these are chosen only where the walk would hash
// nearly as many.

extension IDMatch {
    /// Rows of the middle (old and new together) below which the walk is kept: small middles stay in
    /// the cache either way.
    @inlinable static var newRowsMatchMinimumRows: Int { 4096 }

    /// Whether a middle of `oldRows` and `newRows` rows (old ids unique) is matched by
    /// `matchMiddleByNewRows`: at least three old rows in four go, or three new rows in four are new
    /// and they are few enough for one table (`bulkMinimumRows`: beyond, the walk's bulk matching
    /// keeps its tables in the cache). A first fill or a list emptied stays with the walk.
    @inlinable
    static func matchesByNewRows(oldRows: Int, newRows: Int) -> Bool {
        oldRows > 0 && newRows > 0 && oldRows + newRows >= newRowsMatchMinimumRows
            && (4 * newRows <= oldRows || (4 * oldRows <= newRows && newRows < bulkMinimumRows))
    }

    /// Whether a middle of `oldRows` and `newRows` rows is matched by `matchMiddleByOldRows`: three
    /// new rows in four are new, and all of them few enough for one table.
    @inlinable
    static func matchesByOldRows(oldRows: Int, newRows: Int) -> Bool {
        oldRows > 0 && newRows > 0 && oldRows + newRows >= newRowsMatchMinimumRows
            && 4 * oldRows <= newRows && oldRows + newRows < bulkMinimumRows
    }

    /// Matches the rows between the prefix and the suffix by storing the old rows in a table, then
    /// looking every new row up in it and storing it when no row has its id. A repeat among the old
    /// rows or among the new rows throws, as does a second new row with an old row's id.
    @inlinable
    mutating func matchMiddleByOldRows<ID: Hashable>(old: [ID], new: [ID], oldEnd: Int, newEnd: Int,
                                                     checkingCancellation: Bool) throws(DiffError) {
        let start = prefix
        let oldRows = oldEnd - start, newRows = newEnd - start
        var table = IDTable(indexLimit: Swift.max(oldEnd, newEnd), expected: oldRows, largeCount: oldRows + newRows)
        let seed = IDTable.hashSeed
        var matches = oldIndexOfNew
        oldIndexOfNew = []
        var matchedCount = 0
        // Through the arrays' buffers: an id read from an array is retained and released.
        let outcome: Outcome = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                if let stopped = IDMatch.store(start..<oldEnd, isNew: false, in: &table, old: old, new: new,
                                               checkingCancellation: checkingCancellation) { return stopped }
                var oldMatched = RowBits(count: oldRows)
                for j in start..<newEnd {
                    if checkingCancellation && (j - start) & IDMatch.cancellationMask == 0 && Task.isCancelled { return .cancelled }
                    let hash = IDTable.hash((new.baseAddress! + j).pointee, seed: seed)
                    guard let found = table.findOrInsert(rowAt: j, isNew: true, hash: hash, old: old, new: new) else { continue }
                    guard !found.isNew && !oldMatched.contains(found.index - start) else { return .repeated }
                    oldMatched.insert(found.index - start)
                    matches[j] = found.index
                    matchedCount += 1
                }
                return .matched
            }
        }
        oldIndexOfNew = matches
        try finish(outcome, old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, matched: matchedCount)
    }

    /// Matches the rows between the prefix and the suffix by storing the new rows in a table and
    /// looking every old row up in it. The old ids must be unique (the caller's promise): an old id
    /// repeated among the new rows throws as a repeat; one that no new row has goes unnoticed.
    @inlinable
    mutating func matchMiddleByNewRows<ID: Hashable>(old: [ID], new: [ID], oldEnd: Int, newEnd: Int,
                                                     checkingCancellation: Bool) throws(DiffError) {
        let start = prefix
        let newRows = newEnd - start
        var table = IDTable(indexLimit: Swift.max(oldEnd, newEnd), expected: newRows, largeCount: newRows)
        let seed = IDTable.hashSeed
        var matches = oldIndexOfNew
        oldIndexOfNew = []
        var matchedCount = 0
        let outcome: Outcome = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                if let stopped = IDMatch.store(start..<newEnd, isNew: true, in: &table, old: old, new: new,
                                               checkingCancellation: checkingCancellation) { return stopped }
                for i in start..<oldEnd {
                    if checkingCancellation && (i - start) & IDMatch.cancellationMask == 0 && Task.isCancelled { return .cancelled }
                    let hash = IDTable.hash((old.baseAddress! + i).pointee, seed: seed)
                    guard let found = table.findNewRow(matchingOldRowAt: i, hash: hash, old: old, new: new) else { continue }
                    guard matches[found] < 0 else { return .repeated }
                    matches[found] = i
                    matchedCount += 1
                }
                return .matched
            }
        }
        oldIndexOfNew = matches
        try finish(outcome, old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, matched: matchedCount)
    }

    /// Stores rows `rows` of `old` or `new` (`isNew`) in `table`; `.repeated` when one's id is there
    /// already, `.cancelled` when the task was cancelled, nil when every row went in.
    @inlinable
    static func store<ID: Hashable>(_ rows: Range<Int>, isNew: Bool, in table: inout IDTable,
                                    old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
                                    checkingCancellation: Bool) -> Outcome? {
        let seed = IDTable.hashSeed
        let ids = isNew ? new : old
        for index in rows {
            if checkingCancellation && (index - rows.lowerBound) & IDMatch.cancellationMask == 0 && Task.isCancelled { return .cancelled }
            let hash = IDTable.hash((ids.baseAddress! + index).pointee, seed: seed)
            if table.findOrInsert(rowAt: index, isNew: isNew, hash: hash, old: old, new: new) != nil { return .repeated }
        }
        return nil
    }

    /// How matching from one side's table ended.
    @usableFromInline
    enum Outcome { case matched, repeated, cancelled }

    /// Throws for a repeat or a cancellation; otherwise records the matches (every row of the middle hashed).
    @inlinable
    mutating func finish<ID: Hashable>(_ outcome: Outcome, old: [ID], new: [ID], oldEnd: Int, newEnd: Int,
                                       matched: Int) throws(DiffError) {
        switch outcome {
        case .cancelled: throw .cancelled
        case .repeated: throw IDMatch.firstRepeat(old: old, new: new, oldMiddle: prefix..<oldEnd, newMiddle: prefix..<newEnd)
        case .matched: break
        }
        matchedInMiddle = matched
        hashedWholeMiddle = true
        recordRuns(newMiddle: prefix..<newEnd, limit: IDMatch.runLimit(rows: Swift.max(oldEnd - prefix, newEnd - prefix)))
    }
}
