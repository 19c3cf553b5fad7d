import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Row objects and widgets of a box adapter are freed with their rows and with the adapter.
final class BoxLifetimeTests: WidgetTestCase {
    func testEverythingIsFreedAfterTheAdapterIsReleased() async throws {
        let objectsBefore = Diagnostics.liveRowObjects
        let widgetsBefore = Diagnostics.liveWidgets
        weak var weakAdapter: BoxAdapter?
        weak var weakGenerator: LabelRow?
        do {
            let manager = BaseListManager()
            let rows = (0..<30).map { LabelRow(model: "row \($0)", id: $0) }
            weakGenerator = rows[0]
            let folder = FoldableRowGenerator<LabelRowView>(model: "folder", id: "folder",
                                                           children: [LabelRow(model: "child", id: "child")], expanded: true)
            try manager.addSection(header: LabelHeader(model: "H", id: "h"), rows: rows + [folder])
            var adapter: BoxAdapter? = BoxAdapter(manager: manager)
            weakAdapter = adapter
            let host = WindowHost(child: adapter!.box)
            XCTAssertGreaterThan(Diagnostics.liveWidgets, widgetsBefore)
            try manager.move(rows[0], after: rows[20])
            try manager.setState([Section(rows: Array(rows.reversed()) + [folder])])
            host.settle()
            host.destroy()
            adapter = nil
            XCTAssertNil(weakAdapter, "nothing else keeps the adapter")
            XCTAssertTrue(folder.didFoldEvent.isEmpty, "the adapter's fold listeners left with it")
            manager.clear()
        }
        MainContext.drain()
        XCTAssertNil(weakGenerator)
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }

    func testRemovedRowsFreeTheirWidgetsWhileTheAdapterLives() async throws {
        let objectsBefore = Diagnostics.liveRowObjects
        let manager = BaseListManager()
        let rows = (0..<20).map { LabelRow(model: "row \($0)", id: $0) }
        try manager.add(rows)
        let adapter = BoxAdapter(manager: manager)
        let host = WindowHost(child: adapter.box)
        defer { host.destroy() }
        let widgetsShown = Diagnostics.liveWidgets
        try manager.remove(Array(rows[0..<15]))
        // Each row had two counted widgets: its container and its label view (the generator
        // makes a new view per row, so the view goes with the row).
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsShown - 30)
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore + 5)
        manager.clear()
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
        XCTAssertTrue(adapter.rowWidgets.isEmpty)
    }

    func testTheAdapterKeepsNoReferenceCycleWithItsWindow() async throws {
        weak var weakAdapter: BoxAdapter?
        do {
            let manager = BaseListManager()
            try manager.add([LabelRow(model: "a", id: "a")])
            let adapter = BoxAdapter(manager: manager)
            weakAdapter = adapter
            let host = WindowHost(child: adapter.box)
            host.destroy()
        }
        MainContext.drain()
        XCTAssertNil(weakAdapter)
    }
}
