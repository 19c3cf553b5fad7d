import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Selecting headless: every simulation goes through GTK's real selection model, and the adapter's
/// events report it — checked against both the events and the model's own bitset.
@MainActor
final class SelectionSimulationTests: XCTestCase {
    func testSelectFiresTheAdaptersEventsAndSetsTheModelsBitset() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.multiple)])
        let events = EventRecorder(adapter)
        var pearSelected = 0
        fruits.pear.didSelectEvent += { pearSelected += 1 }

        adapter.select([fruits.apple, fruits.pear])

        XCTAssertEqual(events.lines, ["selected apple", "selected pear", "selectionChanged +[apple, pear] -[]"])
        XCTAssertEqual(pearSelected, 1, "the row's own event")
        XCTAssertEqual(adapter.modelSelectedPositions, [1, 2], "GTK's bitset")
        XCTAssertEqual(adapter.modelSelectedIDs, ["apple", "pear"])
        XCTAssertEqual(adapter.selectedGenerators.map(\.diffID), ["apple", "pear"])
        XCTAssertTrue(adapter.isSelected(fruits.pear))
        XCTAssertEqual(adapter.selectedCount, 2)
    }

    func testDeselectAndUnselectAll() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.multiple)])
        adapter.select([fruits.apple, fruits.pear, fruits.kale])
        let events = EventRecorder(adapter)

        adapter.deselect(fruits.pear)
        XCTAssertEqual(events.lines, ["deselected pear", "selectionChanged +[] -[pear]"])
        XCTAssertEqual(adapter.modelSelectedIDs, ["apple", "kale"])

        events.reset()
        adapter.unselectAll()
        XCTAssertEqual(events.lines, ["deselected apple", "deselected kale", "selectionChanged +[] -[apple, kale]"])
        XCTAssertEqual(adapter.modelSelectedPositions, [])
    }

    func testSelectAllLeavesHeadersAndFootersOut() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.multiple)])
        let events = EventRecorder(adapter, splices: false)
        adapter.selectAll()
        XCTAssertEqual(adapter.modelSelectedIDs, ["apple", "pear", "citrus", "kale"])
        XCTAssertEqual(events.lines.last, "selectionChanged +[apple, pear, citrus, kale] -[]")
    }

    func testControlAIsUndoneForHeadersAndFooters() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.multiple)])
        let events = EventRecorder(adapter, splices: false)
        adapter.pressSelectAll()   // GTK's model selects every item; the adapter takes header and footer out
        XCTAssertEqual(adapter.modelSelectedIDs, ["apple", "pear", "citrus", "kale"])
        XCTAssertEqual(events.lines.filter { $0.hasPrefix("selectionChanged") }, ["selectionChanged +[apple, pear, citrus, kale] -[]"])
        assertRows(adapter, """
            # fruits
            apple [selected]
            pear [selected]
            ▸ citrus [selected]
            _ count

            kale [selected]
            """)
    }

    func testAClickReplacesTheSelectionInSingleMode() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.single)])
        let events = EventRecorder(adapter)
        XCTAssertTrue(adapter.click(fruits.apple))
        events.reset()
        adapter.click(fruits.kale)
        XCTAssertEqual(events.lines, ["deselected apple", "selected kale", "selectionChanged +[kale] -[apple]"])
        XCTAssertEqual(adapter.modelSelectedIDs, ["kale"])
    }

    func testAClickOnAHeaderSelectsNothing() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.single)])
        adapter.click(fruits.apple)
        let events = EventRecorder(adapter)
        adapter.click(fruits.header)
        XCTAssertEqual(adapter.modelSelectedIDs, ["apple"], "the adapter put the selection back")
        XCTAssertEqual(events.lines, [], "nothing changed")
    }

    func testControlClickTogglesInMultipleMode() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.multiple)])
        adapter.controlClick(fruits.apple)
        adapter.controlClick(fruits.kale)
        XCTAssertEqual(adapter.modelSelectedIDs, ["apple", "kale"])
        let events = EventRecorder(adapter)
        adapter.controlClick(fruits.apple)
        XCTAssertEqual(events.lines, ["deselected apple", "selectionChanged +[] -[apple]"])
        XCTAssertEqual(adapter.modelSelectedIDs, ["kale"])
    }

    func testASelectedRowThatLeavesIsReportedDeselected() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.single)])
        adapter.select(fruits.pear)
        let events = EventRecorder(adapter)
        try fruits.manager.remove(fruits.pear)
        // The adapter's selection model hears the splice before the recorder (connected later) does.
        XCTAssertEqual(events.lines, ["deselected pear", "selectionChanged +[] -[pear]", "items-changed (2, -1, +0)"])
        XCTAssertEqual(adapter.modelSelectedPositions, [])
    }

    func testChangingTheModeSwapsTheSelectionModel() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.multiple)])
        adapter.select([fruits.apple, fruits.kale])
        let before = adapter.selectionModel.raw
        let events = EventRecorder(adapter)
        adapter.selectionMode = .single
        XCTAssertNotEqual(adapter.selectionModel.raw, before)
        XCTAssertEqual(adapter.modelSelectedIDs, ["kale"], "single mode keeps the row selected last")
        XCTAssertEqual(events.lines, ["deselected apple", "selectionChanged +[] -[apple]"])
    }
}
