@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A `Row` is allocated per store item: its role, depth and flags share one word and its section
/// controller is kept beside it (`RowControllers`), so it stays within malloc's 64-byte chunks.
@MainActor
final class RowLayoutTests: XCTestCase {
    func testARowKeepsItsRoleDepthAndControllerInFiftySixBytes() async {
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

            // 56 bytes asked for: 56 usable in glibc's 64-byte chunk (72, with the controller and a
            // content version in the row, took an 80-byte chunk); ASan reports the 56 asked for.
            XCTAssertLessThanOrEqual(mallocUsableSize(Unmanaged.passUnretained(nested).toOpaque()), 56)

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

/// glibc's `malloc_usable_size`: the usable bytes of the allocation at `pointer`.
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
