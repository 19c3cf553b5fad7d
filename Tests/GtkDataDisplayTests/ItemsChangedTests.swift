import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `RowStore.onItemsChanged` reports each splice the store's list views receive.
@MainActor
final class ItemsChangedTests: XCTestCase {
    func testEverySpliceIsReportedWithItsPositionAndCounts() async throws {
        let manager = BaseListManager()
        var splices: [[Int]] = []
        manager.store.onItemsChanged { position, removed, added in splices.append([position, removed, added]) }
        let rows = (0..<5).map { LabelRow(model: "row \($0)", id: $0) }
        try manager.add(rows)
        try manager.remove(rows[1])
        try manager.insert(LabelRow(model: "new", id: 9), after: rows[3])
        XCTAssertEqual(splices, [[0, 0, 5], [1, 1, 0], [3, 0, 1]])
    }
}
