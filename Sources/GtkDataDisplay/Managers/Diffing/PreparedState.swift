// Whole-state diffing: a state flattened into entries and keys, ready to diff against the rows shown.

/// A whole state flattened for diffing: its rows in list order and the keys of old and new rows.
@MainActor
struct PreparedState {
    let entries: [Entry]
    let sectionCounts: [(header: Bool, rows: Int, footer: Bool)]
    /// The sections as given (for their controllers).
    let sections: [Section]
    /// Whether any row is foldable (only then can a kept row's expander need redrawing).
    let hasFoldables: Bool
    let oldKeys: [RowKey]
    let newKeys: [RowKey]

    /// Flattens `sections` (headers, rows with the visible descendants of expanded foldables,
    /// footers); throws if a generator instance stands twice.
    init(_ sections: [Section], oldFlat: [Row]) throws(DataDisplayError) {
        var entries: [Entry] = []
        entries.reserveCapacity(oldFlat.count)
        var sectionCounts: [(header: Bool, rows: Int, footer: Bool)] = []
        var hasFoldables = false
        let foldStates = ShownFoldStates(oldFlat)
        for section in sections {
            if let h = section.header { entries.append(Entry(generator: h, role: .header, depth: 0)) }
            let before = entries.count
            if try BaseListManager.appendEntries(section.rows, depth: 0, to: &entries, foldStates: foldStates) {
                hasFoldables = true
            }
            sectionCounts.append((section.header != nil, entries.count - before, section.footer != nil))
            if let f = section.footer { entries.append(Entry(generator: f, role: .footer, depth: 0)) }
        }
        // Plain loops, not `map`: a main-actor closure handed to a nonisolated function checks the
        // executor on every call, which cost as much as the rest of the row's work.
        var seen = Set<ObjectIdentifier>(minimumCapacity: entries.count)
        var newKeys: [RowKey] = []
        newKeys.reserveCapacity(entries.count)
        for entry in entries {
            guard seen.insert(ObjectIdentifier(entry.generator)).inserted else {
                throw .duplicateGenerator(describe(entry.generator))
            }
            newKeys.append(RowKey(role: entry.role, depth: entry.depth, id: entry.generator.diffKey))
        }
        var oldKeys: [RowKey] = []
        oldKeys.reserveCapacity(oldFlat.count)
        for row in oldFlat { oldKeys.append(RowKey(role: row.role, depth: row.depth, id: row.generator.diffKey)) }
        self.entries = entries
        self.sectionCounts = sectionCounts
        self.sections = sections
        self.hasFoldables = hasFoldables
        self.oldKeys = oldKeys
        self.newKeys = newKeys
    }
}

/// One row of a state being flattened.
struct Entry {
    let generator: any RowGenerator
    let role: RowRole
    let depth: Int
}

extension BaseListManager {
    /// Appends `generators` at `depth`, each followed by the visible descendants of expanded foldables.
    /// A foldable that did not choose its fold state takes the one `foldStates` shows for its key.
    /// Returns whether any of them is foldable; throws `.foldingCycle` for a foldable shown inside itself.
    @discardableResult
    static func appendEntries(_ generators: [any RowGenerator], depth: Int, to entries: inout [Entry],
                              foldStates: ShownFoldStates) throws(DataDisplayError) -> Bool {
        var foundFoldable = false
        try FoldTree.walk(generators, depth: depth, scope: .shown) { g, depth throws(DataDisplayError) in
            entries.append(Entry(generator: g, role: .row, depth: depth))
            if let foldable = GeneratorTraits.foldable(g) {
                foundFoldable = true
                foldStates.inherit(foldable, depth: depth)
            }
        }
        return foundFoldable
    }
}
