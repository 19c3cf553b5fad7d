/// A stable sort of model numbers by an app's `areInIncreasingOrder`, asking it once per comparison
/// (a sort by `sorted(by:)` that breaks ties by number asks twice when two models are not in
/// increasing order).
///
/// A natural merge sort: runs already in order, or in strictly decreasing order (reversed: no two
/// are equal, so stability holds), are found first and merged pairwise, so models already sorted
/// either way (the same order again, or its reverse) cost one comparison each.
enum StableSort {
    /// `indices` ordered by `areInIncreasingOrder`, equal ones in the order they stand in `indices`.
    static func sorted(_ indices: [Int], by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
        guard indices.count > 1 else { return indices }
        var keys = indices
        var buffer = [Int](repeating: 0, count: indices.count)
        keys.withUnsafeMutableBufferPointer { keys in
            buffer.withUnsafeMutableBufferPointer { buffer in sort(keys, buffer, less: areInIncreasingOrder) }
        }
        return keys
    }

    /// Sorts `keys` stably by `less`, with `spare` (as long) to merge into.
    private static func sort(_ keys: UnsafeMutableBufferPointer<Int>, _ spare: UnsafeMutableBufferPointer<Int>,
                             less: (Int, Int) -> Bool) {
        // The runs' ends, each run in increasing order once found.
        var ends: [Int] = []
        var start = 0
        let count = keys.count
        while start < count {
            var end = start + 1
            if end < count {
                // The first pair decides the run's direction; each pair is compared once.
                let decreasing = less(keys[end], keys[end - 1])
                end += 1
                while end < count && less(keys[end], keys[end - 1]) == decreasing { end += 1 }
                if decreasing {
                    var (i, j) = (start, end - 1)
                    while i < j { keys.swapAt(i, j); i += 1; j -= 1 }
                }
            }
            ends.append(end)
            start = end
        }
        // Merge neighbouring runs until one is left, ping-ponging between `keys` and `spare`.
        var (from, to) = (keys, spare)
        while ends.count > 1 {
            var merged: [Int] = []
            merged.reserveCapacity((ends.count + 1) / 2)
            var low = 0, run = 0
            while run < ends.count {
                let mid = ends[run]
                let high = run + 1 < ends.count ? ends[run + 1] : mid
                var (i, j, k) = (low, mid, low)
                while i < mid && j < high {
                    if less(from[j], from[i]) { to[k] = from[j]; j += 1 } else { to[k] = from[i]; i += 1 }
                    k += 1
                }
                while i < mid { to[k] = from[i]; i += 1; k += 1 }
                while j < high { to[k] = from[j]; j += 1; k += 1 }
                merged.append(high)
                low = high
                run += 2
            }
            ends = merged
            swap(&from, &to)
        }
        if from.baseAddress != keys.baseAddress {
            _ = keys.initialize(from: from)
        }
    }
}
