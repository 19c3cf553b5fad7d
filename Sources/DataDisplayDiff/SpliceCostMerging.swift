// Fewer items-changed emissions: each splice costs about `spliceCost` rows of churn, while widening a
// splice over u unchanged rows costs 2u (removed and re-added). Neighbours are merged when that is
// cheaper, and the whole plan becomes one splice over its hull when that is no dearer.

extension SpliceSpan {
    /// Merges neighbouring spans whose unchanged rows between cost less than one more splice, then
    /// returns the single hull span if it costs no more than the merged plan. `spliceCost` > 0.
    static func mergingForCost(_ spans: [SpliceSpan], spliceCost: Int) -> [SpliceSpan] {
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

        var planCost = saturatingProduct(spliceCost, merged.count)
        for span in merged { planCost = saturatingSum(planCost, span.churn) }
        let hull = merged[0].extended(through: merged[merged.count - 1])
        return planCost >= saturatingSum(hull.churn, spliceCost) ? [hull] : merged
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
