// The rows that stay put: a longest increasing subsequence of matched old indices taken in new order.
// Every other matched row must move, and no smaller set of moves exists, so matched − LIS is the
// minimum number of moves. Patience sorting with predecessor links: O(k log k) for k matched rows.

/// Longest strictly increasing subsequences by patience sorting.
internal enum LongestIncreasingSubsequence {
    /// The indices `j` in `range` of one longest strictly increasing subsequence of `values[j]`, ascending;
    /// negative values (unmatched rows) are skipped.
    static func members(of values: [Int], in range: Range<Int>) -> [Int] {
        // tailValue[h] is the smallest last value of an increasing subsequence of length h + 1 seen so far,
        // tailIndex[h] the index holding it; predecessor links each index to the one before it.
        var tailValue: [Int] = []
        var tailIndex: [Int] = []
        var predecessor = [Int](repeating: -1, count: range.count)
        for j in range {
            let value = values[j]
            if value < 0 { continue }
            var low = tailValue.count
            if low > 0 && tailValue[low - 1] >= value {  // not the common case of extending the longest
                low = 0
                var high = tailValue.count - 1
                while low < high {
                    let mid = (low + high) >> 1
                    if tailValue[mid] < value { low = mid + 1 } else { high = mid }
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
