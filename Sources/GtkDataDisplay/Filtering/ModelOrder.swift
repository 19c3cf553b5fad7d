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

    /// See `merge`: the added numbers sorted, then each placed by a binary search over the roots
    /// after the place of the one before, and one pass that builds the merged list.
    @inlinable
    static func merge(_ added: [Int], into roots: [Int], of models: [Model],
                      by areInIncreasingOrder: (Model, Model) -> Bool) -> (roots: [Int], places: [Int]) {
        let incoming = StableSort.sorted(added, of: models, by: areInIncreasingOrder)
        var places: [Int] = []
        places.reserveCapacity(incoming.count)
        var merged: [Int] = []
        merged.reserveCapacity(roots.count + incoming.count)
        var taken = 0
        for number in incoming {
            let model = models[number]
            var low = taken, high = roots.count
            while low < high {
                let mid = (low + high) / 2
                if areInIncreasingOrder(model, models[roots[mid]]) { high = mid } else { low = mid + 1 }
            }
            merged.append(contentsOf: roots[taken..<low])
            taken = low
            places.append(merged.count)
            merged.append(number)
        }
        merged.append(contentsOf: roots[taken...])
        return (merged, places)
    }
}
