@testable import GtkDataDisplay

extension Row {
    /// A row no manager holds, for tests of a row's identity and place: ended from the start, as a
    /// manager ends every row it lets go (`Row.end()`; its `deinit` checks it in debug builds). Its
    /// generator, cell and controller are not to be read or given (debug builds check that too).
    static func scratch(generator: any RowGenerator, role: RowRole, depth: Int = 0) -> Row {
        let row = Row(generator: generator, role: role, depth: depth)
        row.end()
        return row
    }

    /// A row no manager holds that stands until the test ends it (`end()`, which it must call before
    /// letting the row go), for tests of what a row records and what ending it undoes.
    static func standingScratch(generator: any RowGenerator, role: RowRole, depth: Int = 0) -> Row {
        Row(generator: generator, role: role, depth: depth)
    }
}
