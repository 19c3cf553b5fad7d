// How a manager's splice plans are weighed: by whether a view shows its rows (`.headless` when none
// does), and the rows a view realises, as old positions of a plan, which a splice weighed against the
// whole plan must not take out (`SplicePlanOptions.hullExcludedOldRows`).

import DataDisplayDiff

extension BaseListManager {
    /// The splice plan options for diffing `oldRows` (the store's rows from position `base`). While a
    /// list or grid view shows this manager's rows (a cell of its adapter holds one): the defaults,
    /// with the rows that cells show among `oldRows` (as runs of neighbouring rows) kept out of
    /// splices chosen by `hullSpliceCost` — GTK 4.8 finds its anchor and focus rows again exactly only
    /// when no splice takes them out and puts them back elsewhere. Else `.headless`: without a view
    /// an emission costs GLib alone, and fewer unchanged rows are worth taking out to save one.
    func splicePlanOptions(oldRows: [Row], at base: Int = 0) -> SplicePlanOptions {
        guard !oldRows.isEmpty else { return .headless }
        return splicePlanOptions(oldCount: oldRows.count) { cell, row in
            guard let position = cell.position else { return nil }
            let index = position - base
            return index >= 0 && index < oldRows.count && oldRows[index] === row ? index : nil
        }
    }

    /// The options for splices that change the store as it stands (rows inserted in runs): the
    /// positions this manager's cells show are the old positions.
    func splicePlanOptionsForTheStore() -> SplicePlanOptions {
        splicePlanOptions(oldCount: store.count) { cell, _ in cell.adapter?.manager === self ? cell.position : nil }
    }

    /// The options, each cell's row at the old index `oldIndex` gives (nil: not one of the old rows).
    private func splicePlanOptions(oldCount: Int, oldIndex: (Cell, Row) -> Int?) -> SplicePlanOptions {
        guard RowCells.count > 0, oldCount > 0 else { return .headless }
        var shown = false
        var realised: [Int] = []
        for cell in RowCells.liveCells {
            guard let row = cell.row else { continue }
            if !shown, cell.adapter?.manager === self { shown = true }
            if let index = oldIndex(cell, row) { realised.append(index) }
        }
        // No view shows this manager's rows: emissions cost GLib alone.
        guard shown else { return .headless }
        var options = SplicePlanOptions.default
        // As runs of neighbouring positions: the realised range, and apart from it the focused row.
        realised.sort()
        for index in realised {
            if let last = options.hullExcludedOldRows.last, last.upperBound >= index {
                options.hullExcludedOldRows[options.hullExcludedOldRows.count - 1] = last.lowerBound..<max(last.upperBound, index + 1)
            } else {
                options.hullExcludedOldRows.append(index..<(index + 1))
            }
        }
        return options
    }
}
