// Whole-state diffing off the main thread: a flattened state with its keys as values.

/// A whole state flattened, with the keys of old and new rows as values that another thread can
/// diff (`setStateInBackground`), in the cheapest form the ids allow (`DiffKeyLists`).
@MainActor
struct PreparedState {
    let flat: FlatState
    private(set) var keys: DiffKeyLists

    /// What the diff's thread reads, handed over: this state keeps none of it, so the diff's
    /// thread frees it (for a big list, freeing its keys took milliseconds of the main loop).
    mutating func takeKeys() -> DiffKeyLists {
        defer { keys = .rowKeys(old: [], new: []) }
        return keys
    }

    /// Flattens `sections`; throws if a generator instance stands twice.
    init(_ sections: [Section], oldFlat: [Row]) throws(DataDisplayError) {
        var flat = try FlatState(sections, oldFlat: oldFlat)
        // Checked here in full: the diff on the other thread can only report a repeated id.
        var seen = Set<ObjectIdentifier>(minimumCapacity: flat.count)
        for generator in flat.generators where !seen.insert(ObjectIdentifier(generator)).inserted {
            throw .duplicateGenerator(describe(generator))
        }
        if flat.hasOnlyPlainRows, (flat.generators.first?.diffKey ?? oldFlat.first?.generator.diffKey)?.word?.kind == 0,
           let ints = flat.keys(PlainIntKey.self, oldFlat: oldFlat) {
            keys = .plainInts(old: ints.old, new: ints.new)
        } else {
            guard let rowKeys = flat.keys(RowKey.self, oldFlat: oldFlat) else { preconditionFailure("RowKey holds every id") }
            keys = .rowKeys(old: rowKeys.old, new: rowKeys.new)
        }
        self.flat = flat
    }

    private init(flat: FlatState, keys: DiffKeyLists) {
        self.flat = flat
        self.keys = keys
    }

    /// A big state of one section of plain rows (`StateLanding.sizes.minimumRows`) replacing `shown` (the
    /// rows of the manager's one section, or none), its keys read a slice at a time with the main
    /// loop running between slices (generators are the main actor's: their ids are read there), and
    /// the shown rows gathered into the old flat list as they are read. The checks that no row is
    /// foldable or a header are made as the rows are read; no generator standing twice is left to the
    /// diff's thread, which finds its id twice (`structuralPlan`). Nil for any other state, or when the manager changed
    /// (`isUnchanged` false) while the keys were read: then `init`, which checks everything.
    /// `deadline`: when the first slice ends (the call's work before this counts in it); on return,
    /// when the last one does.
    static func inSlices(_ sections: [Section], shown: RowList, deadline: inout UInt64,
                         isUnchanged: () -> Bool) async -> (state: PreparedState, oldFlat: [Row])? {
        guard sections.count == 1, sections[0].header == nil, sections[0].footer == nil,
              max(sections[0].rows.count, shown.count) >= StateLanding.sizes.minimumRows,
              let flat = try? FlatState(sections, oldFlat: [], deferringFoldCheck: true) else { return nil }
        let generators = sections[0].rows
        var newKeys = DiffKeyLists.Builder(capacity: generators.count), oldKeys = DiffKeyLists.Builder(capacity: shown.count)
        var oldFlat: [Row] = []
        oldFlat.reserveCapacity(shown.count)
        // Yields to the frames once the slice's time is spent; false when the manager changed meanwhile.
        func slice() async -> Bool {
            guard StateLanding.now() >= deadline else { return true }
            await MainLoopTurn.afterFrames()
            deadline = StateLanding.sliceDeadline()
            // Rows of a changed manager may have ended: their keys cannot be read.
            return isUnchanged()
        }
        var plainType: ObjectIdentifier?   // the last type found a plain row's
        var index = 0
        while index < generators.count {
            let end = min(index + StateLanding.sizes.rowsPerStep, generators.count)
            let plain = generators.withUnsafeBufferPointer { buffer in
                for i in index..<end {
                    let type = ObjectIdentifier(Swift.type(of: buffer[i]))
                    if type != plainType {
                        let traits = GeneratorTraits.traits(buffer[i])
                        guard !traits.isFoldable, traits.fits(.row) else { return false }
                        plainType = type
                    }
                    newKeys.append(RowKey(role: .row, depth: 0, id: KeyedRowGenerator.diffKey(at: buffer, i)))
                }
                return true
            }
            guard plain else { return nil }
            index = end
            guard await slice() else { return nil }
        }
        for chunk in shown.chunks {
            var start = 0
            while start < chunk.count {
                let end = min(start + StateLanding.sizes.rowsPerStep, chunk.count)
                chunk.withUnsafeBufferPointer { rows in
                    for i in start..<end {
                        oldKeys.append(rows[i].key)
                        oldFlat.append(rows[i])
                    }
                }
                start = end
                guard await slice() else { return nil }
            }
        }
        return (PreparedState(flat: flat, keys: DiffKeyLists(old: oldKeys, new: newKeys)), oldFlat)
    }
}
