import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A box (RDDM's stack manager) headless: no selection, and a click activates and folds.
@MainActor
final class BoxSimulationTests: XCTestCase {
    func testAClickActivatesAndFoldsWithoutAPlugin() async throws {
        let fruits = try Fruits()
        let box = HeadlessAdapter(boxOf: fruits.manager)
        let events = EventRecorder(box)
        events.watchFolds()
        XCTAssertTrue(box.isBox)
        XCTAssertTrue(box.activate(fruits.citrus))
        XCTAssertEqual(events.lines, ["activated citrus", "items-changed (4, -0, +2)", "expanded citrus"])
        XCTAssertTrue(box.activate(fruits.apple), "a plain row activates and stays")
        XCTAssertFalse(box.activate(fruits.header))
        XCTAssertEqual(events.lines.last, "activated apple")
        XCTAssertFalse(box.pressExpandKey(on: fruits.citrus), "a box has no folding keys")
    }

    func testABoxSelectsNothing() async throws {
        let fruits = try Fruits()
        let box = HeadlessAdapter(boxOf: fruits.manager)
        let events = EventRecorder(box, splices: false)
        box.click(fruits.apple)
        box.select(fruits.pear)
        box.pressSelectAll()
        XCTAssertEqual(box.modelSelectedPositions, [])
        XCTAssertEqual(events.lines, [])
        XCTAssertEqual(box.selectionMode, .none)
    }

    func testTheExpanderFoldsOnlyFoldableRows() async throws {
        let fruits = try Fruits()
        let box = HeadlessAdapter(boxOf: fruits.manager)
        box.clickExpander(of: fruits.citrus)
        box.clickExpander(of: fruits.apple)
        assertRows(box, """
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
}
