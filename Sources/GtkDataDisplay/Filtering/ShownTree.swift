/// Which of a `FilteredState`'s models one update shows, and their rows: with no query or filter,
/// every model; otherwise the models that match and the folders above them, each of those expanded
/// down to its matches, and a folder that matches with nothing below it that does, with all its
/// children (folded as it was shown).
struct ShownTree<Model> {
    private let nodes: ModelNodes<Model>
    /// Which models match (nil: no query or filter, every model is shown).
    private let matched: [Bool]?
    /// Which folders hold a match below them.
    private var holdsMatch: [Bool] = []
    /// The top-level models shown, in order.
    private(set) var shownRoots: [Int] = []

    init(nodes: ModelNodes<Model>, matched: [Bool]?) {
        self.nodes = nodes
        self.matched = matched
        guard let matched, !nodes.isFlat else { return }
        holdsMatch = [Bool](repeating: false, count: nodes.count)
        for index in matched.indices where matched[index] {
            var parent = nodes.parent(of: index)
            while parent >= 0, !holdsMatch[parent] {
                holdsMatch[parent] = true
                parent = nodes.parent(of: parent)
            }
        }
    }

    /// Whether model `index` is shown where its parent's children are filtered.
    private func isShown(_ index: Int) -> Bool {
        guard let matched else { return true }
        return matched[index] || (!holdsMatch.isEmpty && holdsMatch[index])
    }

    /// The rows of the shown top-level models: a leaf's from `leaf`, a folder's from `folder` (its
    /// number, its children's rows, whether the search opens it: it holds a match).
    mutating func topRows(leaf: (Int) -> any RowGenerator,
                          folder: (Int, [any RowGenerator], Bool) -> any RowGenerator) -> [any RowGenerator] {
        func rows(of indices: [Int], filtering: Bool) -> [any RowGenerator] {
            var made: [any RowGenerator] = []
            made.reserveCapacity(indices.count)
            for index in indices where !filtering || isShown(index) { made.append(row(index, filtering: filtering)) }
            return made
        }
        func row(_ index: Int, filtering: Bool) -> any RowGenerator {
            guard let children = nodes.children(of: index) else { return leaf(index) }
            if filtering && !holdsMatch.isEmpty && holdsMatch[index] {
                return folder(index, rows(of: children, filtering: true), true)
            }
            return folder(index, rows(of: children, filtering: false), false)
        }
        shownRoots = nodes.roots.filter(isShown)
        var top: [any RowGenerator] = []
        top.reserveCapacity(shownRoots.count)
        for index in shownRoots { top.append(row(index, filtering: matched != nil)) }
        return top
    }
}
