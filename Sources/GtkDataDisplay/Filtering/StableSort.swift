/// A stable sort of model numbers by an app's `areInIncreasingOrder`, asking it once per comparison
/// (a sort by `sorted(by:)` that breaks ties by number asks twice when two models are not in
/// increasing order).
///
/// A natural merge sort: runs already in order, or in strictly decreasing order (reversed: no two
/// are equal, so stability holds), are found first and merged pairwise, so models already sorted
/// either way (the same order again, or its reverse) cost one comparison each.
///
/// Inlinable: `FilteredState.sort(by:)` sorts in the app's module, the app's comparison compiled into
/// the merge. There the models are sorted beside their numbers (each pair moved, never copied), so a
/// comparison reads the two models where the merge stands, not at their numbers in the list of
/// every model (a cache miss each, at a million models).
@usableFromInline
enum StableSort {
    /// `indices` ordered by `areInIncreasingOrder`, equal ones in the order they stand in `indices`.
    @inlinable
    static func sorted(_ indices: [Int], by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
        guard indices.count > 1 else { return indices }
        var keys = indices
        keys.withUnsafeMutableBufferPointer { keys in
            let spare = UnsafeMutableBufferPointer<Int>.allocate(capacity: keys.count)
            defer { spare.deallocate() }
            sort(keys, spare, less: areInIncreasingOrder)
        }
        return keys
    }

    /// `numbers` ordered by `areInIncreasingOrder` of their models (`models[number]`), equal ones in
    /// the order they stand in `numbers`.
    @inlinable
    static func sorted<Model>(_ numbers: [Int], of models: [Model], by areInIncreasingOrder: (Model, Model) -> Bool) -> [Int] {
        guard numbers.count > 1 else { return numbers }
        let pairs = UnsafeMutableBufferPointer<(model: Model, number: Int)>.allocate(capacity: numbers.count)
        let spare = UnsafeMutableBufferPointer<(model: Model, number: Int)>.allocate(capacity: numbers.count)
        defer {
            pairs.deallocate()
            spare.deallocate()
        }
        for (slot, number) in numbers.enumerated() { (pairs.baseAddress! + slot).initialize(to: (models[number], number)) }
        sort(pairs, spare) { areInIncreasingOrder($0.model, $1.model) }
        let sorted = pairs.map(\.number)
        pairs.baseAddress!.deinitialize(count: numbers.count)
        return sorted
    }

    /// Sorts `keys` (all initialised) stably by `less`, merging into `spare` (as long, uninitialised,
    /// and so again when done). Elements are moved, never copied.
    @inlinable
    static func sort<Element>(_ keys: UnsafeMutableBufferPointer<Element>, _ spare: UnsafeMutableBufferPointer<Element>,
                              less: (Element, Element) -> Bool) {
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
        // Merge neighbouring runs until one is left, moving between `keys` and `spare`.
        var (from, to) = (keys.baseAddress!, spare.baseAddress!)
        while ends.count > 1 {
            var merged: [Int] = []
            merged.reserveCapacity((ends.count + 1) / 2)
            var low = 0, run = 0
            while run < ends.count {
                let mid = ends[run]
                let high = run + 1 < ends.count ? ends[run + 1] : mid
                var (i, j, k) = (low, mid, low)
                while i < mid && j < high {
                    if less(from[j], from[i]) {
                        (to + k).moveInitialize(from: from + j, count: 1)
                        j += 1
                    } else {
                        (to + k).moveInitialize(from: from + i, count: 1)
                        i += 1
                    }
                    k += 1
                }
                (to + k).moveInitialize(from: from + i, count: mid - i)
                k += mid - i
                (to + k).moveInitialize(from: from + j, count: high - j)
                merged.append(high)
                low = high
                run += 2
            }
            ends = merged
            swap(&from, &to)
        }
        if from != keys.baseAddress! {
            keys.baseAddress!.moveInitialize(from: from, count: count)
        }
    }
}
