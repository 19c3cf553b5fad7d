// Fewer items-changed emissions: each splice costs about `spliceCost` rows of churn, while widening a
// splice over u unchanged rows costs 2u (removed and re-added). Neighbours are merged when that is
// cheaper, and the whole plan becomes one splice over its hull when that is no dearer, its splices
// weighed at `hullSpliceCost` (a hull's rows are one contiguous range, cheaper a row than the scattered
// stretches a neighbour merge adds: see `SplicePlanOptions.hullSpliceCost`).

extension SpliceSpan {
    /// Merges neighbouring spans whose unchanged rows between cost less than one more splice, then
    /// returns the single hull span if it costs no more than the merged plan, each of whose splices
    /// then counts `hullSpliceCost`. `spliceCost` > 0, `hullSpliceCost` ≥ `spliceCost`.
    static func mergingForCost(_ spans: [SpliceSpan], spliceCost: Int, hullSpliceCost: Int) -> [SpliceSpan] {
        guard var current = spans.first else { return spans }
        var merged: [SpliceSpan] = []
        merged.reserveCapacity(spans.count)
        for next in spans.dropFirst() {
            let unchangedBetween = next.oldStart - current.oldEnd
            if 2 * unchangedBetween < spliceCost {
                current = current.extended(through: next)
            } else {
                merged.append(current)
                current = next
            }
        }
        merged.append(current)
        guard merged.count > 1 else { return merged }

        var planCost = saturatingProduct(hullSpliceCost, merged.count)
        for span in merged { planCost = saturatingSum(planCost, span.churn) }
        let hull = merged[0].extended(through: merged[merged.count - 1])
        return planCost >= saturatingSum(hull.churn, hullSpliceCost) ? [hull] : merged
    }

    /// Whether `mergingForCost` turns these spans, or any merge of neighbouring runs of them (such as
    /// `mergingMoves` makes), into the single hull span, given its `hullSpliceCost` as `spliceCost`. A
    /// plan's cost is `spliceCost` per splice plus its churn, i.e. one `spliceCost`, the exact churn, and
    /// per boundary between neighbouring spans either `spliceCost` (kept apart) or twice the unchanged
    /// rows between (merged). Choosing the cheaper at every boundary gives the least cost of any merge;
    /// when even that is no cheaper than the hull, every merge ends as the hull. O(spans). `spliceCost` > 0.
    static func hullIsCheapest(_ spans: [SpliceSpan], spliceCost: Int) -> Bool {
        guard let first = spans.first, let last = spans.last else { return false }
        let hullCost = saturatingSum(first.extended(through: last).churn, spliceCost)
        var leastCost = saturatingSum(spliceCost, first.churn)
        for index in spans.indices.dropFirst() {
            let unchangedBetween = spans[index].oldStart - spans[index - 1].oldEnd
            let boundary = Swift.min(spliceCost, saturatingProduct(2, unchangedBetween))
            leastCost = saturatingSum(leastCost, saturatingSum(boundary, spans[index].churn))
            if leastCost >= hullCost { return true }
        }
        return leastCost >= hullCost
    }

    /// `ranges` without empty ones, sorted, overlapping or touching ones joined. O(r log r).
    static func ascendingRanges(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined
    }

    /// Whether one splice over `first` through `last` takes out any old row of `excluded` (ascending,
    /// apart: `ascendingRanges`). O(log r).
    static func takesOut(_ excluded: [Range<Int>], from first: SpliceSpan, through last: SpliceSpan) -> Bool {
        // The first range that ends after the splice's start is the only one that can begin before its end.
        var low = 0, high = excluded.count
        while low < high {
            let middle = (low + high) >> 1
            if excluded[middle].upperBound <= first.oldStart { low = middle + 1 } else { high = middle }
        }
        return low < excluded.count && excluded[low].lowerBound < last.oldEnd
    }

    /// The runs of neighbouring spans that take out no old row of `excluded` (ascending, apart:
    /// `ascendingRanges`) and have none between them each become one splice over their hull when that
    /// costs no more than they do, each splice counted at `hullSpliceCost`; spans that take out such
    /// rows stay as they are. O(spans + ranges).
    static func hullsBetween(_ excluded: [Range<Int>], _ spans: [SpliceSpan], hullSpliceCost: Int) -> [SpliceSpan] {
        var result: [SpliceSpan] = []
        result.reserveCapacity(spans.count)
        var run: [SpliceSpan] = []
        func closeRun() {
            defer { run.removeAll(keepingCapacity: true) }
            guard let first = run.first, let last = run.last, run.count > 1 else { result += run; return }
            var cost = saturatingProduct(hullSpliceCost, run.count)
            for span in run { cost = saturatingSum(cost, span.churn) }
            let hull = first.extended(through: last)
            if cost >= saturatingSum(hull.churn, hullSpliceCost) { result.append(hull) } else { result += run }
        }
        var next = 0  // the first excluded range that ends after the spans seen so far
        for span in spans {
            // Ranges wholly before this span: one lying after the run's last span splits the run.
            while next < excluded.count, excluded[next].upperBound <= span.oldStart {
                if let last = run.last, excluded[next].lowerBound >= last.oldEnd { closeRun() }
                next += 1
            }
            if next < excluded.count, excluded[next].lowerBound < span.oldEnd {
                // The span takes out excluded rows: it stays as it is, and ends the run before it.
                closeRun()
                result.append(span)
            } else {
                run.append(span)
            }
        }
        closeRun()
        return result
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
