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
        guard RowCells.count > 0, !oldRows.isEmpty else { return .headless }
        var shown = false
        var realised: [Int] = []
        for cell in RowCells.liveCells {
            guard let row = cell.row, let position = cell.position else { continue }
            if !shown, cell.adapter?.manager === self { shown = true }
            let index = position - base
            guard index >= 0, index < oldRows.count, oldRows[index] === row else { continue }
            realised.append(index)
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
