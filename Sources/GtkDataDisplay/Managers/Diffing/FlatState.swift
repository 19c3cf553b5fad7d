// Whole-state diffing: a state flattened into its rows in list order, ready to diff.

/// A whole state flattened: its generators in list order (headers, rows with the visible
/// descendants of expanded foldables, footers) with each one's role and depth.
///
/// Built for every `setState`, so it does as little per row as it can: a single section of plain
/// rows shares the section's own array, and a generator standing twice is found without hashing
/// every row (see `init`).
@MainActor
struct FlatState {
    /// The generators in list order (a single section's own array, or every section's references
    /// copied unretained beside the arrays that hold them: `FlatGenerators`).
    private(set) var generators = FlatGenerators()
    /// Each generator's `RowSlot`; empty while every row is a plain row at depth 0.
    private(set) var slots: [UInt32] = []
    private(set) var sectionCounts: [(header: Bool, rows: Int, footer: Bool)] = []
    /// The sections as given (for their controllers).
    let sections: [Section]
    /// Whether any row is foldable (only then can a kept row's expander need redrawing).
    private(set) var hasFoldables = false
    /// Generators that are not plain rows (headers, footers, child rows), by identity.
    private var others = GeneratorSet()
    /// The first generator found standing twice while flattening (thrown at the end of `init`).
    private var repeated: (any RowGenerator)?
    /// Whether sections' rows were taken as plain rows without looking for foldable ones: `keys`
    /// looks as it reads each row's id (one pass over the generators instead of two), and when it
    /// finds one it sets `foundFoldable` and gives no keys — the state is then flattened again.
    let foldCheckDeferred: Bool
    /// Set by `keys` on meeting a foldable row while the fold check is deferred.
    private(set) var foundFoldable = false

