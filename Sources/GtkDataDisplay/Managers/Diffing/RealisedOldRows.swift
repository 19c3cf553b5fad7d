// The rows a view realises, as old positions of a plan: a splice weighed against the whole plan must
// not take them out (`SplicePlanOptions.hullExcludedOldRows`).

import DataDisplayDiff

extension BaseListManager {
    /// The splice plan options for diffing `oldRows` (the store's rows from position `base`): the
    /// defaults, with the rows that cells of any view show among them (as runs of neighbouring rows)
    /// kept out of splices chosen by `hullSpliceCost`. GTK 4.8 finds its anchor and focus rows again
    /// exactly only when no splice takes them out and puts them back elsewhere.
    func splicePlanOptions(oldRows: [Row], at base: Int = 0) -> SplicePlanOptions {
        var options = SplicePlanOptions.default
        guard RowCells.count > 0, !oldRows.isEmpty else { return options }
        var realised: [Int] = []
        for cell in RowCells.liveCells {
            guard let row = cell.row, let position = cell.position else { continue }
            let index = position - base
            guard index >= 0, index < oldRows.count, oldRows[index] === row else { continue }
            realised.append(index)
        }
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
