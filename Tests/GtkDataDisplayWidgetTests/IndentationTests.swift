import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Where rows sit with folding on, as GTK's own trees draw them (GtkTreeExpander's indent-for-icon):
/// a child that cannot fold keeps the expander's space, so its content starts past its parent's
/// expander, one level right of its parent's; at the top level a row keeps it only where a sibling
/// (a row in the same section) can fold. Rows with and without an expander are as tall. Measured
/// on the laid-out widgets, relative to the list view.
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

    func testLeafChildrenStartPastTheirParentsExpanderWhereNoSiblingFolds() async throws {
        showSections()
        try manager.expand(folder)
        host.settle()
        let parent = try titleX(folder)
        let indent = Float(adapter.indentPerLevel)
        XCTAssertGreaterThan(indent, 10)
        XCTAssertEqual(try titleX(generator("c0")), parent + indent, accuracy: 0.5, "a child reads as a child, not a sibling")
        XCTAssertEqual(try titleX(generator("c1")), parent + indent, accuracy: 0.5)
        XCTAssertEqual(try titleX(generator("leaf")), parent, accuracy: 0.5, "depth 0 still has a foldable row")
    }

    func testTheIndentPerLevelCanBeSetAndReindentsTheRowsShown() async throws {
        showSections()
        try manager.expand(folder)
        host.settle()
        adapter.indentPerLevel = 40
        host.settle()
        XCTAssertEqual(adapter.indentPerLevel, 40)
        XCTAssertEqual(try titleX(generator("c0")) - (try titleX(folder)), 40, accuracy: 0.5)
        adapter.indentPerLevel = -5
        host.settle()
        XCTAssertEqual(adapter.indentPerLevel, 0, "a negative indent counts as 0")
        // No indent: the child's reserved expander space alone puts it past its parent's expander.
        XCTAssertEqual(try titleX(generator("c0")), try titleX(folder), accuracy: 0.5)
    }

    func testRowsWithAndWithoutAnExpanderAreAsTall() async throws {
        showSections()
        try manager.expand(folder)
        host.settle()
        func height(_ generator: any RowGenerator) throws -> Int32 {
            let view = try XCTUnwrap(adapter.view(for: generator))
            return gtk_widget_get_height(try XCTUnwrap(gtk_widget_get_parent(view.widget.pointer)))
        }
        let folderHeight = try height(folder)
        XCTAssertEqual(try height(generator("p0")), folderHeight, "a row without an expander (nothing folds in its section)")
        XCTAssertEqual(try height(generator("c0")), folderHeight, "a child keeping the expander's space")
        XCTAssertEqual(try height(generator("leaf")), folderHeight)
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
        XCTAssertEqual(try titleX(c0), try titleX(folder) + Float(adapter.indentPerLevel), accuracy: 0.5)
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
