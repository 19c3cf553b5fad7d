// Which section controller each row in a controlled section has, kept beside the rows rather than
// in them (as `RowCells` keeps cells).
//
// A row is allocated for every store item, and most lists have no section controllers: the 8-byte
// field every row carried for one (with the content version the cells now keep) put a row in
// malloc's 80-byte chunks; without them a row was 56 bytes, in 64-byte chunks — 16 bytes a row,
// 16 MB at a million rows (a row is its 24-byte record now). Rows of sections with a controller
// pay a table entry instead.

/// The controller box of each row that has one, by row identity (see `RowSideTable`).
enum RowControllers {
    /// A box held by the table (boxes are main-actor objects; the table only stores and drops them).
    private struct Entry: @unchecked Sendable {
        let box: SectionControllerBox
    }

    private static let entries = RowSideTable<Entry>()

    /// The box recorded for `row`.
    @MainActor
    static func box(of row: Row) -> SectionControllerBox? {
        entries.value(for: row)?.box
    }

    /// Records `box` for `row`, or that it has none (nil).
    @MainActor
    static func set(_ box: SectionControllerBox?, for row: Row) {
        entries.set(box.map(Entry.init), for: row)
    }

    /// Drops the entry of a row that is going away.
    static func forget(_ row: Row) {
        entries.forget(row)
    }

    /// Rows with an entry now.
    static var count: Int { entries.count }
}
