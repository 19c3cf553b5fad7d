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
    /// Splices of the store (one `items-changed` each).
    public var splices: Int
    /// Rows removed plus rows inserted, over all splices.
    public var churn: Int
    /// Rows that moved (the minimum: matched rows outside the longest increasing subsequence). An
    /// update shown in place counts them when this is first read (`UncountedMoves`).
    public var moves: Int {
        get { countedMoves ?? uncountedMoves?.count ?? 0 }
        set {
            countedMoves = newValue
            uncountedMoves = nil
        }
    }
    private var countedMoves: Int?
    private var uncountedMoves: UncountedMoves?
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

    /// The summary of `plan`, whose moves are counted when read if the plan left them uncounted
    /// (`SplicePlanOptions.countsMoves`; then it is shown in place, and `reinserted` is 0).
    init(plan: SplicePlan, oldCount: Int) {
        splices = plan.splices.count
        churn = plan.churn
        inserted = plan.insertedRows
        removed = plan.removedRows
        updated = plan.updated.count
        if plan.moveCount < 0 {
            uncountedMoves = UncountedMoves(oldIndexOfNew: plan.oldIndexOfNew, oldCount: oldCount)
            reinserted = 0
        } else {
            countedMoves = plan.moveCount
            reinserted = (plan.churn - plan.insertedRows - plan.removedRows) / 2 - plan.moveCount
        }
    }

    /// Whether every count of the two summaries is equal (moves not counted yet are counted first).
    public static func == (lhs: UpdateSummary, rhs: UpdateSummary) -> Bool {
        lhs.splices == rhs.splices && lhs.churn == rhs.churn && lhs.moves == rhs.moves && lhs.inserted == rhs.inserted
            && lhs.removed == rhs.removed && lhs.reinserted == rhs.reinserted && lhs.updated == rhs.updated
            && lhs.repurposed == rhs.repurposed
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
