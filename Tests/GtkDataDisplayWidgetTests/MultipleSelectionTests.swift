import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Multiple selection as a user makes it, with real X input (xdotool): Ctrl+click adds a row,
/// Shift+click extends from the last clicked row, and with the rubber band option a drag selects
/// the rows it covers; `selectionChanged` reports each change. List and grid.
final class MultipleSelectionTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var host: WindowHost!
    private var items: [LabelRow] = []
    private var changes: [SelectionChange] = []
    private var input: XInput { XInput(host: host) }

    private func showRows(rubberBand: Bool) {
        host?.destroy()
        items = rows(12, prefix: "item")
        manager = BaseListManager()
        try! manager.addSection(header: LabelHeader(model: "Items"), rows: items)
        adapter = build(manager, plugins: [.selectable(.multiple, rubberBand: rubberBand)])
        changes = []
        adapter.selectionChanged += { [unowned self] change in changes.append(change) }
        host = WindowHost(child: adapter.scrolledWindow, width: 400, height: 700)
    }

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        manager = nil
    }

    private func widget(_ generator: any RowGenerator) throws -> UnsafeMutablePointer<GtkWidget> {
        try XCTUnwrap(adapter.view(for: generator), "bound").widget.pointer
    }

    private func selectedNames() -> [String] {
        adapter.selectedGenerators.compactMap { ($0 as? LabelRow)?.model }
    }

    func testCtrlClickAddsARowAndShiftClickExtendsFromTheLastClickedRow() async throws {
        try await forEachViewKind { _ in
            showRows(rubberBand: false)
            try input.click(try widget(items[1]))
            XCTAssertEqual(selectedNames(), ["item 1"])
            try input.click(try widget(items[3]), modifiers: ["ctrl"])
            XCTAssertEqual(selectedNames(), ["item 1", "item 3"], "Ctrl+click adds")
            XCTAssertEqual(changes.last?.selected.compactMap { ($0 as? LabelRow)?.model }, ["item 3"])
            XCTAssertEqual(changes.last?.deselectedCount, 0)
            try input.click(try widget(items[6]), modifiers: ["shift"])
            XCTAssertEqual(selectedNames(), ["item 3", "item 4", "item 5", "item 6"],
                           "Shift+click selects the range from the last clicked row (GTK: it replaces the rest)")
            try input.click(try widget(items[3]), modifiers: ["ctrl"])
            XCTAssertEqual(selectedNames(), ["item 4", "item 5", "item 6"], "Ctrl+click on a selected row takes it out")
            XCTAssertEqual(changes.last?.deselected.compactMap { ($0 as? LabelRow)?.model }, ["item 3"])
            try input.click(try widget(items[8]), modifiers: ["ctrl"])
            try input.click(try widget(items[10]), modifiers: ["ctrl", "shift"])
            XCTAssertEqual(selectedNames(), ["item 4", "item 5", "item 6", "item 8", "item 9", "item 10"],
                           "Ctrl+Shift+click adds the range from the last clicked row and keeps the rest")
        }
    }

    func testShiftClickNeverSelectsTheHeader() async throws {
        try await forEachViewKind { _ in
            showRows(rubberBand: false)
            try input.click(try widget(items[4]))
            try input.click(try widget(items[0]), modifiers: ["shift"])
            XCTAssertEqual(selectedNames(), ["item 0", "item 1", "item 2", "item 3", "item 4"])
            XCTAssertEqual(adapter.selectedCount, 5, "the header above is not selected")
        }
    }

    func testRubberBandDragSelectsTheRowsItCovers() async throws {
        try await forEachViewKind { kind in
            showRows(rubberBand: true)
            XCTAssertTrue(adapter.rubberBandSelects)
            // A list row is as wide as the list; grid tiles are side by side, so drag down the
            // first column from row 1's tile to a tile of a later row in the same column.
            let last = kind == .grid ? items[6] : items[4]
            try input.drag(from: try widget(items[1]), to: try widget(last), fromX: 0.3, toX: 0.6)
            let names = selectedNames()
            switch kind {
            case .list, .column:
                XCTAssertEqual(names, ["item 1", "item 2", "item 3", "item 4"], "the rows the band covers")
            case .grid:
                XCTAssertTrue(names.contains("item 1") && names.contains("item 6"), "the tiles the band covers: \(names)")
                XCTAssertGreaterThanOrEqual(names.count, 2)
            }
            XCTAssertFalse(changes.isEmpty, "selectionChanged reported the band")
            XCTAssertEqual(changes.reduce(0) { $0 + $1.selectedCount - $1.deselectedCount }, names.count,
                           "the events add up to the selection")
            XCTAssertFalse(adapter.isSelected(manager.sections[0].header!), "the header is never selected")
        }
    }

    func testWithoutTheRubberBandADragSelectsNoRange() async throws {
        try await forEachViewKind { _ in
            showRows(rubberBand: false)
            XCTAssertFalse(adapter.rubberBandSelects)
            try input.drag(from: try widget(items[1]), to: try widget(items[4]), fromX: 0.3, toX: 0.6)
            XCTAssertLessThanOrEqual(adapter.selectedCount, 1)
        }
    }

    func testRubberBandCanBeSwitchedAtRunTime() async throws {
        try await forEachViewKind { _ in
            showRows(rubberBand: false)
            adapter.rubberBandSelects = true
            XCTAssertTrue(adapter.rubberBandSelects)
            adapter.rubberBandSelects = false
            XCTAssertFalse(adapter.rubberBandSelects)
        }
    }
}
