import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A row is its record: its role, depth and flags share one word and its section controller is kept
/// beside it (`RowControllers`), and its generator is one word (`StoredGenerator`), so the record is
/// 24 bytes; its row object, made when asked for, is one 32-byte slice. (C layouts, not Swift's.)
@MainActor
final class RowLayoutTests: XCTestCase {
    func testARowKeepsItsRoleDepthAndControllerInARecordOfTwentyFourBytes() async {
        let controlledBefore = SelectionDispatch.controlledRows.load(ordering: .relaxed)
        let entriesBefore = RowControllers.count
        let controller = RecordingController("c")
        do {
            let header = Row.standingScratch(generator: LabelHeader(model: "h", id: "h"), role: .header)
            let footer = Row.standingScratch(generator: LabelFooter(model: "f", id: "f"), role: .footer)
            let nested = Row.standingScratch(generator: LabelRow(model: "n", id: "n"), role: .row, depth: 1_000_000)
            XCTAssertEqual([header.role, footer.role, nested.role], [.header, .footer, .row])
            XCTAssertEqual([header.depth, footer.depth, nested.depth], [0, 0, 1_000_000])
            XCTAssertNil(nested.controllerBox)

            let box = SectionControllerBox(controller)
            nested.controllerBox = box
            XCTAssertTrue(nested.controllerBox === box)
            XCTAssertNil(header.controllerBox, "one row's controller is not another's")
            XCTAssertEqual(nested.role, .row)
            XCTAssertEqual(nested.depth, 1_000_000, "the flags leave the depth alone")
            XCTAssertEqual(SelectionDispatch.controlledRows.load(ordering: .relaxed), controlledBefore + 1)
            header.controllerBox = box
            header.controllerBox = nil
            XCTAssertNil(header.controllerBox)
            XCTAssertEqual(RowControllers.count, entriesBefore + 1)

            // The record is the row: the generator's instance (one word: its conformance is found
            // from its class) and four 32-bit fields, 24 bytes in a slab (a GObject with the same
            // fields was a 48-byte GLib slice). The row object is GObject's 24 bytes and the record's
            // address: one 32-byte slice, for the rows a view asks for.
            XCTAssertEqual(MemoryLayout<GddRowRecord>.size, 24)
            XCTAssertEqual(Row.generatorOffset, 0)
            XCTAssertEqual(MemoryLayout<GddRowObject>.size, 32)
            var query = GTypeQuery()
            g_type_query(RowObjectType.type, &query)
            XCTAssertEqual(query.instance_size, 32)

            // Ending a row undoes what it recorded; its record reads as ended until another row takes it.
            for row in [header, footer, nested] { row.end() }
            XCTAssertEqual(RowControllers.count, entriesBefore, "a row's entry goes when it ends")
            XCTAssertEqual(SelectionDispatch.controlledRows.load(ordering: .relaxed), controlledBefore)
            XCTAssertNil(nested.controllerBox)
            XCTAssertEqual(nested.depth, 1_000_000, "ending leaves role and depth alone")
        }
        XCTAssertEqual(RowControllers.count, entriesBefore)
        XCTAssertEqual(SelectionDispatch.controlledRows.load(ordering: .relaxed), controlledBefore)
    }
}
