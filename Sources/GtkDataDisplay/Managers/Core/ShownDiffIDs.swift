// State and lookup: the shown row keys, for single operations' duplicate-id check.

/// The row keys (role, depth, diff id) a manager shows, so single operations enforce the rule that
/// whole-state updates enforce with their diff: a diff id stands once among the rows of one role at
/// one depth. Built on the first check after a whole-state update, then kept up to date by single
/// operations, so a `setState` costs nothing more and a run of single operations O(rows they touch).
@MainActor
struct ShownDiffIDs {
    private var keys: Set<RowKey>?

    /// Forgets the table (a whole-state update or a batch replaced the rows).
    mutating func invalidate() { keys = nil }

    /// A row entered the manager.
    mutating func add(_ row: Row) { keys?.insert(row.key) }

    /// A row left the manager.
    mutating func remove(_ row: Row) { keys?.remove(row.key) }

    /// Throws `.duplicateDiffID` unless every key in `entering` is free: not repeated among them,
    /// and not shown except by a row in `leaving` (rows the same operation takes out).
    mutating func check(_ entering: [RowKey], leaving: [Row] = [], shown: () -> [Row]) throws(DataDisplayError) {
        if keys == nil { keys = Set(shown().map(\.key)) }
        let freed = Set(leaving.map(\.key))
        var seen = Set<RowKey>(minimumCapacity: entering.count)
        for key in entering {
            guard seen.insert(key).inserted else { throw .duplicateDiffID("\(key) twice among the new rows") }
            guard !keys!.contains(key) || freed.contains(key) else { throw .duplicateDiffID("\(key) is already shown") }
        }
    }
}
