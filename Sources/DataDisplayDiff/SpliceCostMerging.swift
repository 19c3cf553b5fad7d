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

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
