import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The testing kit's helpers for a real window under Xvfb, used as an app's tests would (no CGtk):
/// hosting an adapter, scrolling, reading the bound rows, keys through GTK's event path — and a
/// headless simulation giving the same events as the real keys.
@MainActor
final class TestingKitWidgetTests: XCTestCase {
    private var host: WindowHost?

    override func setUp() async throws {
        guard WindowHost.initializeGTK() else {
            if ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1" { XCTFail("no display: run under xvfb-run -a") }
            throw XCTSkip("no display (run under xvfb-run -a)")
        }
    }

    override func tearDown() async throws {
        host?.destroy()
        host = nil
    }

    private func numbered(_ count: Int) -> [LabelRow] {
        (0..<count).map { LabelRow(model: "row \($0)", id: "row \($0)") }
    }

    func testScrollingBindsTheRowAndUnbindsTheTop() async throws {
        let manager = BaseListManager()
        let rows = numbered(500)
        try manager.addSection(header: LabelHeader(model: "Numbers", id: "numbers"), rows: rows)
        let adapter = ListViewAdapter(manager: manager, selection: .single)
        let host = WindowHost(showing: adapter, width: 300, height: 400)
        self.host = host

        XCTAssertTrue(adapter.boundIDs.contains("row 0"))
        XCTAssertFalse(adapter.boundIDs.contains("row 400"))
        XCTAssertTrue(try host.scroll(adapter, to: rows[400], at: .first))
        XCTAssertTrue(adapter.boundIDs.contains("row 400"))
        XCTAssertFalse(adapter.boundIDs.contains("row 0"), "the top left the realised range")
        XCTAssertLessThan(adapter.boundGenerators.count, 250, "GTK 4.8 realises a bounded range (about 200 rows), not all 500")
        XCTAssertEqual(adapter.scrollPosition?.id, "row 400", "the row is first on screen")
    }

    /// The DocC article's Xvfb example, run as written.
    func testTheArticlesXvfbExample() async throws {
        let manager = BaseListManager()
        let rows = numbered(500)
        try manager.addSection(header: LabelHeader(model: "Numbers", id: "numbers"), rows: rows)
        // After Down from row 400, Ctrl+A, then a double click on row 401: that row alone is selected.
        let expected = (["# numbers"] + rows.map { $0 === rows[401] ? "row 401 [selected]" : $0.model }).joined(separator: "\n")
        var activated: [String] = []
        // DocC:begin testing-kit-xvfb
        let adapter = manager.listViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: .foldable()).build()
        adapter.didActivate += { activated.append(($0 as? LabelRow)?.model ?? "?") }
        let host = WindowHost(showing: adapter, width: 300, height: 400)
        defer { host.destroy() }

        XCTAssertTrue(try host.scroll(adapter, to: rows[400], at: .first))  // scrollTo, then waits until bound and drawn
        XCTAssertTrue(adapter.boundIDs.contains("row 400"))     // the rows GTK has bound now

