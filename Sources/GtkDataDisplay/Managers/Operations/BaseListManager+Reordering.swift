// Reordering: moving a row to a position among its siblings. A section's own row may go to any
// section; a child row stays among its parent's children (the parent's `children` follow). The row
// carries its visible descendants, and one splice over the span from the old to the new place
// reaches the store, so GTK keeps the widgets of every row in it.

extension BaseListManager {
    /// Where `generator` stands among its siblings (nil when it is not a shown row).
    public func siblingPosition(of generator: any RowGenerator) -> RowPosition? {
        guard let (s, i) = try? rowLocation(generator) else { return nil }
        return siblingPosition(section: s, index: i)
    }

    /// The foldable whose child `generator` is (nil for a section's own rows, or when not shown).
    public func parent(of generator: any RowGenerator) -> (any RowGenerator)? {
        guard let (s, i) = try? rowLocation(generator), let p = parentIndex(section: s, index: i) else { return nil }
        return state[s].rows[p].generator
    }

    /// How many siblings a row at `position`'s level has: the rows of section `position.section`, or
    /// the shown children of `parent`.
    public func siblingCount(inSection section: Int, parent: (any RowGenerator)? = nil) throws(DataDisplayError) -> Int {
        try checkSection(section)
        guard let parent else { return state[section].topLevelCount }
        let (s, p) = try rowLocation(parent)
        guard s == section else { throw .invalidAnchor("\(describe(parent)) is not in section \(section)") }
        return siblingRange(section: s, parentIndex: p).lazy.filter { self.state[s].rows[$0].depth == self.state[s].rows[p].depth + 1 }.count
    }

    /// Moves a row, with its visible descendants, so that it stands at `destination` among its
    /// siblings (`destination.index` counts the siblings without the row itself). A section's own row
    /// may go to any section (index `0...count`); a child row stays in its parent (same section, index
    /// `0..<children.count`), whose `children` the manager reorders (it must be a
    /// `ReorderableFoldableItem`, and the move must not be inside a `batch`). One splice; `didMove`
    /// fires after. Moving a row to where it stands does nothing.
    public func move(_ generator: any RowGenerator, to destination: RowPosition) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let plan = try self.movePlan(generator, to: destination)
            self.applyMove(plan)
        }
    }

    // MARK: Internals

    /// A validated move: the block `rows[range]` of section `section` goes to `to`.
    struct MovePlan {
        let section: Int
        let range: Range<Int>
        let parentIndex: Int?
        let from: RowPosition
        let to: RowPosition
    }

    /// Checks a move and says what it does; throws (changing nothing) when it cannot be made.
    func movePlan(_ generator: any RowGenerator, to destination: RowPosition) throws(DataDisplayError) -> MovePlan {
        let (s, i) = try rowLocation(generator)
        let range = i..<state[s].subtreeEnd(i)
        let from = siblingPosition(section: s, index: i)
        guard let p = parentIndex(section: s, index: i) else {
            try checkSection(destination.section)
            let count = try siblingCount(inSection: destination.section) - (destination.section == s ? 1 : 0)
            guard destination.index >= 0, destination.index <= count else {
                throw .indexOutOfRange(index: destination.index, count: count + 1)
            }
            return MovePlan(section: s, range: range, parentIndex: nil, from: from, to: destination)
        }
        let parent = state[s].rows[p].generator
        guard destination.section == s else {
            throw .moveRefused("\(describe(generator)) is a child of \(describe(parent)): it moves among its siblings only, in section \(s)")
        }
        guard let foldable = parent as? ReorderableFoldableItem else {
            throw .moveRefused("the children of \(describe(parent)) cannot be reordered: it is not a ReorderableFoldableItem")
        }
        guard batchDepth == 0 else {
            throw .moveRefused("child rows cannot be moved inside a batch (\(describe(generator)))")
        }
        let count = foldable.children.count
        guard foldable.children.contains(where: { $0 === generator }) else { throw .generatorNotFound(describe(generator)) }
        guard destination.index >= 0, destination.index < count else {
            throw .indexOutOfRange(index: destination.index, count: count)
        }
        return MovePlan(section: s, range: range, parentIndex: p, from: from, to: destination)
    }

    /// Moves the rows of a validated plan, reorders the parent's children, splices once and
    /// queues `didMove`.
    func applyMove(_ plan: MovePlan) {
        guard plan.from != plan.to else { return }
        let s = plan.section
        let block = Array(state[s].rows[plan.range])
        let depth = block[0].depth
        let fromFlat = sectionOffset(s) + state[s].rowsOffset + plan.range.lowerBound
        state[s].rows.removeSubrange(plan.range)
        var parent: (any RowGenerator)?
        let target: Int
        if let p = plan.parentIndex {  // the parent stands before its children: removing them does not shift it
            target = rowIndex(section: s, within: siblingRange(section: s, parentIndex: p), depth: depth, sibling: plan.to.index)
            if let foldable = state[s].rows[p].generator as? ReorderableFoldableItem {
                var children = foldable.children
                let moved = children.remove(at: plan.from.index)
                children.insert(moved, at: plan.to.index)
                foldable.children = children
                parent = foldable
            }
        } else {
            let ds = plan.to.section
            target = rowIndex(section: ds, within: 0..<state[ds].rows.count, depth: 0, sibling: plan.to.index)
        }
        let ds = plan.to.section
        state[ds].place(block, replacing: target..<target)
        if ds != s { takeController(ofSection: ds, block) }  // rows that changed sections answer to its controller
        spliceMove(block, from: fromFlat, to: sectionOffset(ds) + state[ds].rowsOffset + target)
        fireMoved(RowMove(generator: block[0].generator, parent: parent, from: plan.from, to: plan.to))
    }

    /// Queues `didMove` for a move that happened.
    func fireMoved(_ move: RowMove) {
        guard move.from != move.to else { return }
        fireAfterChange { [weak self] in self?.didMove.invoke(with: move) }
    }

    /// The position among its siblings of `rows[index]` of section `s`.
    func siblingPosition(section s: Int, index i: Int) -> RowPosition {
        let rows = state[s].rows
        let depth = rows[i].depth
        // No child rows anywhere: every row of the section is a sibling (O(1), the usual case).
        if depth == 0, Row.nestedAlive.load(ordering: .relaxed) == 0 { return RowPosition(section: s, index: i) }
        var start = 0
        if let p = parentIndex(section: s, index: i) { start = p + 1 }
        var n = 0
        for j in start..<i where rows[j].depth == depth { n += 1 }
        return RowPosition(section: s, index: n)
    }

    /// The index in `rows` of the parent of `rows[index]` (nil for a section's own row).
    func parentIndex(section s: Int, index i: Int) -> Int? {
        let rows = state[s].rows
        let depth = rows[i].depth
        guard depth > 0 else { return nil }
        var j = i - 1
        while j >= 0, rows[j].depth >= depth { j -= 1 }
        return j >= 0 ? j : nil
    }

    /// The rows below `rows[p]` (its visible descendants).
    private func siblingRange(section s: Int, parentIndex p: Int) -> Range<Int> {
        (p + 1)..<state[s].subtreeEnd(p)
    }

    /// The index in `rows` where the sibling number `sibling` of depth `depth` stands in `range`
    /// (its end when `sibling` is the count).
    private func rowIndex(section s: Int, within range: Range<Int>, depth: Int, sibling: Int) -> Int {
        var n = 0
        for j in range where state[s].rows[j].depth == depth {
            if n == sibling { return j }
            n += 1
        }
        return range.upperBound
    }
}
