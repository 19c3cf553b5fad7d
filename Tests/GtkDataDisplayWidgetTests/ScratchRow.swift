@testable import GtkDataDisplay

extension Row {
    /// A row no manager holds, for tests of the row itself: ended from the start, as a manager ends
    /// every row it lets go (`Row.end()`; its `deinit` checks it in debug builds).
    static func scratch(generator: any RowGenerator, role: RowRole, depth: Int = 0) -> Row {
        let row = Row(generator: generator, role: role, depth: depth)
        row.end()
        return row
    }
}
