// Walks over trees of foldable generators. Every walk is a loop over an explicit stack, so trees
// of any depth work, and each one tracks the foldables it is inside of, so a foldable that
// contains itself (directly or through descendants) is a typed error instead of endless recursion.

/// Which children a tree walk enters.
enum FoldTreeScope {
    /// The children of expanded foldables only: what the list shows.
    case shown
    /// The children of every foldable, shown or not.
    case all
}

@MainActor
enum FoldTree {
    /// Visits `roots` and their descendants in list order (a parent before its children), with
    /// the depth of each (`depth` for the roots). `leave` runs for each foldable that was entered,
    /// after its descendants. `ancestors` are foldables the roots already stand under.
    ///
    /// - Throws: `.foldingCycle` when a foldable stands below itself (before it is visited again);
    ///   whatever `visit` throws.
    static func walk(_ roots: [any RowGenerator], depth: Int = 0, scope: FoldTreeScope,
                     ancestors: [any FoldableItem] = [],
                     visit: (any RowGenerator, Int) throws(DataDisplayError) -> Void,
                     leave: (any FoldableItem) -> Void = { _ in }) throws(DataDisplayError) {
        var path = ancestors
        var onPath = Set(ancestors.map { ObjectIdentifier($0) })
        // One level per entered foldable: its children and the index of the next one to visit.
        var levels: [(children: [any RowGenerator], next: Int)] = [(roots, 0)]
        while !levels.isEmpty {
            let top = levels.count - 1
            guard levels[top].next < levels[top].children.count else {
                levels.removeLast()
                if top > 0, let done = path.popLast() {
                    onPath.remove(ObjectIdentifier(done))
                    leave(done)
                }
                continue
            }
            let generator = levels[top].children[levels[top].next]
            levels[top].next += 1
            // Below itself, a foldable is a cycle whether or not this walk would enter it.
            guard let foldable = GeneratorTraits.foldable(generator) else {
                try visit(generator, depth + top)
                continue
            }
            if onPath.contains(ObjectIdentifier(foldable)) {
                throw .foldingCycle(cycleDescription(path, closedBy: foldable))
            }
            try visit(generator, depth + top)
            guard scope == .all || foldable.isExpanded else { continue }
            // A shown row whose children load on demand shows its loading row from now on.
            if scope == .shown { foldable.childLoading?.expanded() }
            onPath.insert(ObjectIdentifier(foldable))
            path.append(foldable)
            levels.append((foldable.children, 0))
        }
    }

    /// "a → b → a": the part of `path` from the foldable's first appearance, closed by it again.
    private static func cycleDescription(_ path: [any FoldableItem], closedBy foldable: any FoldableItem) -> String {
        let start = path.lastIndex { $0 === foldable } ?? 0
        return (path[start...] + [foldable]).map { describe($0) }.joined(separator: " → ")
    }
}
