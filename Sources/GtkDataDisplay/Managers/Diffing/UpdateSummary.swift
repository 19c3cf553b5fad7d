import DataDisplayDiff

// Whole-state diffing: what one diffed update did (`lastUpdate`).

/// What one diffed update did to the store.
///
/// The fields add up: `churn == removed + inserted + 2 * (moves + reinserted)`. Each splice counts
/// the rows it removes and the rows it inserts; a moved row is taken out and put back (2), and so is
/// an unchanged row that a merged splice carries along (2, see `reinserted`). An update shown in
/// place (`repurposed` > 0) splices only the realised window's trade of row objects and the difference
/// in length: there `churn` is those splices'.
public struct UpdateSummary: Sendable, Equatable {
    /// `g_list_store_splice` calls (one `items-changed` each).
    public var splices: Int
    /// Rows removed plus rows inserted, over all splices.
    public var churn: Int
    /// Rows that moved (the minimum: matched rows outside the longest increasing subsequence).
    public var moves: Int
    /// Rows new to the store.
    public var inserted: Int
    /// Rows gone from the store.
    public var removed: Int
    /// Unchanged rows that a merged splice took out and put back as the same object in the same
    /// emission (GTK keeps their widgets; nothing is rebound). 0 with `SplicePlanOptions.exact`.
    public var reinserted: Int
    /// Rows rebound in place because their content changed (no splice).
    public var updated: Int
    /// Rows shown in place by the row object of another row: an update whose changes span thousands
    /// of rows (a shuffle, a re-sort, scattered inserts) gives each position's row object the new row there and
    /// splices only the realised window's trade of row objects and the difference in length
    /// (`splices` and `churn` count those). 0 otherwise.
    public var repurposed: Int = 0

    init(plan: SplicePlan) {
        splices = plan.splices.count
        churn = plan.churn
        moves = plan.moveCount
        inserted = plan.insertedRows
        removed = plan.removedRows
        reinserted = (plan.churn - plan.insertedRows - plan.removedRows) / 2 - plan.moveCount
        updated = plan.updated.count
    }

    /// The plan was shown in place (`PositionalHull`) with `splices` (the realised window's trade,
    /// the difference in length): `repurposed` rows took another row's object.
    mutating func showInPlace(splices: [Splice], repurposed: Int) {
        self.splices = splices.count
        churn = splices.reduce(0) { $0 + $1.removedCount + $1.inserted.count }
        reinserted = 0
        self.repurposed = repurposed
    }

    /// The plan landed over several frames (a big `setStateInBackground`) in `splices` emissions
    /// that removed and inserted `churn` rows in all: kept rows inside a step's span were carried along.
    mutating func landed(splices: Int, churn: Int) {
        self.splices = splices
        self.churn = churn
        reinserted = (churn - inserted - removed) / 2
    }
}
