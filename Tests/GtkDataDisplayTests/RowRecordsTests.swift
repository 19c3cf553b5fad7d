import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Rows live in records (`RowRecords`): the records of rows that go away serve the next new rows, a
/// row's object is made only when asked for and kept for the row's life, and an object someone keeps
/// after its row ended names no row and is freed when let go.
@MainActor
final class RowRecordsTests: XCTestCase {
    private func counters(_ ids: some Sequence<Int>) -> [Section] {
        [Section(rows: ids.map { CounterRow(model: $0, id: $0) })]
    }

    private func models(_ manager: BaseListManager) -> [Int] {
        (0..<manager.store.count).compactMap { (manager.store.generator(at: $0) as? CounterRow)?.model }
    }

    private func records(_ manager: BaseListManager, _ range: PartialRangeFrom<Int>) -> Set<RowRecord> {
        Set((range.lowerBound..<manager.store.count).map { manager.store.row(at: $0)!.record })
    }

    func testRemovedRowsRecordsServeTheNextNewRows() async throws {
        let manager = BaseListManager()
        try manager.setState(counters(0..<100))
        let live = Diagnostics.liveRowObjects
        let spare = Diagnostics.spareRowObjects
        let removed = records(manager, 40...)
        try manager.setState(counters(0..<40))
        XCTAssertEqual(Diagnostics.spareRowObjects, spare + 60)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 60, "spares are not live rows")

        try manager.setState(counters(Array(0..<40) + Array(1_000..<1_050)))
        XCTAssertEqual(Diagnostics.spareRowObjects, spare + 10)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 10)
        XCTAssertTrue(records(manager, 40...).isSubset(of: removed), "the new rows took the removed rows' records")
        XCTAssertEqual(models(manager), Array(0..<40) + Array(1_000..<1_050), "each shows its own generator")

        // Single operations take and give records too.
        let extra = CounterRow(model: 7_000, id: 7_000)
        try manager.insert(extra, after: manager.store.generator(at: 0)!)
        XCTAssertEqual(Diagnostics.spareRowObjects, spare + 9)
        try manager.remove(extra)
        XCTAssertEqual(Diagnostics.spareRowObjects, spare + 10)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 10)
    }

    func testARowsObjectIsMadeWhenAskedForAndIsTheSameForItsLife() async throws {
        let manager = BaseListManager()
        let objects = RowObjects.count
        try manager.setState(counters(0..<20_000))
        XCTAssertEqual(RowObjects.count, objects, "twenty thousand rows, no object until asked for")
        let first = g_list_model_get_item(manager.store.listModel, 5_000)!
        g_object_unref(first)
        XCTAssertEqual(RowObjects.count, objects + 1)
        // Kept through a whole-state update that moves it: the same object.
        try manager.setState(counters(Array(20_000..<20_003) + Array(0..<20_000)))
        let again = g_list_model_get_item(manager.store.listModel, 5_003)!
        g_object_unref(again)
        XCTAssertEqual(again, first)
        XCTAssertEqual((manager.store.generator(at: 5_003) as? CounterRow)?.model, 5_000)
        XCTAssertEqual(RowObjects.count, objects + 1)
        try manager.setState([])
        XCTAssertEqual(RowObjects.count, objects, "a row's object goes with the row")
    }

    func testAnObjectKeptAfterItsRowEndedNamesNoRowAndIsFreedWhenLetGo() async throws {
        let manager = BaseListManager()
        try manager.setState(counters(0..<4))
        let live = Diagnostics.liveRowObjects
        let held = g_list_model_get_item(manager.store.listModel, 0)!  // transfer full: this test holds it
        let tagged = g_list_model_get_item(manager.store.listModel, 1)!
        g_object_set_data(gdd_object(tagged), "tag", UnsafeMutableRawPointer(bitPattern: 1))
        g_object_unref(tagged)
        XCTAssertNotNil(Row.from(item: held))
        XCTAssertEqual(g_object_get_data(gdd_object(tagged), "tag"), UnsafeMutableRawPointer(bitPattern: 1),
                       "the row keeps its object, and what is attached to it")

        try manager.setState(counters(3..<4))
        XCTAssertNil(Row.from(item: held), "its row ended")
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 3 + 1, "three rows gone; the held object lives on")
        g_object_unref(held)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 3, "freed when let go")
    }

    func testSlabsAreFreedOnlyWhenNoRowIsInUse() async throws {
        var manager: BaseListManager? = BaseListManager()
        try manager!.setState(counters(0..<20_000))
        let spare = Diagnostics.spareRowObjects
        Diagnostics.releaseSpareRowObjects()
        XCTAssertEqual(Diagnostics.spareRowObjects, spare, "rows are in use: nothing is freed")
        try manager!.setState([])
        XCTAssertGreaterThanOrEqual(Diagnostics.spareRowObjects, 20_000)
        manager = nil
        guard Diagnostics.liveRowObjects == 0 else { return }  // rows of other tests still in use
        Diagnostics.releaseSpareRowObjects()
        XCTAssertEqual(Diagnostics.spareRowObjects, 0)
        let again = BaseListManager()
        try again.setState(counters(0..<5))
        XCTAssertEqual(models(again), Array(0..<5), "new slabs serve new rows")
    }
}