    /// Flattens `sections`; throws if a generator instance stands twice in different roles or
    /// depths (twice as plain rows, it shows as a repeated diff id: see `duplicateError`).
    /// `deferringFoldCheck`: take every section's rows as plain rows, for `keys` to check.
    init(_ sections: [Section], oldFlat: [Row], deferringFoldCheck: Bool = false) throws(DataDisplayError) {
        self.sections = sections
        foldCheckDeferred = deferringFoldCheck
        var foldStates: ShownFoldStates?
        if sections.count > 1 {
            // Room for every section's rows at once (foldables' children may add more): no regrowth
            // copies (26 sections of 100k rows: 19 instructions a row).
            generators.reserveCapacity(sections.reduce(0) { $0 + $1.rows.count + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) })
        }
        for section in sections {
            if let header = section.header { appendOther(header, RowSlot.make(.header, 0)) }
            let before = generators.count
            if deferringFoldCheck || !Self.containsFoldable(section.rows) {
                generators.append(contentsOf: section.rows)  // the section's own array while it is the first
                if !slots.isEmpty { slots.append(contentsOf: repeatElement(RowSlot.plain, count: section.rows.count)) }
            } else {
                hasFoldables = true
                if foldStates == nil { foldStates = ShownFoldStates(oldFlat) }
                var entries: [Entry] = []
                try BaseListManager.appendEntries(section.rows, depth: 0, to: &entries, foldStates: foldStates!)
                for entry in entries {
                    if entry.depth == 0 {
                        generators.append(entry.generator)
                        if !slots.isEmpty { slots.append(RowSlot.plain) }
                    } else {
                        appendOther(entry.generator, RowSlot.make(.row, entry.depth))
                    }
                }
            }
            sectionCounts.append((section.header != nil, generators.count - before, section.footer != nil))
            if let footer = section.footer { appendOther(footer, RowSlot.make(.footer, 0)) }
        }
        // A generator that stands both as a plain row and as something else.
        if repeated == nil && !others.isEmpty {
            repeated = generators.indices.first { slot(at: $0) == RowSlot.plain && others.contains(generators[$0]) }
                .map { generators[$0] }
        }
        if let repeated {
            // A foldable shown inside itself is reported first, wherever it stands (as `setState`'s
            // semantics order the errors): rows taken as plain were not walked for it yet.
            if deferringFoldCheck {
                for section in sections { try FoldTree.checkAcyclic(section.rows, scope: .shown) }
            }
            throw .duplicateGenerator(describe(repeated))
        }
    }

    /// Rows in the flattened state.
    var count: Int { generators.count }

    func slot(at index: Int) -> UInt32 { slots.isEmpty ? RowSlot.plain : slots[index] }
    /// Whether every row is a plain row at depth 0 (no header, footer or child row).
    var hasOnlyPlainRows: Bool { slots.isEmpty }
    func role(at index: Int) -> RowRole { RowSlot.role(slot(at: index)) }
    func depth(at index: Int) -> Int { RowSlot.depth(slot(at: index)) }

    /// Appends a header, footer or child row; one already appended as such is noted in `repeated`
    /// (thrown once every section is flattened: a folding cycle in a later section comes first).
    private mutating func appendOther(_ generator: any RowGenerator, _ slot: UInt32) {
        if !others.insert(generator) && repeated == nil { repeated = generator }
        if slots.isEmpty { slots = [UInt32](repeating: RowSlot.plain, count: generators.count) }
        generators.append(generator)
        slots.append(slot)
    }

    /// Whether any of `generators` is foldable (a per-type answer, no cast per row).
    private static func containsFoldable(_ generators: [any RowGenerator]) -> Bool {
        var plainType: ObjectIdentifier?  // the last type checked (rows of one type are checked once)
        for generator in generators {
            let type = ObjectIdentifier(Swift.type(of: generator))
            guard type != plainType else { continue }
            if GeneratorTraits.isFoldable(generator) { return true }
            plainType = type
        }
        return false
    }

    /// The error for two rows with one key at new positions `first` and `second`: the same
    /// generator twice is `.duplicateGenerator`, two generators with one id `.duplicateDiffID`.
    func duplicateError(_ key: RowKey, first: Int, second: Int) -> DataDisplayError {
        if generators[first] === generators[second] { return .duplicateGenerator(describe(generators[first])) }
        return .duplicateDiffID("\(key) in the new state at \(first) and \(second)")
    }

    /// The keys of the new rows and of `oldFlat` in form `K` (the old ones `shown` when given);
    /// nil when an id does not fit the form, or when a plain row is foldable while the fold check
    /// is deferred (then `foundFoldable` is set).
    mutating func keys<K: FlatKey>(_: K.Type, oldFlat: [Row], shown: [K]? = nil) -> (old: [K], new: [K])? {
        // Through borrowed buffers: reading an element of an array retains it, a buffer's does not.
        var new: [K] = []
        new.reserveCapacity(generators.count)
        let checkingFolds = foldCheckDeferred
        var foldable = false
        // The last type checked (rows of one type are checked once), here and not in a helper:
        // handing the borrowed generator to a function retains it, once per row.
        var plainType: ObjectIdentifier?
        let complete = generators.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                unowned(unsafe) let generator = buffer[index]  // the array holds it
                let slot = slot(at: index)
                if checkingFolds, slot == RowSlot.plain {
                    let type = ObjectIdentifier(Swift.type(of: generator))
                    if type != plainType {
                        if GeneratorTraits.isFoldable(generator) {
                            foldable = true
                            return false
                        }
                        plainType = type
                    }
                }
                // Read in place (the library's generator classes), not through the getter: calling it
                // retained and released the generator.
                guard let key = K(slot: slot, id: StoredDiffKeys.key(ofGeneratorAt: buffer.baseAddress! + index)) else { return false }
                new.append(key)
            }
            return true
        }
        if foldable { foundFoldable = true }
        guard complete else { return nil }
        if let shown { return (shown, new) }
        var old: [K] = []
        old.reserveCapacity(oldFlat.count)
        let completeOld = oldFlat.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let row = rows[index]  // a handle; the row holds its generator
                unowned(unsafe) let generator = row.generator
                guard let key = K(slot: RowSlot.make(row.role, row.depth), id: generator.diffKey) else { return false }
                old.append(key)
            }
            return true
        }
        return completeOld ? (old, new) : nil
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
