import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Row objects and row widgets are freed with their rows and list views.
final class WidgetLifetimeTests: WidgetTestCase {
    func testRowObjectsAndWidgetsReturnToZeroAfterDestroyingTheListView() async throws {
        try await forEachViewKind { _ in
            let objectsBefore = Diagnostics.liveRowObjects
            let widgetsBefore = Diagnostics.liveWidgets
            do {
                let manager = BaseListManager()
                try manager.addSection(header: LabelHeader(model: "H"), rows: rows(500))
                var (adapter, host): (ListBaseAdapter?, WindowHost) = present(manager)
                XCTAssertGreaterThan(Diagnostics.liveWidgets, widgetsBefore)
                adapter?.scrollTo(position: 400)
                host.settle()
                host.destroy()
                adapter = nil
                manager.clear()
            }
            MainContext.drain()
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
            XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
        }
    }

    func testRemovedRowsAreFreedWhileTheListViewLives() async throws {
        try await forEachViewKind { _ in
            let objectsBefore = Diagnostics.liveRowObjects
            let manager = BaseListManager()
            let r = rows(200)
            try manager.add(r)
            let (_, host) = present(manager)
            defer { host.destroy() }
            try manager.remove(Array(r[0..<150]))
            host.settle()
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore + 50)
            manager.clear()
            host.settle()
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
        }
    }
}
