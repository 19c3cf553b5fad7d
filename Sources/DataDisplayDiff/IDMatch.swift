// Matching old and new rows by id, hashing as few rows as the change allows. The common prefix and
// suffix are matched by position. In the middle, two cursors walk the old and the new rows together:
// rows equal at both cursors are matched by position; otherwise each cursor's row is looked up in one
// table holding the rows passed so far of both lists, and either finds its partner there or is stored.
// Every match is extended forward by position for as long as the ids agree (a tight loop comparing ids,
// then one write per row into `oldIndexOfNew` and a few word writes into bit sets of the matched rows),
// and the cursors skip matched rows a word of bits at a time. Each extension is recorded as a run while
// the runs stay few, so that the rows that stay can be chosen among runs rather than rows. A block
// moved, a row rotated to the other end or two rows swapped costs a few lookups per changed row (moved
// blocks: twice the shorter of the block and the distance), not one per row; a full shuffle costs one
// lookup per row, like building a dictionary of the old ids and looking up the new ones. A middle
// turned round (a sort order reversed: its first old row is its last new one, and the next inward too)
// is matched from both ends by position before the walk, so a reversal hashes nothing either. A large
// middle in which the walk keeps taking single rows (a shuffle, a re-sort by another key) is matched
// again in bulk instead, every row hashed in groups whose tables stay in the cache (BulkMatch.swift).

/// The rows of an old and a new list matched by id.
@usableFromInline
internal struct IDMatch {
    /// Rows in the old list.
    @usableFromInline var oldCount: Int
    /// Rows in the new list.
    @usableFromInline var newCount: Int
    /// Length of the common prefix (matched by position).
    @usableFromInline var prefix: Int
    /// Length of the common suffix (matched by position), not overlapping the prefix.
    @usableFromInline var suffix: Int
    /// For each new index, the matched old index or -1.
    @usableFromInline var oldIndexOfNew: [Int]
    /// The runs matched in the middle, in the order they were found, while `hasRuns`; empty otherwise.
    @usableFromInline var runs: [MatchedRun]
    /// Whether `runs` holds every match of the middle: false once they outnumber `runLimit` (the rows
    /// that stay are then chosen row by row).
    @usableFromInline var hasRuns: Bool
    /// Matched rows in the middle (prefix and suffix rows not counted).
    @usableFromInline var matchedInMiddle: Int
    /// Whether the middle was matched in bulk (`matchMiddleInBulk`: every row of it hashed).
    @usableFromInline var matchedInBulk = false
    /// Whether every row of the middle was hashed (in bulk, or from one side's table), so that any
    /// repeat among them, or between a new row of the middle and an old one, was reported.
    @usableFromInline var hashedWholeMiddle = false

    /// Rows visited between two looks at `Task.isCancelled` (a power of two), minus one.
    @inlinable static var cancellationMask: Int { 4095 }

    /// Most runs kept for a middle of `rows` rows: beyond that, choosing among runs saves too little.
    @inlinable static func runLimit(rows: Int) -> Int { 16 + rows / 16 }

