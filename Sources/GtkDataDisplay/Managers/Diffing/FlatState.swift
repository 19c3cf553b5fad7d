// Whole-state diffing: a state flattened into its rows in list order, ready to diff.

/// A whole state flattened: its generators in list order (headers, rows with the visible
/// descendants of expanded foldables, footers) with each one's role and depth.
///
/// Built for every `setState`, so it does as little per row as it can: a single section of plain
/// rows shares the section's own array, and a generator standing twice is found without hashing
/// every row (see `init`).
@MainActor
struct FlatState {
    /// The generators in list order, kept as the sections' own arrays (`FlatGenerators`).
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
    /// Whether sections' rows were taken as plain rows without looking at their types (foldable, or
    /// not a row at all): `keys` looks as it reads each row's id (one pass over the generators
    /// instead of two), and when it finds one that is not a plain row it sets `foundUnplainRow` and
    /// gives no keys — the state is then flattened again, with every check.
    let foldCheckDeferred: Bool
    /// Set by `keys` on meeting a foldable row, or a header or footer generator among the rows,
    /// while the fold check is deferred.
    private(set) var foundUnplainRow = false

    /// Flattens `sections`; throws if a generator stands in a role its type does not take
    /// (`.wrongRole`) or a generator instance stands twice in different roles or depths (twice as
    /// plain rows, it shows as a repeated diff id: see `duplicateError`).
    /// `deferringFoldCheck`: take every section's rows as plain rows, for `keys` to check.
    init(_ sections: [Section], oldFlat: [Row], deferringFoldCheck: Bool = false) throws(DataDisplayError) {
        self.sections = sections
        foldCheckDeferred = deferringFoldCheck
        var foldStates: ShownFoldStates?
        // A header or footer of the wrong type, met while the rows' checks are deferred: reported in
        // the order the full checks meet every problem (below).
        var misplaced = false
        func place(_ generator: any RowGenerator, as role: RowRole) throws(DataDisplayError) {
            if deferringFoldCheck {
                if !GeneratorTraits.traits(generator).fits(role) { misplaced = true }
            } else {
                try GeneratorTraits.check(generator, as: role)
            }
            appendOther(generator, RowSlot.make(role, 0))
        }
        for section in sections {
            if let header = section.header { try place(header, as: .header) }
            let before = generators.count
            let plainRows = deferringFoldCheck ? true : !(try Self.containsFoldable(section.rows))
            if plainRows {
                generators.append(contentsOf: section.rows)  // the section's own array
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
            if let footer = section.footer { try place(footer, as: .footer) }
        }
        // A generator that stands both as a plain row and as something else.
        if repeated == nil && !others.isEmpty {
            _ = generators.forEachPart { part, start in
                for offset in part.indices where slot(at: start + offset) == RowSlot.plain && others.contains(part[offset]) {
                    repeated = part[offset]
                    return false
                }
                return true
            }
        }
        if deferringFoldCheck && (misplaced || repeated != nil) {
            // Rows taken as plain were not walked yet: the full checks report what `setState`'s
            // semantics report first (a wrong role or a foldable shown inside itself, in list order,
            // before any generator standing twice).
            _ = try FlatState(sections, oldFlat: oldFlat)
        }
        if let repeated {
            throw .duplicateGenerator(describe(repeated))
        }
    }

    /// Rows in the flattened state.
    var count: Int { generators.count }

    func slot(at index: Int) -> UInt32 { slots.isEmpty ? RowSlot.plain : slots[index] }
    /// Whether every row is a plain row at depth 0 (no header, footer or child row).
    var hasOnlyPlainRows: Bool { slots.isEmpty }
    /// Whether every row is a section's row or a child row (no header or footer).
    var hasOnlyRows: Bool { sectionCounts.allSatisfy { !$0.header && !$0.footer } }
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

    /// Whether any of `generators` is foldable (a per-type answer, no cast per row); throws
    /// `.wrongRole` for a header or footer generator among them.
    private static func containsFoldable(_ generators: [any RowGenerator]) throws(DataDisplayError) -> Bool {
        var plainType: ObjectIdentifier?  // the last type checked (rows of one type are checked once)
        for generator in generators {
            let type = ObjectIdentifier(Swift.type(of: generator))
            guard type != plainType else { continue }
            let traits = GeneratorTraits.traits(generator)
            // A foldable's section is walked row by row (`appendEntries`), which checks every role.
            if traits.isFoldable { return true }
            if !traits.fits(.row) { try GeneratorTraits.check(generator, as: .row) }
            plainType = type
        }
        return false
    }

    /// The key of the new row at `index`, as the manager's errors name it.
    func rowKey(at index: Int) -> RowKey {
        RowKey(role: role(at: index), depth: depth(at: index), id: generators[index].diffKey)
    }

    /// The error for two rows with one key at new positions `first` and `second`: the same
    /// generator twice is `.duplicateGenerator`, two generators with one id `.duplicateDiffID`.
    func duplicateError(_ key: RowKey, first: Int, second: Int) -> DataDisplayError {
        if generators[first] === generators[second] { return .duplicateGenerator(describe(generators[first])) }
        return .duplicateDiffID("\(key) in the new state at \(first) and \(second)")
    }

    /// The keys of the new rows and of `oldFlat` in form `K` (the old ones `shown` when given);
    /// nil when an id does not fit the form, or when a row taken as plain is foldable or no row
    /// generator while the fold check is deferred (then `foundUnplainRow` is set).
    mutating func keys<K: FlatKey>(_: K.Type, oldFlat: [Row], shown: [K]? = nil) -> (old: [K], new: [K])? {
        // Through borrowed buffers: reading an element of an array retains it, a buffer's does not.
        var new: [K] = []
        new.reserveCapacity(generators.count)
        let checkingFolds = foldCheckDeferred
        var unplain = false
        // The last type checked (rows of one type are checked once), here and not in a helper:
        // handing the borrowed generator to a function retains it, once per row.
        var plainType: ObjectIdentifier?
        let complete = generators.forEachPart { buffer, start in
            for offset in buffer.indices {
                let index = start + offset
                unowned(unsafe) let generator = buffer[offset]  // the array holds it
                let slot = slot(at: index)
                if checkingFolds, slot == RowSlot.plain {
                    let type = ObjectIdentifier(Swift.type(of: generator))
                    if type != plainType {
                        let traits = GeneratorTraits.traits(generator)
                        if traits.isFoldable || !traits.fits(.row) {
                            unplain = true
                            return false
                        }
                        plainType = type
                    }
                }
                // A field read for the library's generators (a call through the witness table retains
                // and releases the generator around it).
                guard let key = K(slot: slot, id: KeyedRowGenerator.diffKey(at: buffer, offset)) else { return false }
                new.append(key)
            }
            return true
        }
        if unplain { foundUnplainRow = true }
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
    /// Returns whether any of them is foldable; throws `.foldingCycle` for a foldable shown inside
    /// itself, `.wrongRole` for a header or footer generator among them.
    @discardableResult
    static func appendEntries(_ generators: [any RowGenerator], depth: Int, to entries: inout [Entry],
                              foldStates: ShownFoldStates) throws(DataDisplayError) -> Bool {
        var foundFoldable = false
        try FoldTree.walk(generators, depth: depth, scope: .shown) { g, depth throws(DataDisplayError) in
            try GeneratorTraits.check(g, as: .row)
            entries.append(Entry(generator: g, role: .row, depth: depth))
            if let foldable = GeneratorTraits.foldable(g) {
                foundFoldable = true
                foldStates.inherit(foldable, depth: depth)
            }
        }
        return foundFoldable
    }
}
