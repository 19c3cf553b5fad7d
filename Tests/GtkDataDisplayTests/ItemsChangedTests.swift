import CGtkDataDisplay
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

    /// A whole state that drops scattered rows reaches the store as one removal of one row each,
    /// every kept row keeping its item.
    func testScatteredRemovalsAreOneEmissionEachAndKeepTheOtherItems() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: (0..<100).map { LabelRow(model: "row \($0)", id: $0) })])
        /// The store's items in order, by address (each reference taken by the read is dropped at once).
        func items() -> [UnsafeMutableRawPointer] {
            (0..<manager.store.count).map { position in
                let item = g_list_model_get_item(manager.store.listModel, guint(position))!
                g_object_unref(item)
                return item
            }
        }
        let before = items()
        var splices: [[Int]] = []
        manager.store.onItemsChanged { position, removed, added in splices.append([position, removed, added]) }
        // Far enough apart that no splice over the rows between is cheaper (`SplicePlanOptions.spliceCost`,
        // and `hullSpliceCost` against one splice over all three).
        let keptIDs = (0..<100).filter { ![10, 50, 90].contains($0) }
        try manager.setState([Section(rows: keptIDs.map { LabelRow(model: "row \($0)", id: $0) })])
        XCTAssertEqual(splices, [[10, 1, 0], [49, 1, 0], [88, 1, 0]])
        XCTAssertEqual(storeTexts(manager), keptIDs.map { "row \($0)" })
        XCTAssertEqual(items(), keptIDs.map { before[$0] })
        assertStoreMatchesManager(manager)
    }
}
