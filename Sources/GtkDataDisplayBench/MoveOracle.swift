// The minimum number of moves, computed here independently of the library: rows present in both
// lists, minus a longest increasing subsequence of their old positions taken in new order.

enum MoveOracle {
    /// Common rows minus the LIS of their old indices in new order (patience sorting, O(n log n)).
    static func minimumMoves(old: [Int], new: [Int]) -> Int {
        var oldIndex = [Int: Int](minimumCapacity: old.count)
        for (i, id) in old.enumerated() { oldIndex[id] = i }
        var tails: [Int] = []
        var common = 0
        for id in new {
            guard let o = oldIndex[id] else { continue }
            common += 1
            if let last = tails.last, last < o {
                tails.append(o)
                continue
            }
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if tails[mid] < o { low = mid + 1 } else { high = mid }
            }
            if low == tails.count { tails.append(o) } else { tails[low] = o }
        }
        return common - tails.count
    }
}