    /// Matches `old` and `new` by id. Rows matched by position (the common prefix and suffix, and runs
    /// extending a match) are not hashed; if two hashed rows of one list share an id, throws the first
    /// repeat met scanning the old rows and then the new rows between the common prefix and suffix.
    /// With `checkingCancellation`, looks at `Task.isCancelled` every `cancellationMask + 1` rows and
    /// throws `.cancelled` (a background diff that lost its reason to exist stops and frees its table).
    @inlinable
    ///
    /// `oldIDsAreUnique`: the caller knows that no id repeats among the old rows (a list that was
    /// diffed before), so a middle that lost most of its rows can be matched from its new rows alone
    /// (`matchMiddleByNewRows`).
    init<ID: Hashable>(old: [ID], new: [ID], checkingCancellation: Bool = false, oldIDsAreUnique: Bool = false) throws(DiffError) {
        oldCount = old.count
        newCount = new.count
        let shorter = Swift.min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[oldCount - 1 - suffix] == new[newCount - 1 - suffix] { suffix += 1 }
        self.prefix = prefix
        self.suffix = suffix
        matchedInMiddle = 0
        runs = []
        hasRuns = true

        let oldEnd = oldCount - suffix, newEnd = newCount - suffix
        oldIndexOfNew = [Int](repeating: -1, count: newCount)
        for j in 0..<prefix { oldIndexOfNew[j] = j }
        for j in newEnd..<newCount { oldIndexOfNew[j] = j + oldCount - newCount }
        guard prefix < oldEnd || prefix < newEnd else { return }  // unchanged ids: nothing to match
        if oldIDsAreUnique && IDMatch.matchesByNewRows(oldRows: oldEnd - prefix, newRows: newEnd - prefix) {
            try matchMiddleByNewRows(old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, checkingCancellation: checkingCancellation)
            return
        }
        if IDMatch.matchesByOldRows(oldRows: oldEnd - prefix, newRows: newEnd - prefix) {
            try matchMiddleByOldRows(old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, checkingCancellation: checkingCancellation)
            return
        }
        try matchMiddle(old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, checkingCancellation: checkingCancellation)
    }

    /// Matches the rows between the prefix and the suffix (see the top of the file).
    @inlinable
    mutating func matchMiddle<ID: Hashable>(old: [ID], new: [ID], oldEnd: Int, newEnd: Int,
                                            checkingCancellation: Bool) throws(DiffError) {
        let start = prefix
        let oldRows = oldEnd - start, newRows = newEnd - start
        var table = IDTable(indexLimit: Swift.max(oldEnd, newEnd), expected: 64,
                            largeCount: Swift.max(oldRows, newRows))
        var matched = MatchedRows(old: RowBits(count: oldRows), new: RowBits(count: newRows),
                                  runLimit: IDMatch.runLimit(rows: Swift.max(oldRows, newRows)))
        // A middle turned round (a sort order reversed): its rows keep their neighbours the other way
        // round, which the walk below would only find by hashing every row. Matched from both ends
        // inward by position instead; rows past the reversed part go through the walk.
        if oldRows >= 2 && newRows >= 2 && old[start] == new[newEnd - 1] && old[start + 1] == new[newEnd - 2] {
            linkReversed(old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, matched: &matched)
        }
        let seed = IDTable.hashSeed
        var i = start, j = start
        var visited = 0
        while true {
            if i < oldEnd && matched.old.contains(i - start) {
                i = start + matched.old.firstClear(from: i - start, below: oldRows)
            }
            if j < newEnd && matched.new.contains(j - start) {
                j = start + matched.new.firstClear(from: j - start, below: newRows)
            }
            let oldLeft = i < oldEnd, newLeft = j < newEnd
            if !oldLeft && !newLeft { break }
            visited += 1
            if visited & IDMatch.cancellationMask == 0 {
                if checkingCancellation && Task.isCancelled { throw .cancelled }
                if IDMatch.turnsToBulk(steps: visited, taken: i + j - 2 * start, rows: oldRows + newRows,
                                       indexLimit: Swift.max(oldEnd, newEnd)) {
                    try matchMiddleInBulk(old: old, new: new, oldEnd: oldEnd, newEnd: newEnd,
                                          checkingCancellation: checkingCancellation)
                    return
                }
            }
            if oldLeft && newLeft && old[i] == new[j] {
                link(i, j, old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, matched: &matched)
                continue
            }
            if oldLeft {
                let id = old[i]
                if let found = table.findOrInsert(id, hash: IDTable.hash(id, seed: seed), index: i, isNew: false, old: old, new: new) {
                    guard found.isNew && oldIndexOfNew[found.index] < 0 else {
                        throw IDMatch.firstRepeat(old: old, new: new, oldMiddle: start..<oldEnd, newMiddle: start..<newEnd)
                    }
                    link(i, found.index, old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, matched: &matched)
                }
                i += 1
            }
            if newLeft && oldIndexOfNew[j] < 0 {
                let id = new[j]
                if let found = table.findOrInsert(id, hash: IDTable.hash(id, seed: seed), index: j, isNew: true, old: old, new: new) {
                    guard !found.isNew && !matched.old.contains(found.index - start) else {
                        throw IDMatch.firstRepeat(old: old, new: new, oldMiddle: start..<oldEnd, newMiddle: start..<newEnd)
                    }
                    link(found.index, j, old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, matched: &matched)
                }
                j += 1
            }
        }
        runs = matched.runs
        hasRuns = matched.hasRuns
    }

