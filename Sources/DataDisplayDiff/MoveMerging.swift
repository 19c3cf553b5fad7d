// Keeping moved rows' widgets: GTK keeps a row's widget only when the row object is removed and
// re-added within one splice. A moved row whose source and destination fall in different spans is
// brought into one splice by merging those spans and every span between them (the unchanged rows
// between are removed and re-added as the same objects), as long as the merged splice removes at most
// `moveMergeSpan` rows.

extension SpliceSpan {
    /// Merges the runs of spans joined by moves, each run removing at most `limit` rows.
    /// `newIndexOfOldMiddle[k]` is the new index matched to old index `oldMiddleStart + k`, or -1.
    /// O(rows in spans + spans): a counting sort of the runs by their first span, then one sweep.
    static func mergingMoves(
        _ spans: [SpliceSpan], limit: Int,
        oldIndexOfNew: [Int], newIndexOfOldMiddle: [Int], oldMiddleStart: Int
    ) -> [SpliceSpan] {
        // Inside a span every matched row is a moved row (rows that stay are never inside a span).
        var sourceSpan = [Int](repeating: -1, count: newIndexOfOldMiddle.count)
        for (index, span) in spans.enumerated() {
            for old in span.oldStart..<span.oldEnd where newIndexOfOldMiddle[old - oldMiddleStart] >= 0 {
                sourceSpan[old - oldMiddleStart] = index
            }
        }
        // reach[first] = the farthest span a move starting (in span order) at `first` joins within the limit.
        var reach = [Int](repeating: -1, count: spans.count)
        for (index, span) in spans.enumerated() {
            for new in span.newStart..<span.newEnd {
                let old = oldIndexOfNew[new]
                if old < 0 { continue }
                let source = sourceSpan[old - oldMiddleStart]
                let first = Swift.min(source, index), last = Swift.max(source, index)
                if first != last && last > reach[first] && spans[last].oldEnd - spans[first].oldStart <= limit {
                    reach[first] = last
                }
            }
        }
        // Sweep: open a run at a span some move starts from, extend it by the moves starting inside it
        // while the run stays within the limit; a move that would overflow it stays two splices.
        var merged: [SpliceSpan] = []
        merged.reserveCapacity(spans.count)
        var index = 0
        while index < spans.count {
            var last = reach[index]
            if last < 0 {
                merged.append(spans[index])
                index += 1
                continue
            }
            var inner = index + 1
            while inner <= last {
                let further = reach[inner]
                if further > last && spans[further].oldEnd - spans[index].oldStart <= limit { last = further }
                inner += 1
            }
            merged.append(spans[index].extended(through: spans[last]))
            index = last + 1
        }
        return merged
    }
}
