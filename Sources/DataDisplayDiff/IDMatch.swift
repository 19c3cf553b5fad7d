// Matching old and new rows by id. Rows in the common prefix and suffix (same id at the same offset
// from the start / the end) are matched by position without hashing; only the middle goes through a
// dictionary. Duplicate ids are found in that hashed middle, before anything else happens.

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
    /// For each old index in the middle (`prefix + k` at `k`), the matched new index or -1.
    @usableFromInline var newIndexOfOldMiddle: [Int]
    /// Matched rows in the middle (prefix and suffix rows not counted).
    @usableFromInline var matchedInMiddle: Int

    /// Rows hashed between two looks at `Task.isCancelled` (a power of two), minus one.
    @inlinable static var cancellationMask: Int { 4095 }

    /// Marks a dictionary slot that no row has claimed yet.
    @inlinable static var vacant: Int { Int.min }

    /// Matches `old` and `new` by id; throws on the first duplicate id met in the middle of the old list,
    /// then of the new list. Rows of the common prefix and suffix are not checked for duplicates.
    /// With `checkingCancellation`, the hashing loops look at `Task.isCancelled` every
    /// `cancellationStride` rows and throw `.cancelled` (a background diff that lost its reason to
    /// exist stops and frees its table instead of running to the end).
    @inlinable
    init<ID: Hashable>(old: [ID], new: [ID], checkingCancellation: Bool = false) throws(DiffError) {
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

        let oldEnd = oldCount - suffix, newEnd = newCount - suffix
        oldIndexOfNew = [Int](repeating: -1, count: newCount)
        for j in 0..<prefix { oldIndexOfNew[j] = j }
        for j in newEnd..<newCount { oldIndexOfNew[j] = j + oldCount - newCount }
        newIndexOfOldMiddle = [Int](repeating: -1, count: oldEnd - prefix)
        guard prefix < oldEnd || prefix < newEnd else { return }  // unchanged ids: nothing to hash

        // One dictionary for both sides: an old row stores its index (>= 0); a new row whose id the old
        // middle lacks stores ~index (< 0), so duplicates among inserted rows are caught too.
        var slots = [ID: Int](minimumCapacity: Swift.max(oldEnd - prefix, newEnd - prefix))
        for i in prefix..<oldEnd {
            if checkingCancellation && i & IDMatch.cancellationMask == 0 && Task.isCancelled { throw .cancelled }
            let earlier = IDMatch.claim(&slots[old[i], default: IDMatch.vacant], for: i)
            if earlier != IDMatch.vacant {
                throw .duplicateID(side: .old, id: String(describing: old[i]), firstIndex: earlier, secondIndex: i)
            }
        }
        for j in prefix..<newEnd {
            if checkingCancellation && j & IDMatch.cancellationMask == 0 && Task.isCancelled { throw .cancelled }
            let slot = IDMatch.claim(&slots[new[j], default: IDMatch.vacant], for: ~j)
            if slot == IDMatch.vacant { continue }  // a new id, now recorded as ~j
            let earlierNew = slot >= 0 ? newIndexOfOldMiddle[slot - prefix] : ~slot
            if earlierNew >= 0 {
                throw .duplicateID(side: .new, id: String(describing: new[j]), firstIndex: earlierNew, secondIndex: j)
            }
            newIndexOfOldMiddle[slot - prefix] = j
            oldIndexOfNew[j] = slot
            matchedInMiddle += 1
        }
    }

    /// Returns the slot's value and fills it with `index` if it was vacant: one hash lookup per row.
    @inlinable @inline(__always)
    static func claim(_ slot: inout Int, for index: Int) -> Int {
        let earlier = slot
        if earlier == vacant { slot = index }
        return earlier
    }

    /// The new indices hashed (between prefix and suffix).
    @inlinable
    var newMiddle: Range<Int> { prefix..<(newCount - suffix) }

    /// The old indices hashed (between prefix and suffix).
    @inlinable
    var oldMiddle: Range<Int> { prefix..<(oldCount - suffix) }
}