        XCTAssertTrue(host.focus(rows[400], in: adapter))       // as a click gives it the focus
        try host.pressKey("Down")                               // real X input: GTK's whole key path
        try host.pressKey("ctrl+a")
        try host.click(rows[401], in: adapter, count: 2)        // a double click on the row
        assertRows(adapter, expected)                           // a real adapter is a RowSnapshotSource too
        // DocC:end testing-kit-xvfb
        XCTAssertEqual(activated, ["row 401"])
    }

    func testKeysGoThroughGTKsEventPath() async throws {
        let manager = BaseListManager()
        let rows = numbered(3)
        let group = FoldableRowGenerator<LabelRowView>(model: "group", id: "group",
                                                       children: [LabelRow(model: "child", id: "child")], expanded: false)
        try manager.addSection(header: LabelHeader(model: "Numbers", id: "numbers"), rows: rows + [group])
        let adapter = manager.listViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: .foldable()).build()
        let host = WindowHost(showing: adapter, width: 300, height: 400)
        self.host = host
        let events = EventRecorder(adapter, splices: false)

        XCTAssertTrue(host.focus(rows[0], in: adapter))
        try host.pressKey("Down")                      // GtkListView's own binding moves the focus and selects
        XCTAssertTrue(adapter.focusedGenerator === rows[1])
        try host.pressKey("Return")                    // GtkListView's activate → the adapter
        XCTAssertEqual(events.lines, ["selected row 1", "selectionChanged +[row 1] -[]", "activated row 1"])

        XCTAssertTrue(host.focus(group, in: adapter))
        try host.pressKey("plus")                      // the library's folding key controller
        XCTAssertTrue(group.isExpanded)

        events.reset()
        try host.pressKey("ctrl+a")                    // GTK's list.select-all; the adapter leaves the header out
        XCTAssertEqual(events.lines.last, "selectionChanged +[row 0, row 2, group, child] -[]", "row 1 was selected already")
        assertRows(adapter, """
            # numbers
            row 0 [selected]
            row 1 [selected]
            row 2 [selected]
            ▾ group [selected]
              child [selected]
            """)
    }

    func testTheHeadlessSimulationReportsWhatTheRealKeysReport() async throws {
        func make() throws -> (BaseListManager, FoldableRowGenerator<LabelRowView>) {
            let manager = BaseListManager()
            let group = FoldableRowGenerator<LabelRowView>(model: "group", id: "group",
                                                           children: [LabelRow(model: "child", id: "child")], expanded: false)
            try manager.addSection(rows: [LabelRow(model: "a", id: "a"), group])
            return (manager, group)
        }
        // Enter on a foldable row, in a real list view…
        let (manager, group) = try make()
        let adapter = ListViewAdapter(manager: manager, plugins: [.selectable(), .foldable()])
        let host = WindowHost(showing: adapter)
        self.host = host
        let real = EventRecorder(adapter)
        real.watchFolds()
        XCTAssertTrue(host.focus(group, in: adapter))
        try host.pressKey("Return")

        // …and headless.
        let (headlessManager, headlessGroup) = try make()
        let headless = HeadlessAdapter(manager: headlessManager, plugins: [.selectable(), .foldable()])
        let simulated = EventRecorder(headless)
        simulated.watchFolds()
        headless.activate(headlessGroup)

        XCTAssertEqual(real.lines, ["activated group", "items-changed (2, -0, +1)", "expanded group"])
        XCTAssertEqual(simulated.lines, real.lines)
        XCTAssertEqual(headless.renderRows(), adapter.renderRows())
    }

    func testContextMenuAndMoveKeysMatchTheirHeadlessSimulation() async throws {
        func make() throws -> (BaseListManager, [LabelRow], RowActionsPlugin) {
            let manager = BaseListManager()
            let rows = numbered(3)
            try manager.addSection(rows: rows)
            let actions = RowActionsPlugin(actions: { generator in
                [RowAction(id: "pin", label: "Pin"), RowAction(id: "delete", label: "Delete") { try? manager.remove(generator) }]
            })
            return (manager, rows, actions)
        }
        let (manager, rows, actions) = try make()
        let adapter = manager.listViewBuilder.add(plugin: .selectable()).add(plugin: .reordering()).add(plugin: actions).build()
        let host = WindowHost(showing: adapter)
        self.host = host
        XCTAssertTrue(host.focus(rows[0], in: adapter))
        let real = EventRecorder(adapter, splices: false)
        try host.pressKey("alt+Down")                  // the reordering plugin's key
        try host.pressKey("Menu")                      // the row-actions plugin opens the menu…
        XCTAssertTrue(actions.isMenuOpen)
        try host.pressKey("Return")                    // …and its first entry is chosen
        XCTAssertFalse(actions.isMenuOpen)

        let (headlessManager, headlessRows, headlessActions) = try make()
        let headless = HeadlessAdapter(manager: headlessManager)
        headless.install(ReorderingPlugin())
        headless.install(headlessActions)
        let simulated = EventRecorder(headless, splices: false)
        headless.pressMoveKey(on: headlessRows[0], forward: true)
        headless.chooseAction("pin", of: headlessRows[0])

        XCTAssertEqual(real.lines, ["moved row 0 0:0 → 0:1", "action pin on row 0"])
        XCTAssertEqual(simulated.lines, real.lines)
        XCTAssertEqual(headless.renderRows(), adapter.renderRows().replacingOccurrences(of: " [selected]", with: ""))
    }

    func testClicksMatchTheirHeadlessSimulation() async throws {
        func make() throws -> (BaseListManager, [LabelRow], FoldableRowGenerator<LabelRowView>) {
            let manager = BaseListManager()
            let rows = numbered(3)
            let group = FoldableRowGenerator<LabelRowView>(model: "group", id: "group",
                                                           children: [LabelRow(model: "child", id: "child")], expanded: false)
            try manager.addSection(header: LabelHeader(model: "Numbers", id: "numbers"), rows: rows + [group])
            return (manager, rows, group)
        }
        let (manager, rows, group) = try make()
        let actions = RowActionsPlugin(actions: { _ in [RowAction(id: "pin", label: "Pin")] })
        let adapter = manager.listViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: .foldable())
            .add(plugin: actions).build()
        let host = WindowHost(showing: adapter)
        self.host = host
        let real = EventRecorder(adapter)
        real.watchFolds()
        try host.click(rows[0], in: adapter)
        try host.click(rows[2], in: adapter, modifiers: ["ctrl"])
        try host.click(group, in: adapter, count: 2)
        try host.click(rows[1], in: adapter, button: .secondary)
        XCTAssertTrue(actions.isMenuOpen, "a right click opens the row's menu")
        XCTAssertTrue(actions.menuGenerator === rows[1])
        actions.closeMenu()

        let (headlessManager, headlessRows, headlessGroup) = try make()
        let headless = HeadlessAdapter(manager: headlessManager, plugins: [.selectable(.multiple), .foldable()])
        let simulated = EventRecorder(headless)
        simulated.watchFolds()
        headless.click(headlessRows[0])
        headless.controlClick(headlessRows[2])
        headless.click(headlessGroup)            // a double click's first click selects the row…
        headless.activate(headlessGroup)         // …its second activates it

        XCTAssertEqual(real.lines, ["selected row 0", "selectionChanged +[row 0] -[]",
                                    "selected row 2", "selectionChanged +[row 2] -[]",
                                    "deselected row 0", "deselected row 2", "selected group", "selectionChanged +[group] -[row 0, row 2]",
                                    "activated group", "items-changed (5, -0, +1)", "expanded group"])
        XCTAssertEqual(simulated.lines, real.lines)
        XCTAssertEqual(headless.renderRows(), adapter.renderRows())
        XCTAssertThrowsError(try host.click(LabelRow(model: "not shown"), in: adapter)) { error in
            XCTAssertEqual(error as? XInputError, .rowNotShown)
        }
    }

    func testAGridIsReadAndClickedTheSameWay() async throws {
        let manager = BaseListManager()
        let tiles = numbered(6)
        try manager.addSection(header: LabelHeader(model: "Tiles", id: "tiles"), rows: tiles)
        let grid = manager.gridViewBuilder.add(plugin: .selectable(.single)).build()
        grid.maxColumns = 3
        let host = WindowHost(showing: grid, width: 600, height: 400)
        self.host = host
        let events = EventRecorder(grid, splices: false)
        try host.click(tiles[4], in: grid)
        XCTAssertEqual(events.lines, ["selected row 4", "selectionChanged +[row 4] -[]"])
        XCTAssertEqual(Set(grid.boundIDs), Set(manager.flatGenerators.map(\.diffID)), "a short grid binds every tile")
        assertRows(grid, """
            # tiles
            row 0
            row 1
            row 2
            row 3
            row 4 [selected]
            row 5
            """)
    }
}
