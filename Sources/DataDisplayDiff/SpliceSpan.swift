// A splice while the plan is being built: the old range it removes and the new range it inserts.
// The first spans are the gaps between rows that stay; merging widens them over unchanged rows.

/// A splice under construction: it replaces `old[oldStart..<oldEnd]` with `new[newStart..<newEnd]`.
internal struct SpliceSpan: Equatable {
    var oldStart: Int
    var oldEnd: Int
    var newStart: Int
    var newEnd: Int

    /// Rows removed plus rows inserted.
    var churn: Int { (oldEnd - oldStart) + (newEnd - newStart) }

    /// The splice in "current" coordinates: every earlier splice has already turned the list before this
    /// span into `new[0..<newStart]`, so the splice starts at `newStart`.
    var splice: Splice {
        Splice(position: newStart, removedCount: oldEnd - oldStart, inserted: newStart..<newEnd)
    }

    /// One span from the start of `self` to the end of `later`, the rows between included on both sides.
    func extended(through later: SpliceSpan) -> SpliceSpan {
        SpliceSpan(oldStart: oldStart, oldEnd: later.oldEnd, newStart: newStart, newEnd: later.newEnd)
    }

    /// The non-empty gaps between consecutive staying rows (and the ends of the middle): each gap's old
    /// rows are removed and its new rows inserted. `stays` are new indices, ascending, whose old indices
    /// `oldIndexOfNew[stay]` ascend too.
    static func gaps(around stays: [Int], oldIndexOfNew: [Int], oldMiddle: Range<Int>, newMiddle: Range<Int>) -> [SpliceSpan] {
        gaps(around: stays.lazy.map { MatchedRun(oldStart: oldIndexOfNew[$0], newStart: $0, count: 1) },
             oldMiddle: oldMiddle, newMiddle: newMiddle)
    }

    /// `gaps(around:…)` for staying runs, sorted by new start (their old starts ascend too): O(runs).
    static func gaps<Stays: Sequence<MatchedRun>>(around stays: Stays, oldMiddle: Range<Int>, newMiddle: Range<Int>) -> [SpliceSpan] {
        var spans: [SpliceSpan] = []
        var oldStart = oldMiddle.lowerBound, newStart = newMiddle.lowerBound
        func close(oldEnd: Int, newEnd: Int) {
            if oldStart < oldEnd || newStart < newEnd {
                spans.append(SpliceSpan(oldStart: oldStart, oldEnd: oldEnd, newStart: newStart, newEnd: newEnd))
            }
        }
        for stay in stays {
            close(oldEnd: stay.oldStart, newEnd: stay.newStart)
            oldStart = stay.oldStart + stay.count
            newStart = stay.newStart + stay.count
        }
        close(oldEnd: oldMiddle.upperBound, newEnd: newMiddle.upperBound)
        return spans
    }
}
