/// A `FilteredState`'s sort order: the two things done with the app's comparison — a stable sort of
/// model numbers, and new models merged into sorted ones — compiled where the app's model type is
/// known (`FilteredState.sort(by:)` is inlined into the app and makes this there): no generic copy
/// of a model and no thunk between a comparison and the app's closure.
@usableFromInline
struct ModelOrder<Model> {
    /// `numbers` ordered by their models (`models[number]`), equal ones as they stand.
    @usableFromInline let sorted: (_ models: [Model], _ numbers: [Int]) -> [Int]
    /// `added` (numbers of models after every one in `roots`) put among `roots` (numbers in this
    /// order): each after every root that does not sort after it. The merged numbers, and the places
    /// of the added ones in them, ascending.
    @usableFromInline let merge: (_ models: [Model], _ roots: [Int], _ added: [Int]) -> (roots: [Int], places: [Int])

    @inlinable
    init(_ areInIncreasingOrder: @escaping (Model, Model) -> Bool) {
        sorted = { models, numbers in StableSort.sorted(numbers, of: models, by: areInIncreasingOrder) }
        merge = { models, roots, added in ModelOrder.merge(added, into: roots, of: models, by: areInIncreasingOrder) }
    }

    /// See `merge`: the added numbers sorted, then the place of each found by halving: the middle
    /// one's place, by a binary search over the roots, bounds the searches of those before it and
    /// after it — about k·log(n/k) comparisons for k models into n, against k·log n for a search
    /// each. The searches of one level of halving go a probe at a time in turn: each probe reads a
    /// root's model far from the last one read (a cache miss once the list is large), and the reads
    /// of independent searches overlap where one search's would wait for each other (at 200k roots
    /// with the cache cold, a third less time). Then one pass builds the merged list.
    @inlinable
    static func merge(_ added: [Int], into roots: [Int], of models: [Model],
                      by areInIncreasingOrder: (Model, Model) -> Bool) -> (roots: [Int], places: [Int]) {
        let incoming = StableSort.sorted(added, of: models, by: areInIncreasingOrder)
        // bounds[i]: how many roots go before incoming[i] (each root that does not sort after it).
        var bounds = [Int](repeating: 0, count: incoming.count)
        // Runs of incoming models (in order) still to place, each with the roots its place lies in.
        var runs: [(items: Range<Int>, within: Range<Int>)] = []
        func plan(_ items: Range<Int>, within: Range<Int>, into runs: inout [(items: Range<Int>, within: Range<Int>)]) {
            guard !items.isEmpty else { return }
            guard !within.isEmpty else {
                for item in items { bounds[item] = within.lowerBound }
                return
            }
            runs.append((items, within))
        }
        plan(0..<incoming.count, within: 0..<roots.count, into: &runs)
        while !runs.isEmpty {
            var low = runs.map(\.within.lowerBound), high = runs.map(\.within.upperBound)
            let sought = runs.map { models[incoming[($0.items.lowerBound + $0.items.upperBound) / 2]] }
            var searching = true
            while searching {
                searching = false
                for run in runs.indices where low[run] < high[run] {
                    searching = true
                    let mid = (low[run] + high[run]) / 2
                    if areInIncreasingOrder(sought[run], models[roots[mid]]) { high[run] = mid } else { low[run] = mid + 1 }
                }
            }
            var next: [(items: Range<Int>, within: Range<Int>)] = []
            next.reserveCapacity(runs.count * 2)
            for (run, (items, within)) in runs.enumerated() {
                let middle = (items.lowerBound + items.upperBound) / 2
                let place = low[run]
                bounds[middle] = place
                plan(items.lowerBound..<middle, within: within.lowerBound..<place, into: &next)
                plan((middle + 1)..<items.upperBound, within: place..<within.upperBound, into: &next)
            }
            runs = next
        }
        var places: [Int] = []
        places.reserveCapacity(incoming.count)
        var merged: [Int] = []
        merged.reserveCapacity(roots.count + incoming.count)
        var taken = 0
        for (number, bound) in zip(incoming, bounds) {
            merged.append(contentsOf: roots[taken..<bound])
            taken = bound
            places.append(merged.count)
            merged.append(number)
        }
        merged.append(contentsOf: roots[taken...])
        return (merged, places)
    }
}
