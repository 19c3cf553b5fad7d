// A plan whose changes are scattered everywhere in its middle (a shuffle, a re-sort, a reversal)
// ends as one splice over the middle whichever rows stay: the rows that stay between two splices
// stand side by side in both lists, so when no stretch of rows standing side by side in both is long
// enough to be worth a splice of its own, every gap is merged. Seen in one pass over the matched rows,
// this skips the longest increasing subsequence (a binary search a row: at a million shuffled rows,
// 30–40 ms) when the caller does not need the moves counted (`SplicePlanOptions.countsMoves`).

extension SpliceSpan {
    /// The span over the whole middle of `match` when the plan `SplicePlan(matching:)` makes is that
    /// span whatever rows stay: every run of new rows whose old rows are consecutive too is at most
    /// half a splice's cost long (`hullIsCheapest` then holds for any choice of staying rows). Nil
    /// otherwise, or when the middle is empty. O(middle), stopping at the first long run.
    static func scatteredHull(of match: IDMatch, options: SplicePlanOptions) -> SpliceSpan? {
        let oldMiddle = match.oldMiddle, newMiddle = match.newMiddle
        guard options.spliceCost > 0, !newMiddle.isEmpty, !oldMiddle.isEmpty else { return nil }
        let hull = SpliceSpan(oldStart: oldMiddle.lowerBound, oldEnd: oldMiddle.upperBound,
                              newStart: newMiddle.lowerBound, newEnd: newMiddle.upperBound)
        // A gap of u staying rows costs 2u when merged: the plan merges it while 2u ≤ the cost of the
        // splice weighed against the hull (as `SplicePlan(matching:)` weighs it).
        let excluded = SpliceSpan.ascendingRanges(options.hullExcludedOldRows)
        let cost = SpliceSpan.takesOut(excluded, from: hull, through: hull)
            ? options.spliceCost : Swift.max(options.spliceCost, options.hullSpliceCost)
        let longestRun = cost / 2
        return match.oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
            var run = 0, previous = -2
            for j in newMiddle {
                let oldIndex = oldIndexOfNew[j]
                run = oldIndex >= 0 && oldIndex == previous &+ 1 ? run + 1 : (oldIndex >= 0 ? 1 : 0)
                if run > longestRun { return nil }
                previous = oldIndex
            }
            return hull
        }
    }
}
