import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Activating and folding headless, through the adapter's own activation and folding-key code.
@MainActor
final class ActivationAndFoldingTests: XCTestCase {
    func testActivatingARowFiresTheAdaptersAndTheRowsEvents() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager)
        let events = EventRecorder(adapter)
        var rowEvent = 0
        fruits.apple.didActivateEvent += { rowEvent += 1 }
        XCTAssertTrue(adapter.activate(fruits.apple))
        XCTAssertEqual(events.lines, ["activated apple"])
        XCTAssertEqual(rowEvent, 1)
    }

    func testHeadersAndFootersAreNotActivated() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager)
        let events = EventRecorder(adapter)
        XCTAssertFalse(adapter.activate(fruits.header))
        XCTAssertFalse(adapter.activate(fruits.footer))
        XCTAssertFalse(adapter.activate(fruits.lemon), "a row inside a collapsed one is not shown")
        XCTAssertEqual(events.lines, [])
    }

    func testActivatingAFoldableRowFoldsItWithTheFoldingPlugin() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(), .foldable()])
        let events = EventRecorder(adapter)
        events.watchFolds()
        adapter.activate(fruits.citrus)
        XCTAssertEqual(events.lines, ["activated citrus", "items-changed (4, -0, +2)", "expanded citrus"])
        assertRows(adapter, """
            # fruits
            apple
            pear
            ▾ citrus
              lemon
              lime
            _ count

            kale
            """)
    }

    func testWithoutTheFoldingPluginActivationDoesNotFold() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable()])
        adapter.activate(fruits.citrus)
        XCTAssertFalse(fruits.citrus.isExpanded)
        XCTAssertFalse(adapter.pressExpandKey(on: fruits.citrus), "nor do the keys")
        XCTAssertFalse(fruits.citrus.isExpanded)
    }

    func testFoldingKeys() async throws {
        let fruits = try Fruits()
        let inner = FoldableRowGenerator<LabelRowView>(model: "Exotic", id: "exotic",
                                                       children: [LabelRow(model: "Yuzu", id: "yuzu")], expanded: false)
        let tropical = FoldableRowGenerator<LabelRowView>(model: "Tropical", id: "tropical", children: [inner], expanded: false)
        try fruits.manager.add([tropical], toSectionWith: fruits.header)
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(), .foldable()])
        let events = EventRecorder(adapter, splices: false)
        events.watchFolds()

        XCTAssertTrue(adapter.pressExpandKey(on: fruits.citrus))
        XCTAssertFalse(adapter.pressExpandKey(on: fruits.citrus), "Right on an expanded row is not used")
        XCTAssertTrue(adapter.pressCollapseKey(on: fruits.citrus))
        XCTAssertFalse(adapter.pressCollapseKey(on: fruits.apple), "a plain row does not fold")
        XCTAssertTrue(adapter.pressExpandSubtreeKey(on: tropical))
        XCTAssertEqual(events.lines, ["expanded citrus", "collapsed citrus", "expanded tropical", "expanded exotic"])
        XCTAssertEqual(fruits.manager.rows().map(\.diffID).suffix(5), ["tropical", "exotic", "yuzu", "count", "kale"])
    }

    func testTheExpanderToggles() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager)
        adapter.clickExpander(of: fruits.citrus)
        XCTAssertTrue(fruits.citrus.isExpanded)
        XCTAssertEqual(adapter.rows().map(\.depth), [0, 0, 0, 0, 1, 1, 0, 0])
        adapter.clickExpander(of: fruits.citrus)
        XCTAssertFalse(fruits.citrus.isExpanded)
        XCTAssertEqual(adapter.rows().count, 6)
    }
}
