// Rows by position: walks over the sections that name the rows at store positions, without a flat
// array (the selection reads its rows this way).

extension BaseListManager {
    /// Whether `state` lists what the store holds right now: not inside a batch (it reaches the
    /// store at its end) nor during a splice.
    var stateMatchesStore: Bool { batchDepth == 0 && !isApplying }

    /// Calls `body` with each position of `positions` and the row there, in list order. A walk
    /// over the sections — a section wholly in `positions` row by row, a partly covered one by the
    /// bitset's positions — so O(sections + positions), no flat array; store lookups when the
    /// sections do not match the store (inside a batch or a splice).
    func forEachRow(at positions: Bitset, _ body: (Int, Row) -> Void) {
        guard let last = positions.last else { return }
        guard stateMatchesStore else {
            for position in positions { if let row = store.row(at: position) { body(position, row) } }
            return
        }
        var offset = 0
        for section in state {
            guard offset <= last else { return }
            let count = section.count
            let end = offset + count
            let inside = positions.count(in: offset..<end)
            if inside == count {
                section.forEachRow(from: offset, body)
            } else if inside > 0 {
                for position in positions.positions(from: offset, below: end) {
                    body(position, section.row(at: position - offset))
                }
            }
            offset = end
        }
    }

    /// Calls `body` with every row and its position, in list order (no flat array).
    func forEachRow(_ body: (Int, Row) -> Void) {
        guard stateMatchesStore else {
            for position in 0..<store.count { if let row = store.row(at: position) { body(position, row) } }
            return
        }
        var offset = 0
        for section in state {
            section.forEachRow(from: offset, body)
            offset += section.count
        }
    }
}

extension SectionState {
    /// The row at `index` of the section's flat range (header, rows, footer).
    func row(at index: Int) -> Row {
        if let header {
            if index == 0 { return header }
            if index - 1 < rows.count { return rows[index - 1] }
        } else if index < rows.count {
            return rows[index]
        }
        return footer!
    }

    /// Calls `body` with each row of the section and its flat position, the section starting at `offset`.
    func forEachRow(from offset: Int, _ body: (Int, Row) -> Void) {
        var position = offset
        if let header { body(position, header); position += 1 }
        for row in rows { body(position, row); position += 1 }
        if let footer { body(position, footer) }
    }
}
