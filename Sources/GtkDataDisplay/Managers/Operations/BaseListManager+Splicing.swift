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

    /// Rows a move (or a swap) may pass over and still reach the store as one splice over its span,
    /// which keeps the widgets of every row in it, the moved row's too. GTK realises far fewer rows
    /// than this (a list view at most 200), so beyond it a row's two places are never on screen
    /// together: a move is then two splices, out and in (a swap three), O(log n) where the span's
    /// splice cost O(rows passed over) — a move between random places of a million rows took 38 ms.
    /// The rows passed over keep their widgets either way.
    public static let longestMoveSpan = 1_024

    /// Splices `block` (its rows already moved in `state`) from flat position `from` to `to`, where
    /// it now starts: one splice over the span, or out and in beyond `longestMoveSpan` rows.
    func spliceMove(_ block: [Row], from: Int, to: Int) {
        guard from != to else { return }
        if abs(to - from) <= Self.longestMoveSpan {
            // One splice over the whole span: GTK keeps the widgets of every row in it.
            let span = min(from, to)...(max(from, to) + block.count - 1)
            splice(at: span.lowerBound, removing: span.count, inserting: flatRows(in: span))
        } else {
            splice(at: from, removing: block.count, inserting: [])
            splice(at: to, removing: 0, inserting: block)
        }
    }

    /// Splices `old` rows at `base` into `new` by row identity: rows in both are not removed and re-added.
    func spliceDiffed(at base: Int, old: [Row], new: [Row]) {
        guard batchDepth == 0 else { return }
        // Row objects are distinct, so the plan cannot fail.
        guard let plan = try? ListDiff.plan(old: old, new: new,
                                            options: splicePlanOptions(oldRows: old, at: base),
                                            contentEqual: { _, _ in true }) else { return }
        isApplying = true
        store.apply(plan.splices, at: base, newRows: new)
        isApplying = false
    }

    /// Rebinds a row in place if a list item shows it.
    func refresh(_ row: Row) {
        row.contentChanged()
        row.noteShown(revision: row.generator.contentRevision)
        guard row.isBound else { return }
        isApplying = true
        row.rebindIfStale()
        isApplying = false
    }
}
