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
    /// after it. About k·log(n/k) comparisons for k models into n, against k·log n for a search
    /// each; the searches are what a large merge waits on (each probe reads a root's model, far from
    /// the last one read). Then one pass builds the merged list.
    @inlinable
    static func merge(_ added: [Int], into roots: [Int], of models: [Model],
                      by areInIncreasingOrder: (Model, Model) -> Bool) -> (roots: [Int], places: [Int]) {
        let incoming = StableSort.sorted(added, of: models, by: areInIncreasingOrder)
        // bounds[i]: how many roots go before incoming[i] (each root that does not sort after it).
        var bounds = [Int](repeating: 0, count: incoming.count)
        // The incoming models of `items` (in order), whose places lie in `within`, to place.
        var pending: [(items: Range<Int>, within: Range<Int>)] = [(0..<incoming.count, 0..<roots.count)]
        while let (items, within) = pending.popLast() {
            guard !items.isEmpty else { continue }
            guard !within.isEmpty else {
                for item in items { bounds[item] = within.lowerBound }
                continue
            }
            let middle = (items.lowerBound + items.upperBound) / 2
            let model = models[incoming[middle]]
            var low = within.lowerBound, high = within.upperBound
            while low < high {
                let mid = (low + high) / 2
                if areInIncreasingOrder(model, models[roots[mid]]) { high = mid } else { low = mid + 1 }
            }
            bounds[middle] = low
            pending.append((items.lowerBound..<middle, within.lowerBound..<low))
            pending.append(((middle + 1)..<items.upperBound, low..<within.upperBound))
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
