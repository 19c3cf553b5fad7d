import DataDisplayDiff

// Whole-state diffing: `setState` (and the end of a batch) matches the old rows with the new state
// by (role, depth, diff id), keeps matched row objects, splices the store and rebinds changed rows.
// (`setState` and `arrange` themselves stand in the class body, since kinds of manager override them.)

extension BaseListManager {
    /// The diffed path shared by `setState` and `batch`: match `oldFlat` with `sections` by
    /// (role, depth, diff id), reuse matched row objects, splice the store, rebind changed rows.
    func applyState(_ sections: [Section], from oldFlat: [Row], forcedUpdates: Set<RowKey>) throws(DataDisplayError) {
        let prepared = try PreparedState(sections, oldFlat: oldFlat)
        let entries = prepared.entries
        let newKeys = prepared.newKeys
        let plan = try Self.plan(old: prepared.oldKeys, new: newKeys) { oldIndex, newIndex in
            oldFlat[oldIndex].showsContent(of: entries[newIndex].generator)
                && !forcedUpdates.contains(newKeys[newIndex])
        }
        // The diff only hashes the changed middle of the lists. The old state has no duplicate ids,
        // so a new duplicate can only hide behind a row the plan inserts: check fully in that case.
        if plan.insertedRows > 0 { try Self.checkUniqueIDs(prepared.newKeys) }
        commit(prepared, plan: plan, oldFlat: oldFlat)
    }

    /// Applies a plan computed for `prepared` against `oldFlat`. Nothing can fail from here on.
    func commit(_ prepared: PreparedState, plan: SplicePlan, oldFlat: [Row]) {
        let entries = prepared.entries
        let sectionCounts = prepared.sectionCounts
        let hadControllers = SelectionDispatch.controlledRows.load(ordering: .relaxed) > 0
        var newFlat: [Row] = []
        newFlat.reserveCapacity(entries.count)
        var handedOver: [(row: Row, previous: any RowGenerator)] = []
        var recycling = RowRecycling(plan: plan, oldFlat: oldFlat, newSlot: { RowSlotKey(entries[$0].role, entries[$0].depth) },
                                     isPinned: store.isPinned)
        for (index, entry) in entries.enumerated() {
            let oldIndex = plan.oldIndexOfNew[index]
            let row: Row
            if let lent = recycling?.row(for: index) {
                // A row the view shows that leaves its realised range: this row, coming into it, takes
                // its row object, so GTK keeps the list item and the cell rebinds (see `RowRecycling`).
                lent.take(entry.generator)
                lent.contentVersion &+= 1
                row = lent
            } else if oldIndex >= 0, recycling?.wasLent(oldIndex) != true {
                row = oldFlat[oldIndex]
                let previous = row.generator
                if previous !== entry.generator || row.shownRevision != previous.contentRevision {
                    row.take(entry.generator)
                    if row.isBound, previous !== entry.generator { handedOver.append((row, previous)) }
                }
            } else {
                row = Row(generator: entry.generator, role: entry.role, depth: entry.depth)
            }
            newFlat.append(row)
        }
        for index in plan.updated { newFlat[index].contentVersion &+= 1 }
        // Bound rows now shown by an equal new generator keep their views; the generator adopts them.
        for (row, previous) in handedOver { row.handViewOver(from: previous) }

        var rebuilt: [SectionState] = []
        rebuilt.reserveCapacity(sectionCounts.count)
        let inherited = controllersByHeaderID()
        var controllerChanged: [Row] = []
        var cursor = 0
        for (index, counts) in sectionCounts.enumerated() {
            var s = SectionState(controllerBox: Self.controllerBox(of: prepared.sections[index], inheriting: inherited))
            let start = cursor
            if counts.header { s.header = newFlat[cursor]; cursor += 1 }
            s.rows = Array(newFlat[cursor..<(cursor + counts.rows)])
            s.noteLocations(section: index)
            cursor += counts.rows
            if counts.footer { s.footer = newFlat[cursor]; cursor += 1 }
            if s.controllerBox != nil || hadControllers {
                controllerChanged += takeController(s.controllerBox, newFlat[start..<cursor])
            }
            rebuilt.append(s)
        }
        state = rebuilt
        rowLookup = nil
        diffIDs.invalidate()

        lastUpdate = UpdateSummary(plan: plan)
        isApplying = true
        store.apply(plan, newRows: newFlat)
        for index in plan.updated { newFlat[index].rebindIfStale() }
        for row in recycling?.lent ?? [] { row.rebindIfStale() }
        // Kept rows whose section controller changed: what it decides (selectable, height) is redrawn
        // (once: rows the plan updated were just rebound).
        if !controllerChanged.isEmpty {
            let rebound = Set(plan.updated.map { ObjectIdentifier(newFlat[$0]) })
            for row in controllerChanged where row.isBound && !rebound.contains(ObjectIdentifier(row)) {
                row.contentVersion &+= 1
                row.rebindIfStale()
            }
        }
        // A kept foldable row may have been expanded or collapsed by the new state.
        if prepared.hasFoldables {
            for row in newFlat where row.isBound { row.foldStateChanged() }
        }
        isApplying = false
    }