    /// Matches old row `i` with new row `j` (equal ids, both unmatched), then the rows after them
    /// pairwise for as long as both are unmatched and their ids are equal.
    @inlinable @inline(__always)
    mutating func link<ID: Hashable>(_ i: Int, _ j: Int, old: [ID], new: [ID], oldEnd: Int, newEnd: Int,
                                     matched: inout MatchedRows) {
        if i + 1 < oldEnd && j + 1 < newEnd && old[i + 1] == new[j + 1] {
            linkRun(i, j, old: old, new: new, oldEnd: oldEnd, newEnd: newEnd, matched: &matched)
            return
        }
        // A single row (every row of a shuffle): kept inline and short.
        oldIndexOfNew[j] = i
        matched.old.insert(i - prefix)
        matched.new.insert(j - prefix)
        matched.record(MatchedRun(oldStart: i, newStart: j, count: 1))
        matchedInMiddle += 1
    }

    /// `link` for at least two rows with equal ids: compares ids first (a tight loop, which also bounds
    /// the bit scans to the rows it compared), then stops at the first row already matched on either side.
    @inlinable
    mutating func linkRun<ID: Hashable>(_ i: Int, _ j: Int, old: [ID], new: [ID], oldEnd: Int, newEnd: Int,
                                        matched: inout MatchedRows) {
        let start = prefix
        let room = Swift.min(oldEnd - i, newEnd - j)
        var count = 2
        for (oldID, newID) in zip(old[(i + 2)..<(i + room)], new[(j + 2)..<(j + room)]) {
            if oldID != newID { break }
            count += 1
        }
        count = Swift.min(matched.old.firstSet(from: i + 1 - start, below: i + count - start) - (i - start),
                          matched.new.firstSet(from: j + 1 - start, below: j + count - start) - (j - start))
        for k in 0..<count { oldIndexOfNew[j &+ k] = i &+ k }
        matched.old.insert((i - start)..<(i - start + count))
        matched.new.insert((j - start)..<(j - start + count))
        matched.record(MatchedRun(oldStart: i, newStart: j, count: count))
        matchedInMiddle += count
    }

    /// Matches the first old rows of the middle with the last new rows of the middle, the first old
    /// row with the last new one and inward, for as long as their ids are equal (at least two: the
    /// caller has compared those). Each pair is a run of its own (old rows ascend where new rows
    /// descend), so a long reversal leaves the runs to the row-by-row choice of the rows that stay.
    @inlinable
    mutating func linkReversed<ID: Hashable>(old: [ID], new: [ID], oldEnd: Int, newEnd: Int, matched: inout MatchedRows) {
        let start = prefix
        let room = Swift.min(oldEnd - start, newEnd - start)
        var count = 2
        while count < room && old[start &+ count] == new[newEnd &- 1 &- count] { count += 1 }
        for k in 0..<count { oldIndexOfNew[newEnd &- 1 &- k] = start &+ k }
        matched.old.insert(0..<count)
        matched.new.insert((newEnd - start - count)..<(newEnd - start))
        for k in 0..<count {
            guard matched.hasRuns else { break }  // too many runs: none are kept
            matched.record(MatchedRun(oldStart: start + k, newStart: newEnd - 1 - k, count: 1))
        }
        matchedInMiddle += count
    }

    /// The new indices hashed (between prefix and suffix).
    @inlinable
    var newMiddle: Range<Int> { prefix..<(newCount - suffix) }

    /// The old indices hashed (between prefix and suffix).
    @inlinable
    var oldMiddle: Range<Int> { prefix..<(oldCount - suffix) }
}
