// Plans for rows matched by the caller: a caller that knows which old row each new row is (the same
// row objects put in another order, found through their own links) needs no id hashed. The common
// prefix and suffix are the rows matched to their own position, counted from each end; the middle
// is read in runs of rows that keep their neighbours, kept while they stay few, as a bulk match
// records them, so the same rows stay and the same splices come out.

extension IDMatch {
    /// The match `oldIndexOfNew` describes (for each new row its old row, or -1 for a new row; each
    /// old row at most once, every index below `oldCount`).
    @usableFromInline
    init(oldIndexOfNew: [Int], oldCount: Int) {
        self.oldCount = oldCount
        newCount = oldIndexOfNew.count
        self.oldIndexOfNew = oldIndexOfNew
        let shorter = Swift.min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter && oldIndexOfNew[prefix] == prefix { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix
                && oldIndexOfNew[newCount - 1 - suffix] == oldCount - 1 - suffix { suffix += 1 }
        self.prefix = prefix
        self.suffix = suffix
        var matched = 0
        for j in prefix..<(newCount - suffix) where oldIndexOfNew[j] >= 0 { matched += 1 }
        matchedInMiddle = matched
        runs = []
        hasRuns = true
        recordRuns(newMiddle: prefix..<(newCount - suffix),
                   limit: IDMatch.runLimit(rows: Swift.max(oldCount - prefix - suffix, newCount - prefix - suffix)))
    }
}

extension ListDiff {
    /// Throws `DiffError.invalidMatch` for an old index of `oldIndexOfNew` out of range or named twice.
    private static func checkMatch(_ oldIndexOfNew: [Int], oldCount: Int) throws(DiffError) {
        var seen = [Bool](repeating: false, count: oldCount)
        for (newIndex, oldIndex) in oldIndexOfNew.enumerated() where oldIndex >= 0 || oldIndex < -1 {
            guard oldIndex < oldCount, oldIndex >= 0, !seen[oldIndex] else {
                throw .invalidMatch(newIndex: newIndex, oldIndex: oldIndex)
            }
            seen[oldIndex] = true
        }
    }

    /// The plan for rows the caller has matched already: `oldIndexOfNew` gives each new row's old
    /// row (-1: a new row), each old row at most once; old rows no new row names are removed. No id
    /// is read: the caller vouches that matched rows are the same rows. The rows that stay and the
    /// splices are those `plan(old:new:)` chooses for the same match; `updated` is the
    /// plan's `updated` as given. Throws `DiffError.invalidMatch` for an old index out of range or
    /// named twice.
    public static func plan(oldIndexOfNew: [Int], oldCount: Int, updated: [Int] = [],
                            options: SplicePlanOptions = .default) throws(DiffError) -> SplicePlan {
        try checkMatch(oldIndexOfNew, oldCount: oldCount)
        return SplicePlan(matching: IDMatch(oldIndexOfNew: oldIndexOfNew, oldCount: oldCount), updated: updated, options: options)
    }

    /// The minimum number of moves of the match `oldIndexOfNew` gives (as for `plan(oldIndexOfNew:…)`):
    /// matched rows minus those of a longest increasing subsequence. O(n log n). The same checks as
    /// `plan(oldIndexOfNew:…)`: throws `DiffError.invalidMatch` for an old index out of range or named twice.
    public static func minimumMoves(oldIndexOfNew: [Int], oldCount: Int) throws(DiffError) -> Int {
        try checkMatch(oldIndexOfNew, oldCount: oldCount)
        return minimumMoves(of: IDMatch(oldIndexOfNew: oldIndexOfNew, oldCount: oldCount))
    }
}
