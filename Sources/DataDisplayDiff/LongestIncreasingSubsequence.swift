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
        // tails.value[h] is the smallest last value of an increasing subsequence of length h + 1 seen so
        // far, tails.index[h] the index holding it; predecessor links each index to the one before it
        // (written for every index with a value, -1 at a chain's start, so it needs no filling first).
        // Buffers of `range.count` uninitialised slots: no pile count can exceed it, and untouched
        // pages cost nothing.
        let n = range.count
        var length = 0
        let tailValue = UnsafeMutableBufferPointer<Int>.allocate(capacity: Swift.max(n, 1))
        let tailIndex = UnsafeMutableBufferPointer<Int>.allocate(capacity: Swift.max(n, 1))
        let predecessor = UnsafeMutableBufferPointer<Int>.allocate(capacity: Swift.max(n, 1))
        defer {
            tailValue.deallocate()
            tailIndex.deallocate()
            predecessor.deallocate()
        }
        // A value one above the previous one lands one pile after it: every tail from there on is at
        // least that large (tails are strictly increasing integers), and the one before is the previous.
        var previousValue = Int.min, previousPile = -1
        let tails = tailValue.baseAddress!
        values.withUnsafeBufferPointer { values in
            for j in range {
                let value = values[j]
                if value < 0 { continue }
                var low: Int
                if value == previousValue &+ 1 {
                    low = previousPile + 1
                } else {
                    low = length
                    if low > 0 && tailValue[low - 1] >= value {  // not the common case of extending the longest
                        // The first pile whose tail is >= value; the halving has no data-dependent branch
                        // (shuffled rows would mispredict half of them).
                        var base = tails, count = length
                        while count > 1 {
                            let half = count >> 1
                            base = base[half - 1] < value ? base + half : base
                            count -= half
                        }
                        low = (base - tails) + (base[0] < value ? 1 : 0)
                    }
                }
                predecessor[j - range.lowerBound] = low > 0 ? tailIndex[low - 1] : -1
                tailValue[low] = value
                tailIndex[low] = j
                if low == length { length += 1 }
                previousValue = value
                previousPile = low
            }
        }
        var members = [Int](repeating: 0, count: length)
        var j = length > 0 ? tailIndex[length - 1] : -1
        var slot = length
        while j >= 0 {
            slot -= 1
            members[slot] = j
            j = predecessor[j - range.lowerBound]
        }
        return members
    }
}
