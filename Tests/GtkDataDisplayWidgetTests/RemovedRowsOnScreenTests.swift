import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// An update that removes every row on screen and leaves few rows (a filter applied to a list
/// scrolled to its end): the view shows rows of the store, never rows that left. GTK 4.8 alone
/// keeps the list items of the removed rows on screen then (a plain GListStore and GtkListView do
/// it too), unless its anchor stands on a row the update keeps. (Found while fixing the menus the
/// widget soak opened right after updates.)
final class RemovedRowsOnScreenTests: WidgetTestCase {
    /// What list items on screen show that the store does not hold (row ids), and how many rows are on screen.
    private func rowsOnScreen(_ adapter: ListBaseAdapter) -> (stale: [String], shown: Int) {
        let height = Float(gtk_widget_get_height(adapter.rowsView))
        let store = adapter.manager.store
        var stale: [String] = [], shown = 0
        for entry in adapter.containers.values {
            guard let cell = entry.cell, let rowWidget = cell.rowWidget,
                  gtk_widget_get_mapped(rowWidget) != 0 else { continue }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(rowWidget, adapter.rowsView, &bounds) != 0,
                  bounds.origin.y + bounds.size.height > 0.5, bounds.origin.y < height - 0.5 else { continue }
            let position = Int(gtk_list_item_get_position(cell.listItem))
            guard let row = cell.row, position < store.count, store.generator(at: position) === row.generator else {
                stale.append((cell.row?.generator as? LabelRow)?.model ?? "unbound item at \(position)")
                continue
            }
            shown += 1
        }
        return (stale, shown)
    }

    func testAFilterThatLeavesFewRowsOfAListScrolledToItsEndShowsThem() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let items = rows(300)
            try manager.add(items)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            adapter.scrollTo(position: 299)
            host.settle()
            try manager.setState([Section(rows: Array(items.prefix(40)))])
            host.settle()
            let screen = rowsOnScreen(adapter)
            XCTAssertEqual(screen.stale, [], "nothing on screen but rows of the store")
            XCTAssertGreaterThan(screen.shown, 10, "the view shows the rows left")
        }
    }

    func testRemovingTheTailOfAListScrolledToItsEndShowsTheRowsBefore() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let items = rows(300)
            try manager.add(items)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            adapter.scrollTo(position: 299)
            host.settle()
            try manager.remove(Array(items[10...]))
            host.settle()
            let screen = rowsOnScreen(adapter)
            XCTAssertEqual(screen.stale, [])
            XCTAssertEqual(screen.shown, 10, "the ten rows left")
        }
    }
}
