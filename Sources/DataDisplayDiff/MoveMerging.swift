// Keeping moved rows' widgets: GTK keeps a row's widget only when the row object is removed and
// re-added within one splice. A moved row whose source and destination fall in different spans is
// brought into one splice by merging those spans and every span between them (the unchanged rows
// between are removed and re-added as the same objects), as long as the merged splice removes at most
// `moveMergeSpan` rows.

extension SpliceSpan {
    /// Merges the runs of spans joined by moves, each run removing at most `limit` rows.
    /// `oldMiddle` holds every span's old rows. O(rows in spans + spans): a counting sort of the runs by
    /// their first span, then one sweep; when the spans hold few rows of a long middle, the span a moved
    /// row comes from is found by bisecting the spans instead of filling a table over the middle.
    static func mergingMoves(
        _ spans: [SpliceSpan], limit: Int, oldIndexOfNew: [Int], oldMiddle: Range<Int>
    ) -> [SpliceSpan] {
        // Inside a span every matched row is a moved row (rows that stay are never inside a span), so a
        // matched new row of a span came from an old row inside some span: its source span.
        var rowsInSpans = 0
        for span in spans { rowsInSpans += span.newEnd - span.newStart }
        let bisects = rowsInSpans * (Int.bitWidth - spans.count.leadingZeroBitCount) < oldMiddle.count
        var sourceSpan: [Int] = []
        if !bisects {
            sourceSpan = [Int](repeating: -1, count: oldMiddle.count)
            for (index, span) in spans.enumerated() {
                for old in span.oldStart..<span.oldEnd { sourceSpan[old - oldMiddle.lowerBound] = index }
            }
        }
        func spanOf(old: Int) -> Int {
            if !bisects { return sourceSpan[old - oldMiddle.lowerBound] }
            // The last span starting at or before `old` (spans ascend in old indices and hold `old`).
            var low = 0, high = spans.count
            while high - low > 1 {
                let middle = (low + high) >> 1
                if spans[middle].oldStart <= old { low = middle } else { high = middle }
            }
            return low
        }
        // reach[first] = the farthest span a move starting (in span order) at `first` joins within the limit.
        var reach = [Int](repeating: -1, count: spans.count)
        for (index, span) in spans.enumerated() {
            for new in span.newStart..<span.newEnd {
                let old = oldIndexOfNew[new]
                if old < 0 { continue }
                let source = spanOf(old: old)
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