    /// `setState` inside a batch: the new state replaces the rows at once, and the batch diffs at its end.
    func replaceStateInBatch(_ sections: [Section]) throws(DataDisplayError) {
        let foldStates = ShownFoldStates(flatRows())
        var seen = Set<ObjectIdentifier>()
        var rebuilt: [SectionState] = []
        var lookup: [ObjectIdentifier: Row] = [:]
        func row(_ g: any RowGenerator, _ role: RowRole, _ depth: Int = 0) throws(DataDisplayError) -> Row {
            guard seen.insert(ObjectIdentifier(g)).inserted else { throw .duplicateGenerator(describe(g)) }
            let r = rowsByGenerator[ObjectIdentifier(g)].flatMap { $0.role == role && $0.depth == depth ? $0 : nil }
                ?? Row(generator: g, role: role, depth: depth)
            lookup[ObjectIdentifier(g)] = r
            return r
        }
        var entries: [Entry] = []
        for section in sections {
            if let h = section.header { entries.append(Entry(generator: h, role: .header, depth: 0)) }
            try Self.appendEntries(section.rows, depth: 0, to: &entries, foldStates: foldStates)
            if let f = section.footer { entries.append(Entry(generator: f, role: .footer, depth: 0)) }
        }
        let inherited = controllersByHeaderID()
        for section in sections {
            var rows: [Row] = []
            try FoldTree.walk(section.rows, scope: .shown) { g, depth throws(DataDisplayError) in
                rows.append(try row(g, .row, depth))
            }
            rebuilt.append(SectionState(header: try section.header.map { h throws(DataDisplayError) in try row(h, .header) },
                                        rows: rows,
                                        footer: try section.footer.map { f throws(DataDisplayError) in try row(f, .footer) },
                                        controllerBox: Self.controllerBox(of: section, inheriting: inherited)))
        }
        // Checked now, not when the batch ends, so the body never runs on after a bad state.
        try Self.checkUniqueIDs(entries.map { RowKey(role: $0.role, depth: $0.depth, id: $0.generator.diffKey) })
        state = rebuilt
        retakeControllers()
        rowsByGenerator = lookup
        diffIDs.invalidate()
    }
}

extension BaseListManager {
    /// The diff of two key lists. Every operation keeps the shown ids unique, so a repeat is the
    /// new state's (or, if a generator changed its id while shown, the old state's) and an error.
    nonisolated static func plan(old: [RowKey], new: [RowKey],
                                 contentEqual: (Int, Int) -> Bool) throws(DataDisplayError) -> SplicePlan {
        do throws(DiffError) {
            return try ListDiff.plan(old: old, new: new, contentEqual: contentEqual)
        } catch {
            throw diffIDError(error, old: old, new: new)
        }
    }

    /// The manager's error for a diff's error, naming the row key.
    nonisolated static func diffIDError(_ error: DiffError, old: [RowKey], new: [RowKey]) -> DataDisplayError {
        guard case let .duplicateID(side, _, first, second) = error else { return .duplicateDiffID(error.description) }
        let keys = side == .old ? old : new
        return .duplicateDiffID("\(keys[first]) in the \(side == .old ? "old" : "new") state at \(first) and \(second)")
    }

    nonisolated static func checkUniqueIDs(_ keys: [RowKey]) throws(DataDisplayError) {
        var seen = Set<RowKey>(minimumCapacity: keys.count)
        for (index, key) in keys.enumerated() where !seen.insert(key).inserted {
            let first = keys.firstIndex(of: key)!
            throw .duplicateDiffID("\(key) in the new state at \(first) and \(index)")
        }
    }
}
