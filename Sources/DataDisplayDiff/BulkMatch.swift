// Matching a middle that changed nearly everywhere (a shuffle, a re-sort by another key) in bulk.
//
// The walk of `IDMatch.matchMiddle` pays off when rows keep their neighbours: one lookup extends into a
// run matched by position. When almost no row does, every step of the walk costs two lookups into one
// table holding rows of both lists, plus the checks that keep its cursors apart (is this row matched
// yet, which list did the entry come from): at a million rows each a miss in a table larger than the
// cache. Here both lists' rows are grouped by hash (`IDPartitions`), then group by group the old rows go
// into a table of a few thousand slots and the new rows look themselves up in it, and a last pass in
// new order finds the runs. ListDiff.plan of a million shuffled rows: 280-300 ms with the walk, 115
// with this (`gtk-data-display-bench --engine-only --sizes 1M --mixes shuffle`).

extension IDMatch {
    /// Rows of the middle (old and new together) below which the walk never turns to `matchMiddleInBulk`:
    /// small middles stay in the cache either way.
    @inlinable static var bulkMinimumRows: Int { 1 << 17 }

    /// The walk turns to `matchMiddleInBulk` when, at one of its looks at cancellation, it has taken
    /// fewer than this many rows a step on average (a step that extends into a run takes many; a step
    /// of a shuffle takes one old and one new row) and has more than half the middle still to go.
    @inlinable static var bulkRowsPerStep: Int { 3 }

    /// Whether the walk, after `steps` steps that took `taken` of the middle's `rows` rows, should
    /// start again in bulk (lists whose indices reach `indexLimit`).
    @inlinable @inline(__always)
    static func turnsToBulk(steps: Int, taken: Int, rows: Int, indexLimit: Int) -> Bool {
        rows >= bulkMinimumRows && taken < bulkRowsPerStep * steps && 2 * taken < rows
            && indexLimit < IDPartitions.indexLimit
    }

    /// Matches the rows between the prefix and the suffix, every one by its id's hash (whatever the walk
    /// had matched is dropped first): both lists' rows grouped by hash (`IDPartitions`), then group by
    /// group the old rows stored in a small table and each new row looked up in it, then the matches
    /// read in new order for their runs. A repeated id among the middle's rows of either list throws
    /// (`firstRepeat`, as the walk does for the rows it hashes; here every row is hashed).
    @inlinable
    mutating func matchMiddleInBulk<ID: Hashable>(old: [ID], new: [ID], oldEnd: Int, newEnd: Int,
                                                  checkingCancellation: Bool) throws(DiffError) {
        let start = prefix
        let oldRows = oldEnd - start, newRows = newEnd - start
        let groupBits = IDPartitions.groupBits(rows: oldRows + newRows)
        let oldGroups = IDPartitions(old, start..<oldEnd, groupBits: groupBits, seed: IDTable.hashSeed)
        if checkingCancellation && Task.isCancelled { throw .cancelled }
        let newGroups = IDPartitions(new, start..<newEnd, groupBits: groupBits, seed: IDTable.hashSeed)
        if checkingCancellation && Task.isCancelled { throw .cancelled }
        var largest = 0
        for g in 0..<(1 << groupBits) {
            largest = Swift.max(largest, oldGroups.starts[g + 1] - oldGroups.starts[g] + newGroups.starts[g + 1] - newGroups.starts[g])
        }
        var tableBits = 4
        while 1 << tableBits < 2 * largest { tableBits += 1 }
        var table = [UInt64](repeating: IDMatch.emptySlot, count: 1 << tableBits)
        var oldMatched = RowBits(count: oldRows)
        var matches = oldIndexOfNew
        oldIndexOfNew = []
        for j in start..<newEnd { matches[j] = -1 }
        var matchedCount = 0
        // Why the groups' pass stopped early, if it did (thrown below, outside the borrowed buffers).
        var cancelled = false, repeated = false
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                table.withUnsafeMutableBufferPointer { table in
                    matches.withUnsafeMutableBufferPointer { matches in
                        let mask = table.count - 1
                        let shift = UInt64(64 - tableBits)
                        for g in 0..<(1 << groupBits) {
                            if checkingCancellation && g & 15 == 15 && Task.isCancelled {
                                cancelled = true
                                return
                            }
                            for s in 0..<table.count { table[s] = IDMatch.emptySlot }
                            for k in oldGroups.starts[g]..<oldGroups.starts[g + 1] {
                                let entry = oldGroups.entries[k]
                                let id = old[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)]
                                var s = Int(truncatingIfNeeded: entry >> shift)
                                while table[s] != IDMatch.emptySlot {
                                    let other = table[s]
                                    if other >> 32 == entry >> 32 && old[Int(truncatingIfNeeded: other & 0x7FFF_FFFF)] == id {
                                        repeated = true  // among the old rows
                                        return
                                    }
                                    s = (s &+ 1) & mask
                                }
                                table[s] = entry
                            }
                            for k in newGroups.starts[g]..<newGroups.starts[g + 1] {
                                let entry = newGroups.entries[k]
                                let j = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)
                                let id = new[j]
                                var s = Int(truncatingIfNeeded: entry >> shift)
                                var found = -1
                                while table[s] != IDMatch.emptySlot {
                                    let other = table[s]
                                    if other >> 32 == entry >> 32 {
                                        let index = Int(truncatingIfNeeded: other & 0x7FFF_FFFF)
                                        if other & IDPartitions.newRow != 0 {
                                            if new[index] == id {
                                                repeated = true  // among the new rows
                                                return
                                            }
                                        } else if old[index] == id {
                                            found = index
                                            break
                                        }
                                    }
                                    s = (s &+ 1) & mask
                                }
                                if found < 0 {
                                    table[s] = entry | IDPartitions.newRow
                                } else if oldMatched.contains(found - start) {
                                    repeated = true  // a second new row with an old row's id
                                    return
                                } else {
                                    oldMatched.insert(found - start)
                                    matches[j] = found
                                    matchedCount += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        oldIndexOfNew = matches
        if cancelled { throw .cancelled }
        if repeated { throw IDMatch.firstRepeat(old: old, new: new, oldMiddle: start..<oldEnd, newMiddle: start..<newEnd) }
        matchedInMiddle = matchedCount
        matchedInBulk = true
        hashedWholeMiddle = true
        recordRuns(newMiddle: start..<newEnd, limit: IDMatch.runLimit(rows: Swift.max(oldRows, newRows)))
    }

    /// A table slot that holds no row (no row's entry: indices stay below `IDPartitions.indexLimit`).
    @inlinable static var emptySlot: UInt64 { .max }

    /// Sets `runs` to the longest runs of matched rows in `newMiddle` (consecutive new rows matched to
    /// consecutive old rows), in new order, while there are at most `limit`; else none, and `hasRuns` false.
    @inlinable
    mutating func recordRuns(newMiddle: Range<Int>, limit: Int) {
        var recorded = MatchedRows(old: RowBits(count: 0), new: RowBits(count: 0), runLimit: limit)
        var j = newMiddle.lowerBound
        while j < newMiddle.upperBound && recorded.hasRuns {
            let i = oldIndexOfNew[j]
            guard i >= 0 else {
                j += 1
                continue
            }
            var count = 1
            while j + count < newMiddle.upperBound && oldIndexOfNew[j + count] == i + count { count += 1 }
            recorded.record(MatchedRun(oldStart: i, newStart: j, count: count))
            j += count
        }
        runs = recorded.runs
        hasRuns = recorded.hasRuns
    }
}
