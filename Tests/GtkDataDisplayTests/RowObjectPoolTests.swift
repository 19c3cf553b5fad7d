import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The row objects of rows that go away wait as spares for the next new rows — unless something
/// else holds them or has anything attached to them. Spares are bounded, not counted as live row
/// objects, and can be freed.
@MainActor
final class RowObjectPoolTests: XCTestCase {
    private func counters(_ ids: some Sequence<Int>) -> [Section] {
        [Section(rows: ids.map { CounterRow(model: $0, id: $0) })]
    }

    private func models(_ manager: BaseListManager) -> [Int] {
        (0..<manager.store.count).compactMap { (manager.store.generator(at: $0) as? CounterRow)?.model }
    }

    func testRemovedRowsObjectsServeTheNextNewRows() async throws {
        Diagnostics.releaseSpareRowObjects()
        let manager = BaseListManager()
        try manager.setState(counters(0..<100))
        let live = Diagnostics.liveRowObjects
        let removedObjects = Set(manager.store.objectAddresses[40...])
        try manager.setState(counters(0..<40))
        XCTAssertEqual(Diagnostics.spareRowObjects, 60)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 60, "spares are not live row objects")

        try manager.setState(counters(Array(0..<40) + Array(1_000..<1_050)))
        XCTAssertEqual(Diagnostics.spareRowObjects, 10)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 10)
        XCTAssertTrue(Set(manager.store.objectAddresses[40...]).isSubset(of: removedObjects), "the new rows took spares")
        XCTAssertEqual(models(manager), Array(0..<40) + Array(1_000..<1_050), "each shows its own generator")

        // Single operations take and give spares too.
        let extra = CounterRow(model: 7_000, id: 7_000)
        try manager.insert(extra, after: manager.store.generator(at: 0)!)
        XCTAssertEqual(Diagnostics.spareRowObjects, 9)
        try manager.remove(extra)
        XCTAssertEqual(Diagnostics.spareRowObjects, 10)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 10)
    }

    func testManyNewRowsTakeSparesBeforeMakingObjects() async throws {
        Diagnostics.releaseSpareRowObjects()
        let before = Diagnostics.liveRowObjects
        let manager = BaseListManager()
        try manager.setState(counters(0..<12_000))
        let removedObjects = Set(manager.store.objectAddresses[2_000...])
        try manager.setState(counters(0..<2_000))
        XCTAssertEqual(Diagnostics.spareRowObjects, 10_000)
        // More new rows than spares (and more than a batch of made objects): spares first, then new.
        try manager.setState(counters(Array(0..<2_000) + Array(100_000..<111_000)))
        XCTAssertEqual(Diagnostics.spareRowObjects, 0)
        let reused = manager.store.objectAddresses[2_000...].filter(removedObjects.contains).count
        XCTAssertEqual(reused, 10_000)
        XCTAssertEqual(models(manager), Array(0..<2_000) + Array(100_000..<111_000))
        XCTAssertEqual(Diagnostics.liveRowObjects, before + 13_000, "spares taken a batch at a time count as live again")
        try manager.setState([])
        XCTAssertEqual(Diagnostics.spareRowObjects, 13_000)
    }

    func testAnObjectHeldElsewhereOrCarryingDataIsNotKept() async throws {
        Diagnostics.releaseSpareRowObjects()
        let manager = BaseListManager()
        try manager.setState(counters(0..<4))
        let live = Diagnostics.liveRowObjects
        let held = g_list_model_get_item(manager.store.listModel, 0)!  // transfer full: this test holds it
        let tagged = g_list_model_get_item(manager.store.listModel, 1)!
        g_object_set_data(gdd_object(tagged), "tag", UnsafeMutableRawPointer(bitPattern: 1))
        g_object_unref(tagged)
        let watched = g_list_model_get_item(manager.store.listModel, 2)!
        let ignore: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, _ in }
        let handler = gdd_signal_connect(watched, "notify", unsafeBitCast(ignore, to: GCallback.self), nil, nil)
        g_object_unref(watched)

        try manager.setState(counters(3..<4))
        XCTAssertEqual(Diagnostics.spareRowObjects, 1, "only the row object with a handler and nothing else")
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 2, "the tagged object was freed, the held one lives on")
        XCTAssertEqual(g_signal_handler_is_connected(watched, handler), 0, "a spare keeps no handler")
        g_object_unref(held)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 3, "freed when let go")
        XCTAssertEqual(Diagnostics.spareRowObjects, 1)
    }

    func testSparesAreBoundedAndCanBeFreed() async throws {
        Diagnostics.releaseSpareRowObjects()
        let manager = BaseListManager()
        try manager.setState(counters(0..<20_000))
        let live = Diagnostics.liveRowObjects
        try manager.setState([])
        XCTAssertEqual(Diagnostics.spareRowObjects, 16_384)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 20_000)
        Diagnostics.releaseSpareRowObjects()
        XCTAssertEqual(Diagnostics.spareRowObjects, 0)
        XCTAssertEqual(Diagnostics.liveRowObjects, live - 20_000, "freeing spares leaves the live count")
    }
}
