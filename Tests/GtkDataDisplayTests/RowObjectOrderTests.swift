import CGtk
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A whole-state update that puts many rows back in a new order in one splice (a shuffle) lets the
/// rows nothing else holds trade row objects, so that the store gets its objects in memory order;
/// every row still shows its own generator, and no object is made or freed.
@MainActor
final class RowObjectOrderTests: XCTestCase {
    /// More rows than `RowObjectOrder.minimumMovedRows` (131,072) so that a shuffle moves enough.
    private let count = 140_000

    private func rows(_ ids: some Sequence<Int>) -> [CounterRow] {
        ids.map { CounterRow(model: $0, id: $0) }
    }

    private func shuffled(seed: UInt64) -> [Int] {
        var random = RandomizedRNG(seed: seed)
        var ids = Array(0..<count)
        for i in stride(from: ids.count - 1, to: 0, by: -1) { ids.swapAt(i, random.below(i + 1)) }
        return ids
    }

    func testAShuffleHandsTheObjectsBackInMemoryOrderAndEveryRowKeepsItsGenerator() async throws {
        Diagnostics.releaseSpareRowObjects()
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(0..<count))])
        let live = Diagnostics.liveRowObjects
        let before = manager.store.objectAddresses
        // An object something else holds (as a list item or a selection would) stays with its row.
        let heldPosition = 777
        let held = try XCTUnwrap(g_list_model_get_item(manager.store.listModel, guint(heldPosition)))  // transfer full
        defer { g_object_unref(held) }

        let target = shuffled(seed: 2026_1127)
        let generators = rows(target)
        try manager.setState([Section(rows: generators)])
        XCTAssertEqual(manager.lastUpdate?.splices, 1)
        XCTAssertGreaterThan(manager.lastUpdate?.moves ?? 0, 131_072)

        // Every position shows the new state's generator, read back through the store's objects.
        for position in 0..<count where manager.store.generator(at: position) !== generators[position] {
            return XCTFail("position \(position) shows the wrong row")
        }
        let now = manager.store.objectAddresses
        XCTAssertEqual(Set(now), Set(before), "the same objects, none made or freed")
        XCTAssertEqual(Diagnostics.liveRowObjects, live)
        // The held object moved with its row: where the row with that id went.
        let newPosition = try XCTUnwrap(target.firstIndex(of: heldPosition))
        XCTAssertEqual(now[newPosition], UInt(bitPattern: held))
        // The others lie in ascending addresses in the store.
        let others = now.enumerated().filter { $0.offset != newPosition }.map(\.element)
        XCTAssertEqual(others, others.sorted(), "objects in memory order")

        // Single operations still find each row by its generator (the rows own their new objects).
        let moved = generators[10]
        try manager.update(moved)
        try manager.remove(moved)
        XCTAssertEqual(manager.store.count, count - 1)
        XCTAssertTrue(manager.store.generator(at: 10) === generators[11])
    }

    func testAReversalKeepsEveryRowsObject() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(0..<count))])
        let before = manager.store.objectAddresses
        try manager.setState([Section(rows: rows((0..<count).reversed()))])
        XCTAssertEqual(manager.lastUpdate?.splices, 1)
        // Objects in runs already: nothing traded, each row kept its own.
        XCTAssertEqual(manager.store.objectAddresses, before.reversed())
    }

    func testTheAddressSortOrdersAnySpan() async {
        var values: [UInt] = [0x7000_0000_0010, 0x10, 0x20_0000_0040, 0x7000_0000_0000, 0x30, 0x20_0000_0040]
        var scratch = [UInt](repeating: 0, count: values.count + 3)
        var counts = [Int](repeating: 0, count: 1 << 11)
        RowObjectOrder.sortAddresses(&values, scratch: &scratch, counts: &counts)
        XCTAssertEqual(values, [0x10, 0x30, 0x20_0000_0040, 0x20_0000_0040, 0x7000_0000_0000, 0x7000_0000_0010])
    }
}
