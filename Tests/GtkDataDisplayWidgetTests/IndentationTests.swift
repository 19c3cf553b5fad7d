import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Where rows sit with folding on: a row keeps the expander's space only where a sibling (a row at
/// its depth under the same parent, or in the same section) can fold. Measured on the laid-out
/// widgets, relative to the list view.
final class IndentationTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListViewAdapter!
    private var host: WindowHost!
    private var plainHeader: LabelHeader!
    private var treeHeader: LabelHeader!
    private var folder: Folder!

    override func tearDown() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        manager = nil
    }

    /// "Plain": p0, p1 — "Tree": folder (c0, c1), leaf.
    private func showSections() {
        manager = BaseListManager()
        plainHeader = LabelHeader(model: "Plain", id: "plain")
        treeHeader = LabelHeader(model: "Tree", id: "tree")
        folder = Folder(model: "folder", id: "folder",
                        children: [LabelRow(model: "c0", id: "c0"), LabelRow(model: "c1", id: "c1")])
        try! manager.addSection(header: plainHeader, rows: [LabelRow(model: "p0", id: "p0"), LabelRow(model: "p1", id: "p1")])
        try! manager.addSection(header: treeHeader, rows: [folder, LabelRow(model: "leaf", id: "leaf")])
        (adapter, host) = show(manager, plugins: [.selectable(), .foldable()])
    }

    private func generator(_ name: String) -> any RowGenerator {
        manager.flatGenerators.first { ($0 as? LabelRow)?.model == name }!
    }

    /// The x of the row view's widget (the title label) in list view coordinates.
    private func titleX(_ generator: any RowGenerator, file: StaticString = #filePath, line: UInt = #line) throws -> Float {
        let view = try XCTUnwrap(adapter.view(for: generator), "\(generator) is not bound", file: file, line: line)
        var bounds = graphene_rect_t()
        XCTAssertTrue(gtk_widget_compute_bounds(view.widget.pointer, adapter.listView.widget, &bounds) != 0, file: file, line: line)
        return bounds.origin.x
    }

    func testRowsOfAGroupWhereNothingFoldsSitWhereTheirHeaderDoes() async throws {
        showSections()
        let header = try titleX(plainHeader)
        XCTAssertEqual(try titleX(generator("p0")), header, accuracy: 0.5)
        XCTAssertEqual(try titleX(generator("p1")), header, accuracy: 0.5)
    }

    func testALeafLinesUpWithItsFoldableSiblingsTitle() async throws {
        showSections()
        XCTAssertGreaterThan(try titleX(folder), try titleX(treeHeader) + 10, "the folder's title comes after its expander")
        XCTAssertEqual(try titleX(generator("leaf")), try titleX(folder), accuracy: 0.5)
    }

    func testChildrenWhereNothingFoldsAreIndentedByDepthOnly() async throws {
        showSections()
        try manager.expand(folder)
        host.settle()
        let header = try titleX(treeHeader)
        XCTAssertEqual(try titleX(generator("c0")), header + Float(adapter.indentPerLevel), accuracy: 0.5)
        XCTAssertEqual(try titleX(generator("c1")), header + Float(adapter.indentPerLevel), accuracy: 0.5)
        XCTAssertEqual(try titleX(generator("c0")), try titleX(folder), accuracy: 0.5, "children start under their parent's title")
        XCTAssertEqual(try titleX(generator("leaf")), try titleX(folder), accuracy: 0.5, "depth 0 still has a foldable row")
    }

    func testKeptRowsMakeRoomWhenAFoldableSiblingArrivesAndGiveItBackWhenItLeaves() async throws {
        showSections()
        let header = try titleX(plainHeader)
        let p0 = generator("p0")
        let arriving = Folder(model: "arriving", id: "arriving", children: [LabelRow(model: "x", id: "x")])
        adapter.resetStatistics()
        try manager.add([arriving], toSectionWith: plainHeader)
        host.settle()
        XCTAssertEqual(try titleX(p0), try titleX(arriving), accuracy: 0.5, "p0 lines up with its new foldable sibling")
        try manager.remove(arriving)
        host.settle()
        XCTAssertEqual(try titleX(p0), header, accuracy: 0.5, "and sits under its header again once it left")
        XCTAssertEqual(adapter.statistics.rebinds, 0, "kept rows are redrawn, not rebound")
    }

    func testReloadedChildrenThatBringAFoldableRowMoveTheirKeptSiblings() async throws {
        showSections()
        try manager.expand(folder)
        host.settle()
        let c0 = generator("c0")
        let sub = Folder(model: "sub", id: "sub", children: [LabelRow(model: "deep", id: "deep")])
        folder.children.append(sub)
        try manager.reloadChildren(of: folder)
        host.settle()
        XCTAssertEqual(try titleX(c0), try titleX(sub), accuracy: 0.5)
        folder.children.removeLast()
        try manager.reloadChildren(of: folder)
        host.settle()
        XCTAssertEqual(try titleX(c0), try titleX(treeHeader) + Float(adapter.indentPerLevel), accuracy: 0.5)
    }

    func testAWholeStateThatHandsARowToAFoldableGeneratorMovesItsSiblings() async throws {
        showSections()
        let p0 = generator("p0")
        var sections = manager.sections
        // Same id, equal content: the row is kept and adopted by the new generator, not rebound.
        let p1 = Folder(model: "p1", id: "p1", children: [LabelRow(model: "y", id: "y")])
        sections[0].rows[1] = p1
        try manager.setState(sections)
        host.settle()
        XCTAssertEqual(try titleX(p0), try titleX(p1), accuracy: 0.5)
    }

    func testFoldingKeepsEveryGroupInLine() async throws {
        showSections()
        try manager.expandSubtree(folder)
        host.settle()
        try manager.collapse(folder)
        host.settle()
        XCTAssertEqual(try titleX(generator("leaf")), try titleX(folder), accuracy: 0.5)
        XCTAssertEqual(try titleX(generator("p0")), try titleX(plainHeader), accuracy: 0.5)
    }
}
