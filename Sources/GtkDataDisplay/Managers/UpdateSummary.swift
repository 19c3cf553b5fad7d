import DataDisplayDiff

/// What one diffed update did to the store.
public struct UpdateSummary: Sendable, Equatable {
    /// `g_list_store_splice` calls (one `items-changed` each).
    public var splices: Int
    /// Rows removed plus rows added over all splices.
    public var churn: Int
    /// Rows that moved (the minimum: matched rows outside the longest increasing subsequence).
    public var moves: Int
    /// Rows new to the store.
    public var inserted: Int
    /// Rows gone from the store.
    public var removed: Int
    /// Rows rebound in place because their content changed.
    public var updated: Int

    init(plan: SplicePlan) {
        splices = plan.splices.count
        churn = plan.churn
        moves = plan.moveCount
        inserted = plan.insertedRows
        removed = plan.removedRows
        updated = plan.updated.count
    }
}
