// State and lookup: rows entering and leaving the manager — validating new generators, making
// rows for them (with their visible descendants), forgetting rows that leave, swapping one row
// object for another. Keeps the row lookup (`row(of:)`) and `diffIDs` equal to `state`.

extension BaseListManager {
    /// Throws unless every generator (rows with the visible descendants of expanded foldable ones,
    /// and a header or footer) is new to the manager, stands once, and brings a free diff id:
    /// not shown, except by `leaving`, the rows the same operation takes out. Inside a batch ids are
    /// left to the batch's diff, which checks the state it ends with. Returns the generators as
    /// checked, for `makeRows(_:in:)` (their rows are then placed by the hashes taken here).
    @discardableResult
    func validateNew(_ generators: [any RowGenerator], header: (any RowGenerator)? = nil,
                     footer: (any RowGenerator)? = nil, leaving: [Row] = []) throws(DataDisplayError) -> EnteringRows {
        var entering = EnteringRows()
        func enter(_ g: any RowGenerator, _ role: RowRole, _ depth: Int) throws(DataDisplayError) {
            guard !stands(g) else { throw .duplicateGenerator(describe(g)) }
            try entering.append(g, role: role, depth: depth)
        }
        if let header { try enter(header, .header, 0) }
        try FoldTree.walk(generators, scope: .shown) { g, depth throws(DataDisplayError) in try enter(g, .row, depth) }
        if let footer { try enter(footer, .footer, 0) }
        try entering.checkDistinct(keys: batchDepth == 0)
        guard batchDepth == 0 else { return entering }
        try diffIDs.check(entering, leaving: leaving, shown: shownRowsForIDCheck)
        return entering
    }

    /// The shown rows, with the hashes of their keys when the last `setState`'s keys give them (see
    /// `ShownKeyCache.shownIDHashes`): what the shown-id table is built from.
    func shownRowsForIDCheck() -> (rows: [Row], hashes: [UInt]?) {
        let rows = flatRows()
        return (rows, shownKeys?.shownIDHashes(for: rows, version: mutationVersion))
    }

    /// Rows leave the manager (alive in `retiring` until the operation's splices are done).
    func forget(_ rows: some Sequence<Row>) {
        for row in rows {
            noteLeft(row)
            diffIDs.remove(row)
            retiring.append(row)
        }
    }

    /// Ends the rows that left during the operation just done (its splices are done) and do not stand
    /// in the manager again: a refold or a batch may have taken a forgotten row back, and a row may be
    /// named more than once. Empties `retiring`.
    func endRetired() {
        guard !retiring.isEmpty else { return }
        let rows = retiring
        retiring = []
        for row in rows where !row.isEnded && self.row(of: row.generator) !== row { row.end() }
    }

    /// Ends every row of `state` (its manager is going away).
    static func endRows(of state: [SectionState]) {
        for section in state {
            section.header?.end()
            for row in section.rows { row.end() }
            section.footer?.end()
        }
    }

    func makeRow(_ generator: any RowGenerator, _ role: RowRole, depth: Int = 0) -> Row {
        let row = Row(generator: generator, role: role, depth: depth)
        noteEntered(row)
        diffIDs.add(row)
        return row
    }

    /// Rows for `generators` at `depth`, each followed by the visible descendants of an expanded
    /// foldable one.
    func makeRows(_ generators: [any RowGenerator], depth: Int) -> [Row] {
        var none = SubtreeReuse()
        return makeRows(generators, depth: depth, reuse: &none)
    }

    /// `makeRows(_:depth:)`, keeping the rows `reuse` gives back (by generator, else by key).
    func makeRows(_ generators: [any RowGenerator], depth: Int, reuse: inout SubtreeReuse) -> [Row] {
        var rows: [Row] = []
        appendRows(generators, depth: depth, reuse: &reuse, to: &rows)
        return rows
    }

    /// Rows for `entering` (what `validateNew` returned), or for its generators in `range`: each
    /// generator's row, in its order, placed in the shown-id table by the hash taken when it was checked.
    func makeRows(_ entering: EnteringRows, in range: Range<Int>? = nil) -> [Row] {
        let range = range ?? 0..<entering.count
        var rows: [Row] = []
        rows.reserveCapacity(range.count)
        // Many rows (a fill through `add`): their records taken a batch at a time, side by side.
        var records = RowRecordBatch(rows: range.count > RowRecordBatch.size ? range.count : 0)
        for index in range {
            let slot = entering.slots[index]
            let row = Row(generator: entering.generators[index], role: RowSlot.role(slot), depth: RowSlot.depth(slot),
                          record: records.next())
            noteEntered(row)
            rows.append(row)
        }
        records.releaseUnused()
        diffIDs.add(rows, hashes: entering.hashes[range])
        return rows
    }

    /// Callers validated `generators` first (`validateNew`, `checkRevealable`), so the walk cannot meet a cycle.
    private func appendRows(_ generators: [any RowGenerator], depth: Int, reuse: inout SubtreeReuse, to rows: inout [Row]) {
        do throws(DataDisplayError) {
            try FoldTree.walk(generators, depth: depth, scope: .shown) { g, depth throws(DataDisplayError) in
                if let old = reuse.row(for: g, depth: depth) {
                    self.noteEntered(old)
                    self.diffIDs.add(old)
                    rows.append(old)
                } else {
                    rows.append(self.makeRow(g, .row, depth: depth))
                }
            }
        } catch {
            preconditionFailure("rows made from unvalidated generators: \(error)")
        }
    }

    func replaceRow(_ old: Row, with new: Row) {
        forget([old])
        noteEntered(new)
        diffIDs.add(new)
        for s in state.indices {
            if state[s].header === old { state[s].header = new; takeController(ofSection: s, [new]); return }
            if state[s].footer === old { state[s].footer = new; takeController(ofSection: s, [new]); return }
            if old.role == .row, let i = state[s].index(of: old) { state[s].place([new], replacing: i..<(i + 1)); takeController(ofSection: s, [new]); return }
        }
    }
}
