import DataDisplayDiff

// Single operations reaching the store: one splice, a splice diffed by row identity, or an in-place
// rebind. Inside a batch the splices are skipped: the batch diffs once at its end.

extension BaseListManager {
    /// One splice on the store (skipped inside a batch: the batch diffs at its end).
    func splice(at position: Int, removing: Int, inserting rows: [Row]) {
        guard batchDepth == 0, removing > 0 || !rows.isEmpty else { return }
        isApplying = true
        store.splice(at: position, removing: removing, inserting: rows)
        isApplying = false
    }

    /// Splices `old` rows at `base` into `new` by row identity: rows in both are not removed and re-added.
    func spliceDiffed(at base: Int, old: [Row], new: [Row]) {
        guard batchDepth == 0 else { return }
        // Row objects are distinct, so the plan cannot fail.
        guard let plan = try? ListDiff.plan(old: old.map(ObjectIdentifier.init), new: new.map(ObjectIdentifier.init),
                                            contentEqual: { _, _ in true }) else { return }
        isApplying = true
        store.apply(plan.splices, at: base, newRows: new)
        isApplying = false
    }

    /// Rebinds a row in place if a list item shows it.
    func refresh(_ row: Row) {
        row.contentVersion &+= 1
        row.noteShown(revision: row.generator.contentRevision)
        guard row.isBound else { return }
        isApplying = true
        row.rebindIfStale()
        isApplying = false
    }
}
