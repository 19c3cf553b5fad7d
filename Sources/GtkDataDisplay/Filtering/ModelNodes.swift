/// The models of a `FilteredState`, every one numbered: a tree's models parents first (each
/// folder's children right after it, in the app's order), with each model's parent and children
/// by number, and the order the sort gives the top-level models and each folder's children. A
/// model keeps its number however they are sorted (the state's rows are kept by number).
struct ModelNodes<Model> {
    /// Every model: the top-level ones and, in a tree, every descendant.
    private(set) var models: [Model] = []
    /// Each model's parent (-1 at the top level); empty for a flat list.
    private(set) var parents: [Int] = []
    /// Each model's children in sorted order (nil: a leaf); empty for a flat list.
    private var children: [[Int]?] = []
    /// The top-level models in sorted order.
    private(set) var roots = ModelRoots(count: 0)
    /// Whether the models stand in the app's order (no sort since they were numbered).
    private var inAppOrder = true

    init() {}

    /// Numbers `top` and (with `childrenOf`) their descendants, sorted by `order`.
    init(_ top: [Model], children childrenOf: ((Model) -> [Model]?)?, order: ModelOrder<Model>?) {
        if let childrenOf {
            func add(_ model: Model, parent: Int) -> Int {
                let index = models.count
                models.append(model)
                parents.append(parent)
                children.append(nil)
                if let kids = childrenOf(model) {
                    var numbered: [Int] = []
                    numbered.reserveCapacity(kids.count)
                    for kid in kids { numbered.append(add(kid, parent: index)) }
                    children[index] = numbered
                }
                return index
            }
            var numbers: [Int] = []
            numbers.reserveCapacity(top.count)
            for model in top { numbers.append(add(model, parent: -1)) }
            roots = ModelRoots(numbers)
        } else {
            models = top
            roots = ModelRoots(count: top.count)
        }
        if let order {
            let models = self.models
            self.order(by: { order.sorted(models, $0) })
        }
    }

    var count: Int { models.count }
    /// Whether these are a flat list's models (no children anywhere).
    var isFlat: Bool { parents.isEmpty }
    /// Whether the models stand in the app's order (unsorted).
    var isInAppOrder: Bool { inAppOrder }

    /// The children of model `index` in sorted order, nil for a leaf.
    func children(of index: Int) -> [Int]? { children.isEmpty ? nil : children[index] }

    /// The parent of model `index`, -1 at the top level.
    func parent(of index: Int) -> Int { parents.isEmpty ? -1 : parents[index] }

    /// Numbers `new` after the models of a flat list and puts them among the sorted ones: after
    /// every model `order` does not place after them (as a stable sort of all of them would, the
    /// new ones being last in the app's order); at the end without an order. Returns the new
    /// numbers' places in `roots`, ascending. One pass over `roots`.
    mutating func append(_ new: [Model], order: ModelOrder<Model>?) -> [Int] {
        precondition(isFlat, "only a flat list takes models this way")
        let first = models.count
        models.append(contentsOf: new)
        let added = Array(first..<models.count)
        guard let order else {
            roots.append(contentsOf: added)
            return Array((roots.count - added.count)..<roots.count)
        }
        let (merged, places) = order.merge(models, roots.array, added)
        roots = ModelRoots(merged)
        return places
    }

    /// Takes back the last `count` models `append` numbered, and puts `roots` back as they were.
    mutating func removeAppended(_ count: Int, roots previous: ModelRoots) {
        models.removeLast(count)
        roots = previous
    }

    /// Sorts the top-level models and each folder's children by `sorting` (a stable sort of a list
    /// of numbers, given in the app's order), keeping the app's order among equal models; nil: the
    /// app's order.
    mutating func order(by sorting: (([Int]) -> [Int])?) {
        // Numbered in the app's order: siblings' numbers ascend (a flat list's are its indices).
        if sorting == nil && inAppOrder { return }
        inAppOrder = sorting == nil
        if children.isEmpty {
            roots = sorting.map { ModelRoots($0(Array(models.indices))) } ?? ModelRoots(count: models.count)
            return
        }
        func sorted(_ indices: [Int]) -> [Int] {
            // From the app's order: equal models keep it.
            let inAppOrder = indices.sorted()
            guard let sorting else { return inAppOrder }
            return sorting(inAppOrder)
        }
        roots = ModelRoots(sorted(roots.array))
        for index in children.indices { if let kids = children[index] { children[index] = sorted(kids) } }
    }
}
