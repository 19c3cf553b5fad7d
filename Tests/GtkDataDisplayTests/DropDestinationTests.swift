@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Where a dragged row lands for a drop before or after a row, from the manager's state alone
/// (the reordering plugin asks this with the row under the pointer).
@MainActor
final class DropDestinationTests: XCTestCase {
    private var manager: BaseListManager!
    private var a: LabelHeader!, b: LabelHeader!, footer: LabelFooter!

    /// "#A": x, F (expanded: f1, f2), y — "#B": z, "_end"
    override func setUp() async throws {
        manager = BaseListManager()
        a = header("A")
        b = header("B")
        footer = LabelFooter(model: "end", id: "end")
        let folder = Folder(model: "F", id: "F", children: rows("f1", "f2"), expanded: true)
        try manager.addSection(header: a, rows: [LabelRow(model: "x", id: "x"), folder, LabelRow(model: "y", id: "y")])
        try manager.addSection(header: b, rows: rows("z"), footer: footer)
    }

    private func g(_ name: String) -> any RowGenerator {
        manager.flatGenerators.first { ($0 as? BaseRowGenerator<LabelRowView>)?.model == name }!
    }

    private func land(_ dragged: String, on target: any RowGenerator, after: Bool) -> String? {
        guard let d = manager.dropDestination(of: g(dragged), onto: target, after: after) else { return nil }
        let indicator = (d.indicator as? BaseRowGenerator<LabelRowView>)?.model ?? (d.indicator as? LabelHeader)?.model ?? (d.indicator as? LabelFooter)?.model ?? "?"
        return "\(d.position.section).\(d.position.index) \(d.after ? "after" : "before") \(indicator)"
    }

    func testASectionsRowLandsBeforeOrAfterTheRowUnderThePointer() async throws {
        XCTAssertEqual(land("x", on: g("y"), after: true), "0.2 after y", "indices count the siblings without the dragged row")
        XCTAssertEqual(land("y", on: g("x"), after: false), "0.0 before x")
        XCTAssertEqual(land("x", on: g("z"), after: false), "1.0 before z")
        XCTAssertNil(land("x", on: g("F"), after: false), "right where it stands: no move")
        XCTAssertNil(land("F", on: g("f1"), after: true), "not into its own subtree")
    }

    func testOnAChildOfAnotherFoldableItLandsAfterThatWholeSubtree() async throws {
        XCTAssertEqual(land("x", on: g("f1"), after: false), "0.1 after f2")
        XCTAssertEqual(land("z", on: g("f1"), after: false), "0.2 after f2")
        XCTAssertNil(land("y", on: g("f2"), after: false), "y stands right after that subtree already")
    }

    func testHeadersOpenAndFootersCloseSections() async throws {
        XCTAssertEqual(land("z", on: a, after: true), "0.0 after A")
        XCTAssertEqual(land("x", on: b, after: false), "0.2 before B", "before a header: the end of the section above")
        XCTAssertEqual(land("x", on: b, after: true), "1.0 after B")
        XCTAssertEqual(land("x", on: footer, after: false), "1.1 before end")
    }

    func testAChildRowLandsAmongItsSiblingsOnly() async throws {
        XCTAssertEqual(land("f1", on: g("f2"), after: true), "0.1 after f2")
        XCTAssertNil(land("f2", on: g("x"), after: false), "not among its parent's siblings")
        XCTAssertNil(land("f2", on: a, after: true), "not on a header")
        XCTAssertNil(land("f1", on: g("z"), after: true))
    }
}
