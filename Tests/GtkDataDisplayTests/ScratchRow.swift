@testable import GtkDataDisplay

extension Row {
    /// Scratch rows made and not ended yet.
    static var scratchRows: [Row] = []

    /// A row no manager holds, for tests of a row's identity and place. It stands until the test
    /// class's `tearDown` ends it (`endScratchRows`), as a manager ends every row it lets go.
    static func scratch(generator: any RowGenerator, role: RowRole, depth: Int = 0) -> Row {
        let row = Row(generator: generator, role: role, depth: depth)
        scratchRows.append(row)
        return row
    }

    /// Ends the scratch rows made since the last call.
    static func endScratchRows() {
        for row in scratchRows { row.end() }
        scratchRows = []
    }

    /// A row no manager holds that stands until the test ends it (`end()`, which it must call),
    /// for tests of what a row records and what ending it undoes.
    static func standingScratch(generator: any RowGenerator, role: RowRole, depth: Int = 0) -> Row {
        Row(generator: generator, role: role, depth: depth)
    }
}
