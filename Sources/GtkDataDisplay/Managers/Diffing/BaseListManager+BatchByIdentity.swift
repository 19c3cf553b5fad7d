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
        // The rows that stay at either end: what is left between them is all the batch changed.
        let oldCount = oldState.reduce(0) { $0 + $1.count }, newCount = state.reduce(0) { $0 + $1.count }
        let prefix = Self.commonFlatPrefix(oldState, state)
        let suffix = Self.commonFlatSuffix(oldState, state, limit: min(oldCount, newCount) - prefix)
        let oldMiddle = Self.flatRows(of: oldState, in: prefix..<(oldCount - suffix))
        let newMiddle = Self.flatRows(of: state, in: prefix..<(newCount - suffix))
        // Row objects are distinct, so the plan cannot fail.
        guard let plan = try? ListDiff.plan(old: oldMiddle, new: newMiddle,
                                            options: splicePlanOptions(oldRows: oldMiddle, at: prefix),
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
        var named = Set<Row>()
        for row in updating where named.insert(row).inserted {
            guard self.row(of: row.generator) === row, let index = flatPosition(of: row) else { continue }  // gone again
            row.noteShown(revision: row.generator.contentRevision)
            guard index < prefix || index >= newCount - suffix || plan.oldIndexOfNew[index - prefix] >= 0 else { continue }
            row.contentChanged()
            updated.append(row)
        }
        var summary = UpdateSummary(plan: plan, oldCount: oldMiddle.count)
        summary.updated = updated.count
        lastUpdate = summary
        isApplying = true
        store.apply(plan.splices, at: prefix, newRows: newMiddle)
        for row in updated { row.rebindIfStale() }
        // Rows whose section controller changed inside the batch, and expanders whose state did.
        for row in batchRebinds where row.isBound && self.row(of: row.generator) === row {  // not a row that left
            row.contentChanged()
            row.rebindIfStale()
        }
        for (item, _) in foldUndo { row(of: item)?.foldStateChanged() }
        isApplying = false
        return true
    }

    /// How many flat rows from the start `old` and `new` hold alike, section by section: headers and
    /// footers by identity, rows by `RowList.commonPrefixCount(with:)`, which passes the chunks a batch
    /// left untouched without reading them — so the work follows what the batch changed, not the list
    /// (a batch of one insert into a million rows read and compared every row: 2 ms).
    static func commonFlatPrefix(_ old: [SectionState], _ new: [SectionState]) -> Int {
        var common = 0
        for (a, b) in zip(old, new) {
            guard a.header === b.header else { return common }
            if a.header != nil { common += 1 }
            let rows = a.rows.commonPrefixCount(with: b.rows)
            common += rows
            guard rows == a.rows.count && rows == b.rows.count, a.footer === b.footer else { return common }
            if a.footer != nil { common += 1 }
        }
        return common
    }

    /// How many flat rows from the end `old` and `new` hold alike, at most `limit` (the rows the common
    /// prefix left): `commonFlatPrefix` from the other end.
    static func commonFlatSuffix(_ old: [SectionState], _ new: [SectionState], limit: Int) -> Int {
        var common = 0
        for (a, b) in zip(old.reversed(), new.reversed()) {
            guard common < limit, a.footer === b.footer else { return common }
            if a.footer != nil { common += 1 }
            let rows = a.rows.commonSuffixCount(with: b.rows, limit: limit - common)
            common += rows
            guard rows == a.rows.count && rows == b.rows.count, common < limit, a.header === b.header else { return min(common, limit) }
            if a.header != nil { common += 1 }
        }
        return min(common, limit)
    }
}
