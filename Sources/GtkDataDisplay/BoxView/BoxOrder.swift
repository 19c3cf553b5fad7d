/// Which widgets of a box may stay where they are when the box is put in a new order.
enum BoxOrder {
    /// The indices `i` of one longest strictly increasing run of `places[i]` (negative places, for
    /// widgets not in the box yet, are skipped): those widgets are already in order, every other
    /// one must move, and no smaller set of moves exists. Patience sorting, O(n log n).
    static func increasingRun(_ places: [Int]) -> Set<Int> {
        var tailValue: [Int] = []
        var tailIndex: [Int] = []
        var predecessor = [Int](repeating: -1, count: places.count)
        for (i, value) in places.enumerated() where value >= 0 {
            var low = 0, high = tailValue.count
            while low < high {
                let mid = (low + high) / 2
                if tailValue[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { predecessor[i] = tailIndex[low - 1] }
            if low == tailValue.count {
                tailValue.append(value)
                tailIndex.append(i)
            } else {
                tailValue[low] = value
                tailIndex[low] = i
            }
        }
        var run = Set<Int>()
        var i = tailIndex.last ?? -1
        while i >= 0 {
            run.insert(i)
            i = predecessor[i]
        }
        return run
    }
}
