import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A row is its row object, allocated per store item: its role, depth and flags share one word and its
/// section controller is kept beside it (`RowControllers`), and its generator is one word
/// (`StoredGenerator`), so the object is one 48-byte slice. (GObject's C layout, not Swift's.)
@MainActor
final class RowLayoutTests: XCTestCase {
    func testARowKeepsItsRoleDepthAndControllerInItsObjectOfFortyEightBytes() async {
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

            // The object is the row: GObject's 24 bytes, the generator's instance (one word: its
            // conformance is found from its class) and four 32-bit fields, 48 bytes, one 48-byte
            // GLib slice (with the existential's two words it was 56, in 64-byte slices; before that
            // the object and a 56-byte Swift row beside it took a 32-byte slice and a 64-byte chunk).
            XCTAssertEqual(MemoryLayout<GddRowObject>.size, 48)
            XCTAssertEqual(Row.generatorOffset, MemoryLayout<GObject>.size)
            var query = GTypeQuery()
            g_type_query(RowObjectType.type, &query)
            XCTAssertEqual(query.instance_size, 48)

            // Ending a row undoes what it recorded, though the row is still held (here by the test).
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
