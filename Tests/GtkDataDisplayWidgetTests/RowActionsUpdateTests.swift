import CGtkDataDisplay
import Foundation
@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The row menu and the rows under it: a menu opened for a row just outside the visible area points
/// inside the view (GTK has no monitor for a popover pointing outside it: a critical, fatal in this
/// suite), and updates that take the menu's row away close it.
final class RowActionsUpdateTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var host: WindowHost!
    private var plugin: RowActionsPlugin!
    private var items: [MenuRow] = []

    private func show(_ count: Int) {
        host?.destroy()
        items = (0..<count).map { MenuRow("row \($0)") }
        manager = BaseListManager()
        try! manager.add(items)
        let plugin = RowActionsPlugin()
        self.plugin = plugin
        adapter = switch viewKind {
        case .list: manager.listViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
        case .grid: manager.gridViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
        case .column: manager.columnViewBuilder(columns: tableColumns()).add(plugin: .selectable()).add(plugin: plugin).build()
        }
        host = WindowHost(child: adapter.scrolledWindow)
    }

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        plugin = nil
        manager = nil
    }

    private func waitForMenu(open: Bool) -> Bool {
        MainContext.iterate(until: { self.plugin.isMenuOpen == open && (gtk_widget_get_mapped(self.plugin.popover) != 0) == open })
    }

    /// Where the open popover points, in the item view's coordinates.
    private func pointedRect() -> GdkRectangle {
        var rect = GdkRectangle()
        _ = gtk_popover_get_pointing_to(gdd_popover(UnsafeMutableRawPointer(plugin.popover)), &rect)
        return rect
    }

    func testAMenuForARowRealisedAboveTheVisibleAreaPointsInsideTheView() async throws {
        try await forEachViewKind { kind in
            show(300)
            try adapter.scrollTo(items[120], at: .first)
            host.settle()
            // The row (of tiles) just above the first one on screen: GTK keeps it realised.
            let columns = kind == .grid ? Int(gtk_grid_view_get_max_columns(OpaquePointer(adapter.itemView))) : 1
            let above = try XCTUnwrap(items.indices.last { i in
                i < 120 && adapter.view(for: items[i]) != nil && !(adapter.visibleFrames().contains { $0.row.generator === items[i] })
            }, "a realised row out of view above")
            XCTAssertGreaterThan(columns, 0)
            XCTAssertTrue(plugin.openMenu(for: items[above]))
            XCTAssertTrue(waitForMenu(open: true))
            let rect = pointedRect()
            let height = gtk_widget_get_height(adapter.itemView)
            XCTAssertGreaterThanOrEqual(rect.y, 0, "the menu points inside the view")
            XCTAssertLessThanOrEqual(rect.y + rect.height, height)
            XCTAssertGreaterThan(rect.height, 0)
            host.settle()
            XCTAssertTrue(adapter.visibleFrames().contains { $0.row.generator === items[above] }, "the row was scrolled into view")
            plugin.closeMenu()
            XCTAssertTrue(waitForMenu(open: false))
        }
    }

    func testAMenuForARowRealisedBelowTheVisibleAreaPointsInsideTheView() async throws {
        try await forEachViewKind { _ in
            show(300)
            host.settle()
            let below = try XCTUnwrap(items.indices.first { i in
                adapter.view(for: items[i]) != nil && i > 0 && !(adapter.visibleFrames().contains { $0.row.generator === items[i] })
            }, "a realised row out of view below")
            XCTAssertTrue(plugin.openMenu(for: items[below]))
            XCTAssertTrue(waitForMenu(open: true))
            let rect = pointedRect()
            XCTAssertGreaterThanOrEqual(rect.y, 0)
            XCTAssertLessThanOrEqual(rect.y + rect.height, gtk_widget_get_height(adapter.itemView))
            plugin.closeMenu()
            XCTAssertTrue(waitForMenu(open: false))
        }
    }

    func testRemovingTheMenusRowClosesTheMenuAndLeavesTheFocusInTheView() async throws {
        let removals: [(String, (RowActionsUpdateTests, MenuRow) throws -> Void)] = [
            ("remove", { test, row in try test.manager.remove(row) }),
            ("clear", { test, _ in try test.manager.clear() }),
            ("setState without it", { test, row in
                try test.manager.setState([Section(rows: test.items.filter { $0 !== row }.map { MenuRow($0.model) })])
            }),
        ]
        try await forEachViewKind { _ in
            for (name, removal) in removals {
                show(20)
                host.settle()
                XCTAssertTrue(plugin.openMenu(for: items[3]))
                XCTAssertTrue(waitForMenu(open: true), name)
                try removal(self, items[3])
                XCTAssertTrue(waitForMenu(open: false), "\(name) closes the menu")
                XCTAssertNil(plugin.menuGenerator, name)
                XCTAssertEqual(plugin.shownActions.count, 0, name)
                let root = try XCTUnwrap(gtk_widget_get_root(adapter.itemView))
                let focused = try XCTUnwrap(gtk_root_get_focus(root), "something has the focus")
                XCTAssertTrue(focused == adapter.itemView || gtk_widget_is_ancestor(focused, adapter.itemView) != 0, name)
            }
        }
    }

    func testAMenuRowKeptByIdWithANewGeneratorShowsItsActions() async throws {
        try await forEachViewKind { _ in
            show(20)
            host.settle()
            XCTAssertTrue(plugin.openMenu(for: items[3]))
            XCTAssertTrue(waitForMenu(open: true))
            let fresh = items.map { MenuRow($0.model) }
            try manager.setState([Section(rows: fresh)])
            host.settle()
            XCTAssertTrue(plugin.isMenuOpen, "the row stays (same id): so does its menu")
            XCTAssertTrue(plugin.menuGenerator === fresh[3])
            XCTAssertTrue(plugin.shownActions.first === fresh[3].rename, "the new generator's actions")
            XCTAssertTrue(plugin.choose(actionWithID: "rename", of: fresh[3], in: manager))
            XCTAssertEqual(fresh[3].fired, ["rename"])
            XCTAssertEqual(items[3].fired, [], "the replaced generator's action is not run")
            plugin.closeMenu()
            XCTAssertTrue(waitForMenu(open: false))
        }
    }
}
