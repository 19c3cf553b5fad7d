// Values kept beside the rows rather than in them: a row is allocated for every store item, and
// what only some rows have (a cell, a section controller) would cost every row a field.

import Synchronization

/// A value for some rows, by row (a row is its record: compared by address). Reads and writes come from the main thread; a row's
/// last reference may be dropped elsewhere, so its entry is removed under a lock.
final class RowSideTable<Value: Sendable>: Sendable {
    private let entries = Mutex<[Row: Value]>([:])

    /// The value recorded for `row`.
    func value(for row: Row) -> Value? {
        entries.withLock { $0[row] }
    }

    /// Records `value` for `row`, or removes its entry (nil).
    func set(_ value: Value?, for row: Row) {
        entries.withLock { $0[row] = value }
    }

    /// Drops the entry of a row that is going away.
    func forget(_ row: Row) {
        _ = entries.withLock { $0.removeValue(forKey: row) }
    }

    /// Rows with an entry now.
    var count: Int { entries.withLock { $0.count } }

    /// Every value recorded now, in no particular order.
    var values: [Value] { entries.withLock { Array($0.values) } }
}
