// New rows inserted in runs, nothing removed or moved: the splices, merged for fewer emissions as a
// diff's are, made from the runs alone (no list is diffed: the cost follows the runs, not the rows).

extension ListDiff {
    /// The splices that insert runs of new rows into a list of `oldCount` rows, nothing else changed.
    ///
    /// Each run inserts `count` rows before old row `before` (`oldCount`: at the end); the runs go in
    /// the order of their places (`before` never decreases; runs at one place follow each other).
    /// As in a diff's plan (`plan(old:new:options:)`), `options` weigh the splices: neighbours with
    /// few rows between them become one splice that takes those rows out and puts them back, and the
    /// whole change becomes one splice when that is no dearer. Unlike a diff's plan, no splice takes
    /// out a row of `hullExcludedOldRows` (the rows a view realises: GTK 4.8 keeps its realised
    /// window where it was only while its anchor row is not taken out), so the runs between two
    /// such rows are weighed on their own. The splices ascend, each positioned in the list as the earlier ones left
    /// it (apply them in order), and `inserted` indexes the new list: the old rows with the runs in
    /// their places. Throws `DiffError.invalidInsertion` for a run out of range, out of order or of a
    /// negative count, before anything is made. O(runs + excluded ranges).
    public static func insertionSplices(_ runs: [(before: Int, count: Int)], oldCount: Int,
                                        options: SplicePlanOptions = .default) throws(DiffError) -> [Splice] {
        var spans: [SpliceSpan] = []
        spans.reserveCapacity(runs.count)
        var inserted = 0, lastPlace = 0
        for (index, run) in runs.enumerated() {
            guard run.count >= 0, run.before >= lastPlace, run.before <= oldCount else {
                throw .invalidInsertion(runIndex: index, before: run.before, count: run.count)
            }
            lastPlace = run.before
            guard run.count > 0 else { continue }
            let newStart = run.before + inserted
            inserted += run.count
            let span = SpliceSpan(oldStart: run.before, oldEnd: run.before, newStart: newStart, newEnd: newStart + run.count)
            if let last = spans.last, last.oldEnd == run.before {
                spans[spans.count - 1] = last.extended(through: span)
            } else {
                spans.append(span)
            }
        }
        // Weighed in groups that no excluded row parts: a splice never takes one out.
        let excluded = SpliceSpan.ascendingRanges(options.hullExcludedOldRows)
        var splices: [Splice] = []
        var group: [SpliceSpan] = []
        var nextExcluded = 0   // the first excluded range that ends after the group's last span
        for span in spans {
            if let last = group.last {
                while nextExcluded < excluded.count, excluded[nextExcluded].upperBound <= last.oldEnd { nextExcluded += 1 }
                if nextExcluded < excluded.count, excluded[nextExcluded].lowerBound < span.oldStart {
                    splices += SpliceSpan.weighed(group, options: options).map(\.splice)
                    group = []
                }
            }
            group.append(span)
        }
        splices += SpliceSpan.weighed(group, options: options).map(\.splice)
        return splices
    }
}
