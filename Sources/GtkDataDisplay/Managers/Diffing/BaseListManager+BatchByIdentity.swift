import DataDisplayDiff

// Batch: the end of a batch of single operations, diffed by row identity. The operations inside a
// batch keep the state whole — every row entering is made, every row leaving forgotten, lookups,
// links, hints and the shown-id table kept — and only skip their splices. What they did reaches the
// store as the diff of the flat rows by identity: rows that stay are the same `Row`s, so matching
// them is a positional walk over the unchanged prefix and suffix, and the work follows what changed.
// (The whole-state diff it replaces read every generator's id and rebuilt every section: a batch of
// one insert at a million rows took 235–248 ms.)

extension BaseListManager {
    /// Applies what the open batch did as the identity diff of the rows of `oldState` and the rows the
    /// state holds now, or returns false, changing nothing, where only the whole-state diff gives the
    /// batch its meaning: a row entering with the key of a row leaving (the whole-state diff keeps
    /// that row's object, rebinding it), or a key standing twice (its error names both places).
    /// `updating`: the rows `update` named inside the batch (rebound where they stay).
    func appliedBatchByIdentity(from oldState: [SectionState], updating: [Row]) -> Bool {
        // The rows that stay at either end, compared by address (no row retained): what is left
        // between them is all the batch changed.
        let old = Self.flatAddresses(of: oldState), new = Self.flatAddresses(of: state)
        var prefix = 0
        while prefix < min(old.count, new.count) && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Self.flatRows(of: oldState, in: prefix..<(old.count - suffix))
        let newMiddle = Self.flatRows(of: state, in: prefix..<(new.count - suffix))
        // Row objects are distinct, so the plan cannot fail.
        guard let plan = try? ListDiff.plan(old: oldMiddle.map(ObjectIdentifier.init), new: newMiddle.map(ObjectIdentifier.init),
                                            contentEqual: { _, _ in true }) else { return false }
        if plan.insertedRows > 0 {
            var entering: [Row] = []
            for (index, old) in plan.oldIndexOfNew.enumerated() where old < 0 { entering.append(newMiddle[index]) }
            if plan.removedRows > 0 {
                var kept = [Bool](repeating: false, count: oldMiddle.count)
                for old in plan.oldIndexOfNew where old >= 0 { kept[old] = true }
                var leavingKeys = Set<RowKey>()
                for index in oldMiddle.indices where !kept[index] { leavingKeys.insert(oldMiddle[index].key) }
                if entering.contains(where: { leavingKeys.contains($0.key) }) { return false }
            }
            if diffIDs.repeatsKey(of: entering, shown: shownRowsForIDCheck) { return false }
        }
        // Rows `update` named take their content as shown (as `update` does outside a batch); those
        // that stay are rebound and counted, as a whole state counts them (a row that entered is bound fresh).
        var updated: [Row] = []
        var named = Set<ObjectIdentifier>()
        for row in updating where named.insert(ObjectIdentifier(row)).inserted {
            guard self.row(of: row.generator) === row, let index = flatPosition(of: row) else { continue }  // gone again
            row.noteShown(revision: row.generator.contentRevision)
            guard index < prefix || index >= new.count - suffix || plan.oldIndexOfNew[index - prefix] >= 0 else { continue }
            row.contentVersion &+= 1
            updated.append(row)
        }
        var summary = UpdateSummary(plan: plan)
        summary.updated = updated.count
        lastUpdate = summary
        isApplying = true
        store.apply(plan.splices, at: prefix, newRows: newMiddle)
        for row in updated { row.rebindIfStale() }
        // Rows whose section controller changed inside the batch, and expanders whose state did.
        for row in batchRebinds where row.isBound {
            row.contentVersion &+= 1
            row.rebindIfStale()
        }
        for (item, _) in foldUndo { row(of: item)?.foldStateChanged() }
        isApplying = false
        return true
    }

    /// The addresses of the flat rows of `sections` (headers, rows, footers in list order), read in
    /// place: no row is retained, which at a million rows was most of what a batch's end cost.
    static func flatAddresses(of sections: [SectionState]) -> [UnsafeRawPointer] {
        var addresses: [UnsafeRawPointer] = []
        addresses.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        for section in sections {
            if let header = section.header { addresses.append(UnsafeRawPointer(Unmanaged.passUnretained(header).toOpaque())) }
            _ = section.rows.firstInChunks { (chunk: UnsafeBufferPointer<Row>, _) -> Bool? in
                for index in chunk.indices { addresses.append(UnsafeRawPointer(RowLinks.row(at: chunk.baseAddress! + index).toOpaque())) }
                return nil
            }
            if let footer = section.footer { addresses.append(UnsafeRawPointer(Unmanaged.passUnretained(footer).toOpaque())) }
        }
        return addresses
    }
}
