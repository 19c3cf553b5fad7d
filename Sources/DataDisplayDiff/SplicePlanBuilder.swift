// From matched rows to splices: the rows that stay are a longest increasing subsequence; the gaps
// between them become splices, which the options may then merge. Not generic, so it is compiled once
// here while the id-dependent part (IDMatch) is specialised in the caller's module.

extension SplicePlan {
    /// Builds the plan for matched lists; `updated` is already computed (it needs the caller's content comparison).
    @usableFromInline
    internal init(matching match: IDMatch, updated: [Int], options: SplicePlanOptions) {
        if match.oldMiddle.isEmpty && match.newMiddle.isEmpty {  // same ids in the same order
            self.init(splices: [], updated: updated, oldIndexOfNew: match.oldIndexOfNew,
                      removedRows: 0, insertedRows: 0, moveCount: 0)
            return
        }
        if !options.countsMoves, let hull = SpliceSpan.scatteredHull(of: match, options: options) {
            // One splice over the middle whichever rows stay: they are not looked for (`countsMoves`).
            self.init(splices: [hull.splice], updated: updated, oldIndexOfNew: match.oldIndexOfNew,
                      removedRows: match.oldMiddle.count - match.matchedInMiddle,
                      insertedRows: match.newMiddle.count - match.matchedInMiddle, moveCount: -1)
            return
        }
        let moveCount: Int
        var spans: [SpliceSpan]
        if match.hasRuns {  // few runs: choose the staying rows run by run
            let stays = LongestIncreasingRuns.members(of: match.runs)
            moveCount = match.matchedInMiddle - stays.rows
            spans = SpliceSpan.gaps(around: stays.runs, oldMiddle: match.oldMiddle, newMiddle: match.newMiddle)
        } else {
            let stays = LongestIncreasingSubsequence.members(of: match.oldIndexOfNew, in: match.newMiddle)
            moveCount = match.matchedInMiddle - stays.count
            spans = SpliceSpan.gaps(
                around: stays, oldIndexOfNew: match.oldIndexOfNew,
                oldMiddle: match.oldMiddle, newMiddle: match.newMiddle)
        }
        spans = SpliceSpan.weighed(spans, options: options) { spans in
            guard options.moveMergeSpan > 0 && moveCount > 0 && spans.count > 1 else { return spans }
            return SpliceSpan.mergingMoves(spans, limit: options.moveMergeSpan,
                                           oldIndexOfNew: match.oldIndexOfNew, oldMiddle: match.oldMiddle)
        }
        self.init(
            splices: spans.map(\.splice),
            updated: updated,
            oldIndexOfNew: match.oldIndexOfNew,
            removedRows: match.oldMiddle.count - match.matchedInMiddle,
            insertedRows: match.newMiddle.count - match.matchedInMiddle,
            moveCount: moveCount)
    }
}
