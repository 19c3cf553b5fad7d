import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A menu opened from code in the same turn as an update, before GTK lays the view out again:
/// where the row stands is not known yet. The menu opens (the row is shown and has actions), GTK
/// logs nothing (scrolling the view against a list it has not laid out makes GTK warn "failed to
/// scroll to given position", fatal in this suite), and once laid out the menu points at its row,
/// inside the view. (Found by the widget soak.)
final class RowActionsLayoutTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var host: WindowHost!
    private var plugin: RowActionsPlugin!
    private var items: [MenuRow] = []

    private func show() {
        host?.destroy()
        items = (0..<300).map { MenuRow("row \($0)") }
        manager = BaseListManager()
        try! manager.add(items)
        plugin = RowActionsPlugin()
        adapter = build(manager, plugins: [.selectable()])
        adapter.install(plugin)
        host = WindowHost(child: adapter.widget)
        adapter.scrollTo(position: 299)
        host.settle()
    }

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        plugin = nil
        manager = nil
    }

    /// Opens the menu of `row` right after `update`, in the same turn; then lets GTK lay out.
    private func openRightAfter(_ update: () throws -> Void, row: MenuRow, file: StaticString = #filePath, line: UInt = #line) throws {
        GLibLogCounter.install()
        let before = GLibLogCounter.counts
        try update()
        XCTAssertTrue(plugin.openMenu(for: row), "the row is shown and has actions", file: file, line: line)
        XCTAssertTrue(plugin.isMenuOpen, file: file, line: line)
        host.settle()
        XCTAssertEqual(GLibLogCounter.counts.warnings, before.warnings, "GTK warned", file: file, line: line)
        XCTAssertEqual(GLibLogCounter.counts.criticals, before.criticals, "GTK logged a critical", file: file, line: line)
        XCTAssertTrue(plugin.menuGenerator === row, file: file, line: line)
        // Laid out: the menu points at the row's visible part, inside the view.
        var pointed = GdkRectangle()
        XCTAssertNotEqual(gtk_popover_get_pointing_to(gdd_popover(UnsafeMutableRawPointer(plugin.popover)), &pointed), 0, file: file, line: line)
        let rowWidget = try XCTUnwrap(adapter.rowWidget(for: row), "the row is bound", file: file, line: line)
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(rowWidget, adapter.itemView, &bounds), 0, file: file, line: line)
        XCTAssertGreaterThanOrEqual(pointed.y, 0, file: file, line: line)
        XCTAssertLessThanOrEqual(pointed.y + pointed.height, gtk_widget_get_height(adapter.itemView), file: file, line: line)
        XCTAssertGreaterThanOrEqual(Float(pointed.y), bounds.origin.y - 0.5, "it points at its row", file: file, line: line)
        XCTAssertLessThanOrEqual(Float(pointed.y + pointed.height), bounds.origin.y + bounds.size.height + 0.5, file: file, line: line)
        plugin.closeMenu()
        host.settle()
    }

    func testAMenuOpenedRightAfterTheListWasClearedAndRefilledPointsAtItsRow() async throws {
        try await forEachViewKind { _ in
            show()
            try openRightAfter({
                manager.clear()
                try manager.add(Array(items.prefix(10)))
            }, row: items[5])
        }
    }

    func testAMenuOpenedRightAfterTheListShrankOpensForARowScrolledAwayFrom() async throws {
        try await forEachViewKind { _ in
            show()
            try openRightAfter({ try manager.setState([Section(rows: Array(items.prefix(40)))]) }, row: items[30])
        }
    }

    func testAMenuOpenedRightAfterRowsWereInsertedAboveItsRowPointsAtIt() async throws {
        try await forEachViewKind { _ in
            show()
            try openRightAfter({ try manager.insert((0..<100).map { MenuRow("new \($0)") }, before: items[0]) }, row: items[297])
        }
    }
}
