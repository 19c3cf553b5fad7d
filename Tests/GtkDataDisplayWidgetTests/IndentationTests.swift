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

    override func tearDownViews() async throws {
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

    /// `folders` expanded folders of `files` files; folder `f` keeps the files `keep` says.
    private func tree(folders: Int, files: Int, keep: (Int) -> Bool = { _ in true }) -> [Folder] {
        (0..<folders).map { f in
            Folder(model: "folder \(f)", id: "/f\(f)",
                   children: (0..<files).filter(keep).map { LabelRow(model: "file \(f)/\($0)", id: "/f\(f)/\($0)") }, expanded: true)
        }
    }

    func testATreeShownInPlaceIndentsEachRowAtItsNewDepth() async throws {
        manager = BaseListManager()
        try manager.setState([Section(rows: tree(folders: 60, files: 100))])
        (adapter, host) = show(manager, plugins: [.selectable(), .foldable()])
        host.settle()
        // A search that keeps one file in ten, then cleared: most rows go and come back, shown in place
        // (row objects that showed files show folders now, and the other way round).
        for (step, folders) in [("narrowed", tree(folders: 60, files: 100) { $0 % 10 == 7 }), ("cleared", tree(folders: 60, files: 100))] {
            try manager.setState([Section(rows: folders)])
            host.settle()
            XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, 0, "\(step): shown in place")
            let folderX = try titleX(folders[0])
            var checked = 0
            for generator in boundGenerators(adapter) {
                // Rows shown (GTK hides the list items of realised rows it does not show: they keep
                // their last allocation).
                guard let view = adapter.view(for: generator), gtk_widget_get_mapped(view.widget.pointer) != 0 else { continue }
                let child = !(generator is Folder)
                XCTAssertEqual(try titleX(generator), folderX + (child ? Float(adapter.indentPerLevel) : 0), accuracy: 0.5,
                               "\(step): \(generator) at depth \(child ? 1 : 0)")
                checked += 1
            }
            XCTAssertGreaterThan(checked, 10, step)
        }
    }

    func testRowsShownInPlaceMakeRoomForAFoldableSiblingTheViewDoesNotShow() async throws {
        manager = BaseListManager()
        try manager.setState([Section(rows: (0..<5_000).map { LabelRow(model: "leaf \($0)", id: "a\($0)") })])
        (adapter, host) = show(manager, plugins: [.selectable(), .foldable()])
        host.settle()
        let plainX = try titleX(manager.flatGenerators[0])
        // As many rows, every one new, a foldable far below the realised rows: no splice at all.
        var rows: [any RowGenerator] = (0..<5_000).map { LabelRow(model: "leaf \($0)", id: "b\($0)") }
        rows[4_000] = Folder(model: "folder", id: "folder", children: [LabelRow(model: "inside", id: "inside")])
        // (The focus out of the list, as a click on a button elsewhere takes it: GTK gave the list the
        // focus on its first row, whose list item would keep its row.)
        gtk_root_set_focus(OpaquePointer(host.window), nil)
        try manager.setState([Section(rows: rows)])
        host.settle()
        XCTAssertEqual(manager.lastUpdate?.splices, 0)
        XCTAssertEqual(manager.lastUpdate?.repurposed, 5_000)
        XCTAssertGreaterThan(try titleX(rows[0]), plainX + 10, "a leaf lines up with its foldable sibling's title")
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
