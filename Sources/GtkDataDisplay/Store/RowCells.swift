// Which list item cell shows which row, kept beside the rows rather than in them.
//
// A row is allocated for every store item, and only the rows a view realised have a cell (a few
// hundred at most). The weak reference each row carried made it an 80-byte object, which malloc
// serves from 96-byte chunks; without it a row is 72 bytes, served from 80-byte chunks: 16 bytes a
// row, 16 MB at a million rows.

import Synchronization

/// The cell showing each bound row, weakly, by row identity. Reads and writes come from the main
/// thread; a row's last reference may be dropped elsewhere, so its entry is removed under a lock.
enum RowCells {
    private final class Entry: @unchecked Sendable {
        weak var cell: Cell?
        init(_ cell: Cell) { self.cell = cell }
    }

    private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// The cell recorded for `row` (nil once that cell is gone).
    @MainActor
    static func cell(of row: Row) -> Cell? {
        let key = ObjectIdentifier(row)
        return entries.withLock { $0[key] }?.cell
    }

    /// Records `cell` as showing `row`, or that no cell shows it (nil).
    @MainActor
    static func set(_ cell: Cell?, for row: Row) {
        let key = ObjectIdentifier(row)
        let entry = cell.map(Entry.init)
        entries.withLock { $0[key] = entry }
    }

    /// Drops the entry of a row that is going away.
    static func forget(_ row: ObjectIdentifier) {
        _ = entries.withLock { $0.removeValue(forKey: row) }
    }

    /// Rows with an entry now: rows a cell showed and still shows or showed when its cell went.
    static var count: Int { entries.withLock { $0.count } }
}
