// Which list item cell shows which row, kept beside the rows rather than in them.
//
// A row is allocated for every store item, and only the rows a view realised have a cell (a few
// hundred at most). The weak reference each row carried made it an 80-byte object, which malloc
// serves from 96-byte chunks; without it a row was 72 bytes, served from 80-byte chunks: 16 bytes a
// row, 16 MB at a million rows (a 24-byte record now, with its section controller beside it too:
// `RowControllers`).

/// The cell showing each bound row, weakly, by row identity (see `RowSideTable`).
enum RowCells {
    private final class Entry: @unchecked Sendable {
        weak var cell: Cell?
        init(_ cell: Cell) { self.cell = cell }
    }

    private static let entries = RowSideTable<Entry>()

    /// The cell recorded for `row` (nil once that cell is gone).
    @MainActor
    static func cell(of row: Row) -> Cell? {
        entries.value(for: row)?.cell
    }

    /// Records `cell` as showing `row`, or that no cell shows it (nil).
    @MainActor
    static func set(_ cell: Cell?, for row: Row) {
        entries.set(cell.map(Entry.init), for: row)
    }

    /// Drops the entry of a row that is going away.
    static func forget(_ row: Row) {
        entries.forget(row)
    }

    /// Rows with an entry now: rows a cell showed and still shows or showed when its cell went.
    static var count: Int { entries.count }

    /// The cells alive now that show a row, in any manager's view (a few hundred a view).
    @MainActor
    static var liveCells: [Cell] { entries.values.compactMap(\.cell) }
}
