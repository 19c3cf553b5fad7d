import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `RowItems` (the row model's pointers, in chunks) against a plain array, and the row model
/// ("GddRowModel") as GTK sees it: a `GListModel` of row objects, each made when first asked for.
@MainActor
final class RowItemsTests: XCTestCase {
    /// Distinct non-null pointers standing for items (never dereferenced).
    private func items(_ range: Range<Int>) -> [RowRecord] {
        range.map { RowRecord(bitPattern: ($0 + 1) * 8)! }
    }

    /// Random splices of every size — small ones inside a chunk, large ones over many, removals that
    /// empty chunks, fills past `maximumChunk` — each checked against an array: the same items in the
    /// same order, and the removed ones handed back in order.
    func testRandomSplicesMatchAnArray() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let list = RowItems()
            var expected: [RowRecord] = []
            var next = 0
            for step in 0..<400 {
                let position = Int.random(in: 0...expected.count, using: &random)
                let largest = [3, 40, 700, 5_000][Int.random(in: 0..<4, using: &random)]
                let removing = Int.random(in: 0...min(largest, expected.count - position), using: &random)
                let count = step % 50 == 49 ? 0 : Int.random(in: 0...largest, using: &random)
                let new = items(next..<(next + count))
                next += count
                var removed: [RowRecord] = []
                list.replace(at: position, removing: removing, with: new) { removed.append($0) }
                XCTAssertEqual(removed, Array(expected[position..<(position + removing)]), "round \(round) step \(step)")
                expected.replaceSubrange(position..<(position + removing), with: new)
                XCTAssertEqual(list.count, expected.count, "round \(round) step \(step)")
                // Read in order and at random: the cached chunk and the search agree.
                var all: [RowRecord] = []
                list.forEach { all.append($0) }
                XCTAssertEqual(all, expected, "round \(round) step \(step)")
                for _ in 0..<20 where !expected.isEmpty {
                    let at = Int.random(in: 0..<expected.count, using: &random)
                    XCTAssertEqual(list[at], expected[at])
                }
                if step % 100 == 99 {
                    var removedAll = 0
                    list.replace(at: 0, removing: list.count, with: []) { _ in removedAll += 1 }
                    XCTAssertEqual(removedAll, expected.count)
                    expected.removeAll()
                    XCTAssertEqual(list.count, 0)
                }
            }
        }
    }

    /// A list filled in one splice, then cut at every chunk boundary and around it.
    func testEditsAtChunkBoundaries() {
        let size = 5 * RowItems.fillChunk + 17
        for offset in [-1, 0, 1] {
            for chunk in 1...5 {
                let list = RowItems()
                var expected = items(0..<size)
                list.replace(at: 0, removing: 0, with: expected) { _ in }
                let at = chunk * RowItems.fillChunk + offset
                let removing = min(RowItems.fillChunk + 2, size - at)
                let new = items(size..<(size + 3))
                list.replace(at: at, removing: removing, with: new) { _ in }
                expected.replaceSubrange(at..<(at + removing), with: new)
                XCTAssertEqual((0..<list.count).map { list[$0] }, expected, "chunk \(chunk) offset \(offset)")
            }
        }
    }

    /// What GTK reads: the item type, the count, each item with a reference of the caller's, none
    /// past the end; every change is one `items-changed`.
    func testTheRowModelIsAListModelOfRowObjects() async throws {
        let manager = BaseListManager()
        let model = manager.store.listModel
        let recorder = ItemsChangedRecorder(manager.store)
        XCTAssertTrue(g_type_is_a(g_list_model_get_item_type(model), RowObjectType.type) != 0)
        let rows = (0..<3_000).map { LabelRow(model: "\($0)", id: $0) }
        try manager.setState([Section(rows: rows)])
        try manager.remove(rows[1_500])
        XCTAssertEqual(recorder.changes.map { [$0.position, $0.removed, $0.added] }, [[0, 0, 3_000], [1_500, 1, 0]])
        XCTAssertEqual(Int(g_list_model_get_n_items(model)), 2_999)
        XCTAssertNil(g_list_model_get_item(model, 2_999))
        let made = RowObjects.count
        for position in [0, 1_499, 1_500, 2_998] {
            let item = g_list_model_get_item(model, guint(position))!
            let object = item.assumingMemoryBound(to: GObject.self)
            // The row's and the caller's.
            XCTAssertEqual(object.pointee.ref_count, 2)
            g_object_unref(item)
            XCTAssertEqual(g_list_model_get_item(model, guint(position)), item, "the same object again")
            g_object_unref(item)
            XCTAssertEqual(Row.from(item: item), manager.store.row(at: position))
            XCTAssertEqual((manager.store.generator(at: position) as? LabelRow)?.model, "\(position < 1_500 ? position : position + 1)")
        }
        XCTAssertEqual(RowObjects.count, made + 4, "only the rows asked for have an object")
    }

    /// A view may hold the row model after its manager is gone: the model keeps its rows' records
    /// until its last reference goes, and then gives every one back; an item asked for names no row.
    func testTheRowModelOutlivesItsStore() async throws {
        let baseline = Diagnostics.liveRowObjects
        var model: OpaquePointer?
        do {
            let manager = BaseListManager()
            try manager.setState([Section(rows: (0..<2_500).map { LabelRow(model: "\($0)", id: $0) })])
            model = manager.store.listModel
            g_object_ref(UnsafeMutableRawPointer(model!))
        }
        XCTAssertEqual(Int(g_list_model_get_n_items(model!)), 2_500)
        let item = g_list_model_get_item(model!, 2_000)!
        XCTAssertTrue(RowObjectType.isRowObject(item))
        XCTAssertNil(Row.from(item: item), "its row ended with its manager")
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 2_501)
        g_object_unref(item)
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 2_500)
        g_object_unref(UnsafeMutableRawPointer(model!))
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
    }
}
