// The rows that stay put: a longest increasing subsequence of matched old indices taken in new order.
// Every other matched row must move, and no smaller set of moves exists, so matched − LIS is the
// minimum number of moves. Patience sorting with predecessor links: O(k log k) for k matched rows,
// and O(1) per row inside a run of consecutive old indices (the common case: rows that did not move
// relative to their neighbours), which needs no search at all.

/// Longest strictly increasing subsequences by patience sorting.
internal enum LongestIncreasingSubsequence {
    /// The indices `j` in `range` of one longest strictly increasing subsequence of `values[j]`, ascending;
    /// negative values (unmatched rows) are skipped.
    static func members(of values: [Int], in range: Range<Int>) -> [Int] {
        // tailValue[h] is the smallest last value of an increasing subsequence of length h + 1 seen so far,
        // tailIndex[h] the index holding it; predecessor links each index to the one before it.
        var tailValue: [Int] = [], tailIndex: [Int] = []
        tailValue.reserveCapacity(Swift.min(range.count, 1 << 12))
        tailIndex.reserveCapacity(Swift.min(range.count, 1 << 12))
        var predecessor = [Int](repeating: -1, count: range.count)
        // A value one above the previous one lands one pile after it: every tail from there on is at
        // least that large (tails are strictly increasing integers), and the one before is the previous.
        var previousValue = Int.min, previousPile = -1
        for j in range {
            let value = values[j]
            if value < 0 { continue }
            var low: Int
            if value == previousValue &+ 1 {
                low = previousPile + 1
            } else {
                low = tailValue.count
                if low > 0 && tailValue[low - 1] >= value {  // not the common case of extending the longest
                    // The first pile whose tail is >= value; the halving has no data-dependent branch
                    // (shuffled rows would mispredict half of them).
                    var base = 0, count = tailValue.count
                    while count > 1 {
                        let half = count >> 1
                        base = tailValue[base + half - 1] < value ? base + half : base
                        count -= half
                    }
                    low = tailValue[base] < value ? base + 1 : base
                }
            }
            if low > 0 { predecessor[j - range.lowerBound] = tailIndex[low - 1] }
            if low == tailValue.count {
                tailValue.append(value)
                tailIndex.append(j)
            } else {
                tailValue[low] = value
                tailIndex[low] = j
            }
            previousValue = value
            previousPile = low
        }
        var members = [Int](repeating: 0, count: tailIndex.count)
        var j = tailIndex.last ?? -1
        var slot = members.count
        while j >= 0 {
            slot -= 1
            members[slot] = j
            j = predecessor[j - range.lowerBound]
        }
        return members
    }
}
