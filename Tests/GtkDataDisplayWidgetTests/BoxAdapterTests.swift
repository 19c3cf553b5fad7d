import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// A box adapter over a real `GtkBox` in a real window: after every manager operation the box's
/// children are the manager's rows in order, each showing its row, and every row that stayed kept
/// the very same widget and view (moved ones reordered, changed ones rebound in place).
final class BoxAdapterTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: BoxAdapter!
    private var host: WindowHost!

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        manager = nil
    }

    private func label(_ text: String) -> LabelRow { LabelRow(model: text, id: text) }

    /// A box over a manager holding `sections` (already added), shown in a window.
    private func showBox(orientation: Box.Orientation = .vertical) {
        adapter = BoxAdapter(manager: manager, orientation: orientation, spacing: 2)
        host = WindowHost(child: adapter.box)
    }

    /// Runs `change`, then checks the box against the manager and that every kept row kept its
    /// widget and view; returns the statistics of the change.
    @discardableResult
    private func check(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                       _ change: () throws -> Void) rethrows -> BoxStatistics {
        let snapshot = BoxSnapshot(adapter)
        adapter.resetStatistics()
        try change()
        BoxChecks.assertMatches(adapter, what, file: file, line: line)
        snapshot.assertKept(adapter, file: file, line: line)
        return adapter.statistics
    }

    func testSingleOperationsKeepEveryOtherWidget() async throws {
        manager = BaseListManager()
        let header = LabelHeader(model: "Section", id: "h")
        let rows = (0..<5).map { label("row \($0)") }
        try manager.addSection(header: header, rows: rows, footer: LabelFooter(model: "footer", id: "f"))
        showBox()
        BoxChecks.assertMatches(adapter, "initial")
        XCTAssertEqual(adapter.rowWidgets.count, 7)

        var stats = try check("add") { try manager.add([label("added")]) }
        XCTAssertEqual(stats.viewsCreated, 1)
        XCTAssertEqual(stats.destroyed, 0)

        stats = try check("insert after") { try manager.insert(label("after 1"), after: rows[1]) }
        XCTAssertEqual(stats.viewsCreated, 1)
        stats = try check("insert before") { try manager.insert([label("before 0"), label("before 0 b")], before: rows[0]) }
        XCTAssertEqual(stats.viewsCreated, 2)
        stats = try check("insert after header") { try manager.insert(label("first"), after: header) }
        XCTAssertEqual(stats.viewsCreated, 1)

        stats = try check("remove") { try manager.remove(rows[2]) }
        XCTAssertEqual(stats.destroyed, 1)
        XCTAssertEqual(stats.viewsCreated, 0)
        XCTAssertNil(adapter.rowWidget(for: rows[2]))

        let replacement = label("replacement")
        stats = try check("replace") { try manager.replace(rows[3], with: replacement) }
        XCTAssertEqual(stats.destroyed, 1)
        XCTAssertEqual(stats.viewsCreated, 1)

        let newHeader = LabelHeader(model: "New section title", id: "h2")
        stats = try check("replace header") { try manager.replace(header, with: newHeader) }
        XCTAssertEqual(stats.destroyed, 1)

        stats = try check("remove several") { try manager.remove([rows[0], rows[4]]) }
        XCTAssertEqual(stats.destroyed, 2)

        stats = try check("add section") { try manager.addSection(header: LabelHeader(model: "Second", id: "h3"), rows: [label("x"), label("y")]) }
        XCTAssertEqual(stats.viewsCreated, 3)
        stats = try check("remove section") { try manager.removeSection(at: 1) }
        XCTAssertEqual(stats.destroyed, 3)
        stats = try check("remove all rows of a section") { try manager.removeAll(fromSection: 0) }
        XCTAssertEqual(adapter.rowWidgets.count, 2)  // header and footer stay

        stats = try check("clear") { manager.clear() }
        XCTAssertEqual(stats.destroyed, 2)
        XCTAssertTrue(adapter.rowWidgets.isEmpty)
    }

    func testMoveReordersTheSameWidgetWithoutRebinding() async throws {
        manager = BaseListManager()
        let rows = (0..<8).map { label("row \($0)") }
        try manager.addSection(header: LabelHeader(model: "H", id: "h"), rows: rows)
        showBox()
        let moved = adapter.rowWidget(for: rows[0])
        var stats = try check("move after") { try manager.move(rows[0], after: rows[6]) }
        XCTAssertEqual(adapter.rowWidget(for: rows[0]), moved)
        XCTAssertEqual(stats.reorders, 1, "one widget moves")
        XCTAssertEqual(stats.viewsCreated, 0)
        XCTAssertEqual(stats.binds, 0)
        XCTAssertEqual(stats.destroyed, 0)

        stats = try check("move before") { try manager.move(rows[7], before: rows[1]) }
        XCTAssertEqual(stats.reorders, 1)
        XCTAssertEqual(stats.binds, 0)

        let manual = ManualListManager()
        let more = (0..<6).map { label("m \($0)") }
        try manual.addSection(rows: more)
        manager = manual
        host.destroy()
        showBox()
        stats = try check("swap") { try manual.swap(more[0], with: more[5]) }
        XCTAssertEqual(stats.reorders, 2)
        XCTAssertEqual(stats.binds, 0)
        XCTAssertEqual(stats.viewsCreated, 0)
    }

    func testUpdateRebindsTheExistingView() async throws {
        manager = BaseListManager()
        let rows = (0..<3).map { label("row \($0)") }
        try manager.add(rows)
        showBox()
        let view = try XCTUnwrap(adapter.view(for: rows[1]) as? LabelRowView)
        rows[1].model = "changed"
        let stats = try check("update") { try manager.update(rows[1]) }
        XCTAssertTrue(adapter.view(for: rows[1]) === view, "the same view is rebound")
        XCTAssertEqual(view.text, "changed")
        XCTAssertEqual(stats.rebinds, 1)
        XCTAssertEqual(stats.binds, 1)
        XCTAssertEqual(stats.viewsCreated, 0)

        let again = try check("replace with itself") { try manager.replace(rows[2], with: rows[2]) }
        XCTAssertEqual(again.viewsCreated, 0)
        XCTAssertEqual(again.destroyed, 0)
    }

    func testWholeStateUpdateInsertsDeletesMovesAndUpdatesInPlace() async throws {
        manager = BaseListManager()
        let ids = (0..<40).map { "r\($0)" }
        try manager.setState([Section(header: LabelHeader(model: "H", id: "h"), rows: ids.map(label))])
        showBox()
        // New instances, matched by id: r0 moves far (a separate remove and insert splice), r5
        // changes content, r7 and r8 go, n1 and n2 arrive, the rest are equal (adopted).
        var next = ids.filter { $0 != "r7" && $0 != "r8" && $0 != "r0" }.map { id -> any RowGenerator in
            id == "r5" ? LabelRow(model: "r5 changed", id: "r5") : label(id)
        }
        next.insert(label("n1"), at: 10)
        next.append(label("r0"))
        next.insert(label("n2"), at: 3)
        let view5 = adapter.view(for: manager.flatGenerators[6])
        let stats = try check("setState") {
            try manager.setState([Section(header: LabelHeader(model: "H", id: "h"), rows: next)])
        }
        XCTAssertEqual(stats.destroyed, 2)
        XCTAssertEqual(stats.viewsCreated, 2)
        XCTAssertEqual(stats.rebinds, 1)
        XCTAssertEqual(stats.reorders, 1, "only r0 moves")
        XCTAssertGreaterThan(stats.adoptions, 30, "equal new instances adopt the views")
        XCTAssertTrue(adapter.view(for: next.first { ($0 as? LabelRow)?.model == "r5 changed" }!) === view5)
    }

    /// A move across more than 256 rows reaches the store as two splices (GTK's default plan keeps
    /// shorter moves in one): the row leaves the store in one and comes back in the other, or the
    /// other way round. Its widget waits in the box meanwhile and is reordered, never rebuilt.
    func testAMoveSplitIntoTwoSplicesKeepsItsWidget() async throws {
        manager = BaseListManager()
        let rows = (0..<300).map { label("r\($0)") }
        try manager.add(rows)
        showBox()
        var splices = 0
        let handler = Signal.connect(UnsafeMutableRawPointer(manager.store.listModel), "items-changed",
                                     itemsChanged: { _, _, _ in splices += 1 })
        defer { Signal.disconnect(UnsafeMutableRawPointer(manager.store.listModel), handler) }
        let first = adapter.rowWidget(for: rows[0])
        // First to last: removed, then inserted.
        var stats = try check("first to last") { try manager.setState([Section(rows: Array(rows[1...]) + [rows[0]])]) }
        XCTAssertEqual(splices, 2, "the move is two splices")
        XCTAssertEqual(adapter.rowWidget(for: rows[0]), first)
        XCTAssertEqual(stats.reorders, 1)
        XCTAssertEqual(stats.destroyed, 0)
        XCTAssertEqual(stats.viewsCreated, 0)
        XCTAssertEqual(stats.binds, 0)
        // Back from last to first: inserted, then removed.
        splices = 0
        stats = try check("last to first") { try manager.setState([Section(rows: rows)]) }
        XCTAssertEqual(splices, 2)
        XCTAssertEqual(adapter.rowWidget(for: rows[0]), first)
        XCTAssertEqual(stats.reorders, 1)
        XCTAssertEqual(stats.destroyed + stats.viewsCreated + stats.binds, 0)
        MainContext.drain()   // the safety net on idle finds nothing to sweep
        BoxChecks.assertMatches(adapter, "after idle")
    }

    func testWholeStateReorderMovesTheFewestWidgets() async throws {
        manager = BaseListManager()
        let rows = ["a", "b", "c", "d", "e"].map(label)
        try manager.add(rows)
        showBox()
        // a b c d e → e a c b f: a and c (or a and b) stay in order; e and the other move.
        let stats = try check("setState reorder") {
            try manager.setState([Section(rows: [rows[4], rows[0], rows[2], rows[1], label("f")])])
        }
        XCTAssertEqual(stats.reorders, 2)
        XCTAssertEqual(stats.destroyed, 1)
        XCTAssertEqual(stats.binds, 1)
    }

    func testBatchIsOneDiffedChangeOfTheBox() async throws {
        manager = BaseListManager()
        let rows = (0..<10).map { label("row \($0)") }
        let header = LabelHeader(model: "H", id: "h")
        try manager.addSection(header: header, rows: rows)
        showBox()
        rows[4].model = "four"
        let m = manager!, new = label("new")
        let stats = try check("batch") {
            try m.batch {
                try m.remove(rows[1])
                try m.move(rows[9], after: header)
                try m.insert(new, after: rows[5])
                try m.update(rows[4])
                try m.move(rows[2], before: rows[8])
            }
        }
        XCTAssertEqual(stats.destroyed, 1)
        XCTAssertEqual(stats.viewsCreated, 1)
        XCTAssertEqual(stats.rebinds, 1)
        XCTAssertEqual(stats.reorders, 2)
    }

    func testBadInputThrowsTheListsErrorsAndLeavesTheBoxAlone() async throws {
        manager = BaseListManager()
        let rows = (0..<4).map { label("row \($0)") }
        try manager.addSection(header: LabelHeader(model: "H", id: "h"), rows: rows)
        showBox()
        let before = adapter.rowWidgets
        let stranger = label("stranger")
        func expect(_ expected: String, _ body: () throws -> Void) {
            do {
                try body()
                XCTFail("\(expected): no error")
            } catch let error as DataDisplayError {
                XCTAssertEqual(Self.caseName(error), expected, "\(error)")
            } catch {
                XCTFail("\(error) is not a DataDisplayError")
            }
            XCTAssertEqual(adapter.rowWidgets, before, "\(expected): the box changed")
            BoxChecks.assertMatches(adapter, expected)
        }
        expect("generatorNotFound") { try manager.insert(label("x"), after: stranger) }
        expect("duplicateGenerator") { try manager.add([rows[0]]) }
        expect("duplicateDiffID") { try manager.add([label("row 1")]) }
        expect("generatorNotFound") { try manager.move(stranger, after: rows[0]) }
        expect("indexOutOfRange") { try manager.removeSection(at: 3) }
        expect("notFoldable") { try manager.expand(rows[0]) }
        expect("duplicateDiffID") { try manager.setState([Section(rows: [label("a"), label("a")])]) }
        let m = manager!
        expect("generatorNotFound") {
            try m.batch {
                try m.remove(rows[0])
                try m.remove(stranger)
            }
        }
    }

    /// The error's case name (`duplicateDiffID`), whatever its payload.
    private static func caseName(_ error: DataDisplayError) -> String {
        Mirror(reflecting: error).children.first?.label ?? String(describing: error)
    }

    func testHeadersAndFootersAreStyledAndAdapterShowsExistingRows() async throws {
        manager = BaseListManager()
        let header = LabelHeader(model: "Title", id: "h")
        let footer = LabelFooter(model: "Note", id: "f")
        try manager.addSection(header: header, rows: [label("a")], footer: footer)
        showBox(orientation: .horizontal)
        BoxChecks.assertMatches(adapter)
        XCTAssertEqual(gtk_orientable_get_orientation(OpaquePointer(adapter.box)), GTK_ORIENTATION_HORIZONTAL)
        XCTAssertEqual(gtk_widget_has_css_class(adapter.rowWidget(for: header), "gdd-header"), 1)
        XCTAssertEqual(gtk_widget_has_css_class(adapter.rowWidget(for: footer), "gdd-footer"), 1)
        XCTAssertEqual(gtk_widget_has_css_class(adapter.box, "gdd-box"), 1)
    }

    func testGeneratorKindChangeSwapsOnlyTheView() async throws {
        manager = BaseListManager()
        try manager.add([label("a"), label("b")])
        showBox()
        let widget = adapter.rowWidget(for: manager.flatGenerators[1])
        let counter = CounterRow(model: 7, id: "b")
        try manager.setState([Section(rows: [label("a"), counter])])
        BoxChecks.assertMatches(adapter)
        XCTAssertEqual(adapter.rowWidget(for: counter), widget, "the row keeps its widget")
        XCTAssertTrue(adapter.view(for: counter) is CounterRowView)
    }
}
