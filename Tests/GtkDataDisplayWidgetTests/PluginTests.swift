import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A list or grid view does what its plugins ask for, and says so when a generator wants a missing one.
final class PluginTests: WidgetTestCase {
    func testWithoutSelectablePluginRowsCannotBeSelected() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(3)
            try manager.add(r)
            let adapter = build(manager, plugins: [])
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            XCTAssertEqual(adapter.selectionMode, .none)
            adapter.select(r[1])
            XCTAssertFalse(adapter.isSelected(position: 1))
        }
    }

    func testMultipleSelectionPlugin() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(4)
            try manager.add(r)
            let adapter = build(manager, plugins: [.selectable(.multiple)])
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            var selected: [String] = []
            adapter.didSelect += { selected.append(($0 as! LabelRow).model) }
            adapter.select(r[0])
            adapter.select(r[2])
            XCTAssertEqual(selected, ["row 0", "row 2"])
            XCTAssertEqual(adapter.selectedGenerators.count, 2)
        }
    }

    func testDeselectAfterSelectPlugin() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(3)
            try manager.add(r)
            let adapter = build(manager, plugins: [.selectable(.single, deselectAfterSelect: true)])
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            var events: [String] = []
            r[1].didSelectEvent += { events.append("select") }
            adapter.select(r[1])
            XCTAssertEqual(events, ["select"])
            XCTAssertFalse(adapter.isSelected(position: 1))
        }
    }

    func testWithoutFoldablePluginActivationDoesNotFoldAndNoExpanderShows() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let folder = FoldableRowGenerator<LabelRowView>(model: "folder", children: [LabelRow(model: "child")])
            try manager.add(folder)
            let adapter = build(manager, plugins: [.selectable()])
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            _ = gtk_widget_activate_action_variant(adapter.rowsView,
                                                   "list.activate-item", g_variant_new_uint32(0))
            host.settle()
            XCTAssertFalse(folder.isExpanded)
            let container = try XCTUnwrap(adapter.view(for: folder)?.widget.parent)
            // No expander shows (without the plugin, cells make none).
            var child = gtk_widget_get_first_child(container)
            while let widget = child {
                XCTAssertFalse(gtk_widget_has_css_class(widget, "gdd-expander") != 0 && gtk_widget_get_visible(widget) != 0)
                child = gtk_widget_get_next_sibling(widget)
            }
        }
    }

    func testListenersWithoutTheirPluginAreReported() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let selectable = LabelRow(model: "wants selection")
            selectable.didSelectEvent += {}
            let folder = FoldableRowGenerator<LabelRowView>(model: "wants folding")
            folder.didFoldEvent += { _ in }
            try manager.add([selectable, folder])
            let adapter = build(manager, plugins: [])
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            #if DEBUG
            // One each, in the order GTK bound the rows (a table on GTK 4.18 binds them the other way).
            XCTAssertEqual(adapter.pluginWarnings.count, 2)
            XCTAssertEqual(adapter.pluginWarnings.filter { $0.contains(".selectable()") }.count, 1)
            XCTAssertEqual(adapter.pluginWarnings.filter { $0.contains(".foldable()") }.count, 1)
            #else
            XCTAssertEqual(adapter.pluginWarnings, [])
            #endif
        }
    }

    func testSingleClickActivationPlugin() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(2))
            let adapter = build(manager, plugins: [.activation(singleClick: true)])
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            XCTAssertTrue(adapter.activatesOnSingleClick)
        }
    }
}
