@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Rows find the list item cell that shows them in a table beside the rows (`RowCells`), not in a
/// field of every row: each bound row has an entry naming its own cell, and entries go with the
/// binding or with the row — no entry outlives a view, a filter or the rows.
final class RowCellsTests: WidgetTestCase {
    /// The rows whose cell is a live cell showing them, among `manager`'s rows.
    @MainActor
    private func rowsShownByTheirCell(_ manager: BaseListManager) -> Int {
        (0..<manager.store.count).reduce(0) { count, position in
            guard let row = manager.store.row(at: position), let cell = row.cell else { return count }
            XCTAssertTrue(cell.row === row, "the recorded cell shows another row")
            return count + 1
        }
    }

    func testBoundRowsHaveAnEntryAndEntriesGoWithBindingsAndRows() async throws {
        try await forEachViewKind { _ in
            let entriesBefore = RowCells.count
            do {
                let manager = BaseListManager()
                try manager.setState([Section(rows: (0..<300).map { LabelRow(model: "row \($0)", id: $0) })])
                let (adapter, host) = present(manager)
                host.settle()
                let bound = adapter.boundCellCount
                XCTAssertGreaterThan(bound, 0)
                XCTAssertEqual(rowsShownByTheirCell(manager), bound, "every bound row knows its cell")
                XCTAssertEqual(RowCells.count - entriesBefore, bound, "one entry a bound row")
                // A filter that removes every shown row, then the rows back: entries follow the binds.
                try manager.setState([Section(rows: (200..<300).map { LabelRow(model: "row \($0)", id: $0) })])
                host.settle()
                XCTAssertEqual(rowsShownByTheirCell(manager), adapter.boundCellCount)
                XCTAssertEqual(RowCells.count - entriesBefore, adapter.boundCellCount, "no entry left by removed rows")
                try manager.setState([Section(rows: (0..<300).map { LabelRow(model: "row \($0)!", id: $0) })])
                host.settle()
                XCTAssertEqual(rowsShownByTheirCell(manager), adapter.boundCellCount)
                XCTAssertEqual(RowCells.count - entriesBefore, adapter.boundCellCount)
                host.destroy()
                manager.clear()
            }
            MainContext.drain()
            XCTAssertEqual(RowCells.count, entriesBefore, "no entry outlives the view and the rows")
        }
    }

    /// A row that ends while its entry stands (its cell had not unbound it yet) takes the entry with it,
    /// though something still holds the row.
    func testARowEndingWhileBoundTakesItsEntry() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(20))])
        let (_, host) = present(manager)
        defer { host.destroy() }
        host.settle()
        let cell = try XCTUnwrap(manager.store.row(at: 0)?.cell)
        let entriesBefore = RowCells.count
        do {
            let row = Row.standingScratch(generator: LabelRow(model: "gone", id: "gone"), role: .row)
            row.cell = cell
            XCTAssertTrue(row.cell === cell)
            XCTAssertEqual(RowCells.count, entriesBefore + 1)
            row.end()
            XCTAssertEqual(RowCells.count, entriesBefore, "the row's entry went when it ended")
            XCTAssertNil(row.cell)
            row.cell = nil   // what the cell's unbind does with a row that ended: nothing left to clear
        }
        XCTAssertEqual(RowCells.count, entriesBefore)
        XCTAssertTrue(manager.store.row(at: 0)?.cell === cell, "the cell's own row keeps its entry")
    }
}
