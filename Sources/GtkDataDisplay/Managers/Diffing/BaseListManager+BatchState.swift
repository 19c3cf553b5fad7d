// `setState` inside a batch: the new state replaces the rows at once (kept rows by generator, new
// ones made), and the batch diffs the whole of it against where it started when it ends.

extension BaseListManager {
    /// `setState` inside a batch: the new state replaces the rows at once, and the batch diffs at its end.
    func replaceStateInBatch(_ sections: [Section]) throws(DataDisplayError) {
        let foldStates = ShownFoldStates(flatRows())
        var seen = Set<ObjectIdentifier>()
        var rebuilt: [SectionState] = []
        var lookup: RowLookup = [:]
        func row(_ g: any RowGenerator, _ role: RowRole, _ depth: Int = 0) throws(DataDisplayError) -> Row {
            guard seen.insert(ObjectIdentifier(g)).inserted else { throw .duplicateGenerator(describe(g)) }
            let r: Row
            if let shown = self.row(of: g), shown.role == role, shown.depth == depth {
                r = shown
            } else {
                r = Row(generator: g, role: role, depth: depth)
                // Ends with the batch unless the state it ends with holds it (this one may still throw).
                retiring.append(r)
            }
            lookup[ObjectIdentifier(g)] = r
            return r
        }
        var entries: [Entry] = []
        for section in sections {
            if let h = section.header {
                try GeneratorTraits.check(h, as: .header)
                entries.append(Entry(generator: h, role: .header, depth: 0))
            }
            try Self.appendEntries(section.rows, depth: 0, to: &entries, foldStates: foldStates)
            if let f = section.footer {
                try GeneratorTraits.check(f, as: .footer)
                entries.append(Entry(generator: f, role: .footer, depth: 0))
            }
        }
        let inherited = controllersByHeaderID()
        for section in sections {
            var rows: [Row] = []
            try FoldTree.walk(section.rows, scope: .shown) { g, depth throws(DataDisplayError) in
                rows.append(try row(g, .row, depth))
            }
            rebuilt.append(SectionState(id: newSectionIDs(), header: try section.header.map { h throws(DataDisplayError) in try row(h, .header) },
                                        rows: rows,
                                        footer: try section.footer.map { f throws(DataDisplayError) in try row(f, .footer) },
                                        controllerBox: Self.controllerBox(of: section, inheriting: inherited)))
        }
        // Checked now, not when the batch ends, so the body never runs on after a bad state.
        try Self.checkUniqueIDs(entries.map { RowKey(role: $0.role, depth: $0.depth, id: $0.generator.diffKey) })
        // The rows replaced end with the batch unless the new state keeps them.
        retiring.append(contentsOf: flatRows())
        state = rebuilt
        retakeControllers()
        stopLinking(table: lookup)
        diffIDs.invalidate()
        batchReplacedState = true
    }
}
