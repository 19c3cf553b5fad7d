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
        // Splices weigh `hullSpliceCost` against one splice over the whole plan, unless that splice
        // would take out rows a view realises (`hullExcludedOldRows`): then `spliceCost`, and the
        // changes before, between and after those rows are each weighed against a splice of their own.
        let hullSpliceCost = Swift.max(options.spliceCost, options.hullSpliceCost)
        let excluded = SpliceSpan.ascendingRanges(options.hullExcludedOldRows)
        let wholeHullCost = spans.count > 1 && SpliceSpan.takesOut(excluded, from: spans[0], through: spans[spans.count - 1])
            ? options.spliceCost : hullSpliceCost
        if options.spliceCost > 0 && spans.count > 1 && SpliceSpan.hullIsCheapest(spans, spliceCost: wholeHullCost) {
            // Whatever the moves merge, the plan ends as one splice over the whole middle: skip to it.
            spans = [spans[0].extended(through: spans[spans.count - 1])]
        } else {
            if options.moveMergeSpan > 0 && moveCount > 0 && spans.count > 1 {
                spans = SpliceSpan.mergingMoves(
                    spans, limit: options.moveMergeSpan,
                    oldIndexOfNew: match.oldIndexOfNew, oldMiddle: match.oldMiddle)
            }
            if options.spliceCost > 0 && spans.count > 1 {
                spans = SpliceSpan.mergingForCost(spans, spliceCost: options.spliceCost, hullSpliceCost: wholeHullCost)
            }
            if options.spliceCost > 0, hullSpliceCost > wholeHullCost, spans.count > 1 {
                spans = SpliceSpan.hullsBetween(excluded, spans, hullSpliceCost: hullSpliceCost)
            }
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
