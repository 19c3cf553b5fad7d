import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// `ExpanderRowGenerator` (an `AdwExpanderRow`) in a boxed `BoxAdapter` and in a list view, under
/// Xvfb with real input: a click folds it in a box, Enter and Left in a list view; its arrow (the
/// `expanded` property) follows the manager, the adapter draws no expander of its own, the children
/// are the manager's rows after it, and screen readers hear the fold state. In a child process, as
/// every libadwaita test (see `AdwaitaProductTests`), with GTK's test accessibility backend.
final class ExpanderRowTests: WidgetTestCase {
    private func inChild(_ test: String = #function, _ body: () throws -> Void) throws {
        if ChildProcess.isChild(test) {
            Adwaita.initialize()
            try body()
            return
        }
        // GTK's test backend for assistive technologies keeps a list item's states to be read back.
        let outcome = try ChildProcess.run(Self.self, test, sameEnvironment: true, environment: ["GTK_A11Y": "test"])
        XCTAssertFalse(outcome.failed, outcome.output)
    }

    private func makeRows() -> (ExpanderRowGenerator, [any RowGenerator]) {
        let developer = SwitchRowGenerator(title: "Developer mode", isOn: false, id: "developer")
        let proxy = EntryRowGenerator(title: "Proxy", id: "proxy")
        let advanced = ExpanderRowGenerator(title: "Advanced", subtitle: "For developers", id: "advanced",
                                            children: [developer, proxy], expanded: false)
        return (advanced, [ActionRowGenerator(title: "About", id: "about"), advanced])
    }

    /// The expander buttons under `widget` that are shown (not a reserved, invisible space).
    private func shownExpanders(under widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_has_css_class(current, "gdd-expander") != 0, gtk_widget_get_visible(current) != 0,
               gtk_widget_get_opacity(current) > 0 { count += 1 }
            count += shownExpanders(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    func testAClickFoldsAnExpanderRowInABoxedBoxAndItsArrowFollowsTheManager() async throws {
        try inChild {
            let objectsBefore = Diagnostics.liveRowObjects
            do {
                let manager = BaseListManager()
                let (advanced, rows) = makeRows()
                try manager.add(rows)
                let adapter = BoxAdapter(manager: manager).boxedList()
                // In a scrolled window, as a settings page stands (straight in a window, GTK 4.18 warns
                // that the window's height for its minimum width is short by a pixel: libadwaita's
                // rows wrap their titles, so their height depends on their width).
                let host = WindowHost(showing: ScrolledWindow(adapter), width: 500, height: 400)
                defer { host.destroy() }
                let view = try XCTUnwrap(adapter.view(for: advanced) as? TemplateRowView<ExpanderRowContent>)
                let row = try XCTUnwrap(adapter.rowWidget(for: advanced))
                XCTAssertEqual(String(cString: g_type_name(gdd_type_from_instance(view.widget.raw))), "AdwExpanderRow")
                XCTAssertEqual(Property.string(view.widget.raw, "title"), "Advanced")
                XCTAssertEqual(Property.string(view.widget.raw, "subtitle"), "For developers")
                XCTAssertEqual(shownExpanders(under: adapter.box), 0, "the row's own arrow: no expander before it")
                XCTAssertFalse(Property.bool(view.widget.raw, "expanded"))
                XCTAssertEqual(Accessible.expanded(row), false, "read as collapsed")
                XCTAssertEqual(adapter.rowWidgets.count, 2)

                var folds: [Bool] = []
                advanced.didFoldEvent += { folds.append($0) }
                try XInput(host: host).click(view.widget.pointer, x: 0.3)
                XCTAssertTrue(MainContext.iterate(until: { folds == [true] }, timeout: 3), "a real click expands it: \(folds)")
                host.settle()
                XCTAssertTrue(advanced.isExpanded)
                XCTAssertTrue(Property.bool(view.widget.raw, "expanded"), "the arrow turned")
                XCTAssertEqual(Accessible.expanded(row), true, "read as expanded")
                XCTAssertEqual(adapter.rowWidgets.count, 4, "its children are the box's rows after it")
                XCTAssertTrue(adapter.rowWidgets[2] == adapter.rowWidget(for: advanced.children[0]))

                try manager.collapse(advanced)
                host.settle()
                XCTAssertFalse(Property.bool(view.widget.raw, "expanded"), "the manager's collapse turns the arrow back")
                XCTAssertEqual(adapter.rowWidgets.count, 2)
                XCTAssertEqual(folds, [true, false])
            }
            MainContext.drain()
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "no row object outlives the box")
        }
    }

    func testEnterAndLeftFoldAnExpanderRowInAListViewWithNoExpanderDrawnBeforeIt() async throws {
        try inChild {
            let manager = BaseListManager()
            let (advanced, rows) = makeRows()
            try manager.add(rows)
            let adapter = manager.listViewBuilder.add(plugin: .foldable()).build().boxedList()
            let host = WindowHost(child: adapter.widget, width: 500, height: 500)
            defer { host.destroy() }
            host.settle()
            let row = try XCTUnwrap(adapter.rowWidget(for: advanced))
            XCTAssertEqual(shownExpanders(under: adapter.widget), 0, "no expander drawn: the row has its arrow")
            XCTAssertEqual(Accessible.expanded(row), false)
            XCTAssertTrue(adapter.focus(advanced))
            host.settle()
            let input = XInput(host: host)
            try input.key("Return")
            XCTAssertTrue(MainContext.iterate(until: { advanced.isExpanded }, timeout: 3), "Enter expands it")
            host.settle()
            XCTAssertEqual(manager.flatGenerators.count, 4)
            let view = try XCTUnwrap(adapter.view(for: advanced) as? TemplateRowView<ExpanderRowContent>)
            XCTAssertTrue(Property.bool(view.widget.raw, "expanded"), "the arrow turned")
            XCTAssertEqual(Accessible.expanded(try XCTUnwrap(adapter.rowWidget(for: advanced))), true)
            XCTAssertEqual(shownExpanders(under: adapter.widget), 0, "children that cannot fold show none either")
            try input.key("Left")
            XCTAssertTrue(MainContext.iterate(until: { !advanced.isExpanded }, timeout: 3), "Left collapses it")
            host.settle()
            XCTAssertFalse(Property.bool(view.widget.raw, "expanded"))
            XCTAssertEqual(manager.flatGenerators.count, 2)
        }
    }
}
