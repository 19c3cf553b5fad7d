@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Rows end (`Row.end()`) where a view takes part: a filter of a realised list lends the objects of
/// rows leaving the realised range to the rows coming into it (`RowRecycling`). A kept row that no
/// list item showed then gives its place to the lent row: it leaves the manager without being removed,
/// and ends like a removed one. (The headless cases are `RowEndTests`.)
final class RowEndWidgetTests: WidgetTestCase {
    func testKeptRowsThatGiveTheirPlaceToLentRowsEnd() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            @MainActor func state(_ keep: (Int) -> Bool) -> [Section] {
                // A header that stays: GTK keeps the realised range where it was, so rows are lent.
                [Section(header: LabelHeader(model: "H", id: "H"),
                         rows: (0..<2_000).filter(keep).map { LabelRow(model: "r \($0)", id: $0) })]
            }
            try manager.setState(state { _ in true })
            let (_, host) = present(manager)
            defer { host.destroy() }
            host.settle()
            let before = (0..<manager.store.count).map { manager.store.row(at: $0)! }

            try manager.setState(state { $0 % 4 == 3 })
            host.settle()
            let standing = Set((0..<manager.store.count).map { manager.store.row(at: $0)! })
            // Index 0 is the header; row i stands at index i + 1.
            let displaced = before.indices.filter { $0 > 0 && ($0 - 1) % 4 == 3 && !standing.contains(before[$0]) }
            XCTAssertFalse(displaced.isEmpty, "kept rows gave their place to lent rows")
            let wrong = before.indices.filter { before[$0].isEnded == standing.contains(before[$0]) }
            XCTAssertEqual(wrong, [], "rows that ended while they stand, or stand no longer and did not end")
        }
    }
}
