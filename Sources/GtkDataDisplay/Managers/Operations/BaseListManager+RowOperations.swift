// Single operations on rows: add, insert, remove, replace, move, update, clear. Each validates
// first, then reaches the store at once as one splice of the affected range.
// (The overridable ones — `add`, `add(_:toSectionWith:)`, `replace` — stand in the class body.)

extension BaseListManager {
    // MARK: Rows

    /// Appends a row to the last section (creating a section without header when there is none).
    public func add(_ generator: any RowGenerator) throws(DataDisplayError) {
        try add([generator])
    }

    /// Inserts rows right after `anchor`: a row, or a header (then they open its section).
    public func insert(_ generators: [any RowGenerator], after anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let (s, i) = try self.insertionPoint(after: anchor)
            try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: i)
        }
    }

    /// Inserts rows right before `anchor`: a row, or a footer (then they close its section).
    public func insert(_ generators: [any RowGenerator], before anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let (s, i) = try self.insertionPoint(before: anchor)
            try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: i)
        }
    }

    /// Inserts one row right after `anchor`.
    public func insert(_ generator: any RowGenerator, after anchor: any RowGenerator) throws(DataDisplayError) {
        try insert([generator], after: anchor)
    }

    /// Inserts one row right before `anchor`.
    public func insert(_ generator: any RowGenerator, before anchor: any RowGenerator) throws(DataDisplayError) {
        try insert([generator], before: anchor)
    }

    /// Removes a row; with `removeEmptySection`, also its section when that leaves it empty.
    public func remove(_ generator: any RowGenerator, removeEmptySection: Bool = false) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let (s, i) = try self.topLevelLocation(generator)
            let end = self.state[s].subtreeEnd(i)
            if removeEmptySection && self.state[s].rows.count == end - i {
                self.removeSectionNow(s)
                return
            }
            self.removeRowsNow(section: s, range: i..<end)
        }
    }

    /// Removes several rows (one diffed update); with `removeEmptySection`, also sections left empty.
    public func remove(_ generators: [any RowGenerator], removeEmptySection: Bool = false) throws(DataDisplayError) {
        guard !generators.isEmpty else { return }
        try perform { () throws(DataDisplayError) in
            var seen = Set<ObjectIdentifier>()
            for g in generators {
                _ = try self.topLevelLocation(g)
                guard seen.insert(ObjectIdentifier(g)).inserted else { throw .duplicateGenerator(describe(g)) }
            }
            try self.runBatch(requiringOperations: false) { () throws(DataDisplayError) in
                for g in generators { try self.remove(g, removeEmptySection: removeEmptySection) }
            }
        }
    }

    /// Moves a row to right after `anchor` (a row, or a header: then it opens the section).
    /// One splice from the old to the new place, so the row keeps its widget.
    public func move(_ generator: any RowGenerator, after anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            guard anchor !== generator else { _ = try self.topLevelLocation(generator); return }
            try self.moveNow(generator) { () throws(DataDisplayError) in try self.insertionPoint(after: anchor) }
        }
    }

    /// Moves a row to right before `anchor` (a row, or a footer).
    public func move(_ generator: any RowGenerator, before anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            guard anchor !== generator else { _ = try self.topLevelLocation(generator); return }
            try self.moveNow(generator) { () throws(DataDisplayError) in try self.insertionPoint(before: anchor) }
        }
    }

    /// Rebinds rows in place after their content changed (no remove, no insert).
    public func update(_ generators: [any RowGenerator]) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            var rows: [Row] = []
            for g in generators {
                guard let row = self.row(of: g) else { throw .generatorNotFound(describe(g)) }
                rows.append(row)
            }
            if self.batchDepth > 0 {
                for row in rows { self.batchUpdates.insert(RowKey(role: row.role, depth: row.depth, id: row.generator.diffKey)) }
                return
            }
            for row in rows { self.refresh(row) }
        }
    }

    /// Rebinds one row in place.
    public func update(_ generator: any RowGenerator) throws(DataDisplayError) {
        try update([generator])
    }

    /// Removes everything.
    public func clear() {
        try? perform { () throws(DataDisplayError) in
            let count = self.state.reduce(0) { $0 + $1.count }
            self.retiring = self.flatRows()
            self.state = []
            self.startLinkingEmpty()
            self.diffIDs.invalidate()
            self.splice(at: 0, removing: count, inserting: [])
        }
    }

    // MARK: Applying

    func removeRowsNow(section s: Int, range: Range<Int>) {
        let position = sectionOffset(s) + state[s].rowsOffset + range.lowerBound
        forget(state[s].rows[range])
        state[s].rows.removeSubrange(range)
        splice(at: position, removing: range.count, inserting: [])
    }

    func insertRowsNow(_ generators: [any RowGenerator], section s: Int, index i: Int) {
        let rows = makeRows(generators, depth: 0)
        let position = sectionOffset(s) + state[s].rowsOffset + i
        state[s].rows.insert(contentsOf: rows, at: i)
        state[s].noteLocations(section: s, from: i, to: i + rows.count)
        takeController(ofSection: s, rows)
        splice(at: position, removing: 0, inserting: rows)
    }

    func moveNow(_ generator: any RowGenerator, to destination: () throws(DataDisplayError) -> (Int, Int)) throws(DataDisplayError) {
        let (s, i) = try topLevelLocation(generator)
        let end = state[s].subtreeEnd(i)
        let block = Array(state[s].rows[i..<end])
        let from = sectionOffset(s) + state[s].rowsOffset + i
        // Validate the destination before changing anything.
        _ = try destination()
        let fromPosition = siblingPosition(section: s, index: i)
        state[s].rows.removeSubrange(i..<end)
        let (ds, di) = try! destination()
        state[ds].rows.insert(contentsOf: block, at: di)
        state[ds].noteLocations(section: ds, from: di, to: di + block.count)
        takeController(ofSection: ds, block)
        fireMoved(RowMove(generator: generator, parent: nil, from: fromPosition, to: siblingPosition(section: ds, index: di)))
        let to = sectionOffset(ds) + state[ds].rowsOffset + di
        guard from != to else { return }
        // One splice over the whole span: GTK keeps the widgets of every row in it.
        let span = min(from, to)...(max(from, to) + block.count - 1)
        splice(at: span.lowerBound, removing: span.count, inserting: flatRows(in: span))
    }
}
