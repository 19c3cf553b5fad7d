import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A whole-state update hands the rows it removes to the plain rows it inserts (their row objects
/// go from the old place to the new one); headers get new rows.
@MainActor
final class RemovedRowReuseTests: XCTestCase {
    private func rows(_ ids: some Sequence<Int>) -> [CounterRow] {
        ids.map { CounterRow(model: $0, id: $0) }
    }

    private func models(_ manager: BaseListManager) -> [Int] {
        (0..<manager.store.count).compactMap { (manager.store.generator(at: $0) as? CounterRow)?.model }
    }

    func testRemovedRowsServeTheRowsOneSpliceInserts() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(0..<100))])
        let live = Diagnostics.liveRowObjects
        let spare = Diagnostics.spareRowObjects
        let before = manager.store.objectAddresses
        let target = Array(0..<40) + Array(1_000..<1_012) + Array(50..<100)
        try manager.setState([Section(rows: rows(target))])
        XCTAssertEqual(manager.lastUpdate?.splices, 1)
        XCTAssertEqual(manager.lastUpdate?.removed, 10)
        XCTAssertEqual(manager.lastUpdate?.inserted, 12)
        XCTAssertEqual(models(manager), target)
        let now = manager.store.objectAddresses
        XCTAssertEqual(Set(now[40..<52]).intersection(before[40..<50]).count, 10, "ten new rows took the removed rows' objects")
        XCTAssertEqual(Array(now[52...]), Array(before[50...]), "kept rows keep theirs")
        XCTAssertEqual(Diagnostics.liveRowObjects, live + 2, "two rows made, none given back")
        XCTAssertLessThanOrEqual(Diagnostics.spareRowObjects, spare)
        // The reused rows are the new rows' own: single operations find them by their generators.
        let reused = try XCTUnwrap(manager.store.generator(at: 41))
        try manager.update(reused)
        try manager.remove(reused)
        XCTAssertEqual(models(manager), target.filter { $0 != 1_001 })
    }

    func testSeveralSplicesHandOverToo() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(0..<1_000))])
        let live = Diagnostics.liveRowObjects
        let before = manager.store.objectAddresses
        // Two blocks replaced far apart (two splices), one more row inserted than removed.
        let target = Array(2_000..<2_005) + Array(5..<995) + Array(3_000..<3_006)
        try manager.setState([Section(rows: rows(target))])
        XCTAssertEqual(manager.lastUpdate?.splices, 2)
        XCTAssertEqual(models(manager), target)
        let now = manager.store.objectAddresses
        XCTAssertEqual(Set(now[..<5] + now[995...]).intersection(before[..<5] + before[995...]).count, 10)
        XCTAssertEqual(Diagnostics.liveRowObjects, live + 1)
    }

    /// A box view keeps a widget per row of its manager, so that manager's removed rows are not
    /// handed over; a box view of another manager changes nothing here.
    func testOnlyABoxViewOfTheSameManagerStopsTheHandOver() async throws {
        let manager = BaseListManager(), other = BaseListManager()
        try manager.setState([Section(rows: rows(0..<100))])
        let elsewhere = ObservingOnly(other)
        RowChangeObservers.add(elsewhere)
        defer { RowChangeObservers.remove(elsewhere) }
        var live = Diagnostics.liveRowObjects
        var before = manager.store.objectAddresses
        let target = Array(0..<40) + Array(1_000..<1_010) + Array(50..<100)
        try manager.setState([Section(rows: rows(target))])
        XCTAssertEqual(models(manager), target)
        XCTAssertEqual(Set(manager.store.objectAddresses[40..<50]), Set(before[40..<50]), "another manager's box view")
        XCTAssertEqual(Diagnostics.liveRowObjects, live)

        let here = ObservingOnly(manager)
        RowChangeObservers.add(here)
        defer { RowChangeObservers.remove(here) }
        live = Diagnostics.liveRowObjects
        before = manager.store.objectAddresses
        // Held until compared: the object of a row that ends is freed, and a new row's could take its address.
        let held = (0..<manager.store.count).map { g_list_model_get_item(manager.store.listModel, guint($0))! }
        let back = Array(0..<100)
        try manager.setState([Section(rows: rows(back))])
        XCTAssertEqual(models(manager), back)
        XCTAssertTrue(Set(manager.store.objectAddresses[40..<50]).isDisjoint(with: before[40..<50]), "this manager's box view")
        held.forEach { g_object_unref($0) }
        XCTAssertEqual(Diagnostics.liveRowObjects, live, "as many rows in use as before: the removed rows' objects freed")
    }

    /// Headers and plain rows are not handed to each other: a removed header does not serve an
    /// inserted plain row, nor a removed plain row an inserted header (each would stand in the wrong role).
    func testHeadersAndPlainRowsAreNotHandedToEachOther() async throws {
        let manager = BaseListManager()
        // The header goes and a plain row comes, in one splice.
        try manager.setState([Section(header: LabelHeader(model: "h", id: "h"), rows: rows(0..<3))])
        let headerObject = manager.store.objectAddresses[0]
        try manager.setState([Section(rows: rows([99] + Array(0..<3)))])
        XCTAssertEqual(manager.lastUpdate?.splices, 1)
        XCTAssertEqual(manager.lastUpdate?.removed, 1)
        XCTAssertEqual(manager.lastUpdate?.inserted, 1)
        XCTAssertNotEqual(manager.store.objectAddresses[0], headerObject)
        XCTAssertEqual(models(manager), [99, 0, 1, 2])

        // A plain row goes and a header comes, in one splice.
        let rowObject = manager.store.objectAddresses[0]
        try manager.setState([Section(header: LabelHeader(model: "h2", id: "h2"), rows: rows(0..<3))])
        XCTAssertEqual(manager.lastUpdate?.splices, 1)
        XCTAssertNotEqual(manager.store.objectAddresses[0], rowObject)
        XCTAssertTrue(manager.store.generator(at: 0) is LabelHeader)
    }
}
