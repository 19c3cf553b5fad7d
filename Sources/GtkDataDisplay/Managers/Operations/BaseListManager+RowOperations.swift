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
            self.diffIDs.prefetchSlots(ofPlainRows: generators)
            let (s, i) = try self.insertionPoint(after: anchor)
            let entering = try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: i, entering: entering)
        }
    }

    /// Inserts rows right before `anchor`: a row, or a footer (then they close its section).
    public func insert(_ generators: [any RowGenerator], before anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            self.diffIDs.prefetchSlots(ofPlainRows: generators)
            let (s, i) = try self.insertionPoint(before: anchor)
            let entering = try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: i, entering: entering)
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

    /// Removes several rows (each with its shown children); with `removeEmptySection`, also the
    /// sections left empty. Every row is checked first: nothing changes when one is not here, is a
    /// child row or is named twice. Then one splice per run of adjacent items that leave the list,
    /// from its end back — no diff of the whole list, so its cost follows the rows removed.
    public func remove(_ generators: [any RowGenerator], removeEmptySection: Bool = false) throws(DataDisplayError) {
        guard !generators.isEmpty else { return }
        try perform { () throws(DataDisplayError) in
            var seen = Set<ObjectIdentifier>()
            var spans: [(section: Int, rows: Range<Int>)] = []
            spans.reserveCapacity(generators.count)
            for g in generators {
                let (s, i) = try self.topLevelLocation(g)
                guard seen.insert(ObjectIdentifier(g)).inserted else { throw .namedTwice(describe(g)) }
                spans.append((s, i..<self.state[s].subtreeEnd(i)))
            }
            self.removeSpansNow(spans, removeEmptySection: removeEmptySection)
        }
    }

    /// Moves a row to right after `anchor` (a row, or a header: then it opens the section).
    /// One splice from the old to the new place, so the row keeps its widget; more than 1,024 rows
    /// away (never on screen at once) two short splices, out and in.
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
                self.batchUpdatedRows += rows
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
            self.retiring.append(contentsOf: self.flatRows())
            self.state = []
            self.startLinkingEmpty()
            self.diffIDs.invalidate()
            self.splice(at: 0, removing: count, inserting: [])
        }
    }

    // MARK: Applying

    /// Removes the rows of `spans` (each a top-level row's subtree; none overlap), and with
    /// `removeEmptySection` each section they empty, header and footer too. The state changes
    /// first, later sections first; then one splice per run of adjacent items gone from the list
    /// (across section boundaries too), from the end of the list back, so each splice's place is
    /// the one it had before any.
    func removeSpansNow(_ spans: [(section: Int, rows: Range<Int>)], removeEmptySection: Bool) {
        let ordered = spans.sorted { ($0.section, $0.rows.lowerBound) > ($1.section, $1.rows.lowerBound) }
        // What leaves the flat list, in its places before the removal, from the end back.
        var cuts: [(position: Int, count: Int)] = []
        var k = 0
        while k < ordered.count {
            let s = ordered[k].section
            var end = k
            var removed = 0
            while end < ordered.count, ordered[end].section == s { removed += ordered[end].rows.count; end += 1 }
            let start = sectionOffset(s)
            if removeEmptySection && removed == state[s].rows.count {
                cuts.append((start, state[s].count))
                var flat: [Row] = []
                state.remove(at: s).appendFlat(to: &flat)
                forget(flat)
            } else {
                let first = start + state[s].rowsOffset
                for span in ordered[k..<end] {
                    cuts.append((first + span.rows.lowerBound, span.rows.count))
                    forget(state[s].rows.rows(in: span.rows))
                }
                state[s].rows.removeSubranges(ordered[k..<end].reversed().map(\.rows))
            }
            k = end
        }
        var runs: [(position: Int, count: Int)] = []
        for cut in cuts {
            if let last = runs.last, cut.position + cut.count == last.position {
                runs[runs.count - 1] = (cut.position, cut.count + last.count)
            } else {
                runs.append(cut)
            }
        }
        for run in runs { splice(at: run.position, removing: run.count, inserting: []) }
    }

    func removeRowsNow(section s: Int, range: Range<Int>) {
        let position = sectionOffset(s) + state[s].rowsOffset + range.lowerBound
        forget(state[s].rows.rows(in: range))
        state[s].rows.removeSubrange(range)
        splice(at: position, removing: range.count, inserting: [])
    }

    /// Inserts rows for `generators` at index `i` of section `s`; with `entering` (what checking them
    /// returned: `validateNew`), rows are made from it.
    func insertRowsNow(_ generators: [any RowGenerator], section s: Int, index i: Int, entering: EnteringRows? = nil) {
        let rows = entering.map { makeRows($0) } ?? makeRows(generators, depth: 0)
        let position = sectionOffset(s) + state[s].rowsOffset + i
        state[s].place(rows, replacing: i..<i)
        takeController(ofSection: s, rows)
        splice(at: position, removing: 0, inserting: rows)
    }

    func moveNow(_ generator: any RowGenerator, to destination: () throws(DataDisplayError) -> (Int, Int)) throws(DataDisplayError) {
        let (s, i) = try topLevelLocation(generator)
        let end = state[s].subtreeEnd(i)
        let block = state[s].rows.rows(in: i..<end)
        let from = sectionOffset(s) + state[s].rowsOffset + i
        // Validate the destination before changing anything.
        _ = try destination()
        let fromPosition = siblingPosition(section: s, index: i)
        state[s].rows.removeSubrange(i..<end)
        let (ds, di) = try! destination()
        state[ds].place(block, replacing: di..<di)
        takeController(ofSection: ds, block)
        fireMoved(RowMove(generator: generator, parent: nil, from: fromPosition, to: siblingPosition(section: ds, index: di)))
        spliceMove(block, from: from, to: sectionOffset(ds) + state[ds].rowsOffset + di)
    }
}
