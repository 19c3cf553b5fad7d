import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// GtkDataDisplayAdwaita in real views under Xvfb, with real clicks and keys (xdotool): the empty
/// state as an `AdwStatusPage`, action, switch and entry rows in a boxed list, a boxed list view.
/// Each test runs in a child process of its own (libadwaita, once initialised, owns the app's style:
/// the other widget tests run without it), with GLib's warnings fatal there too.
final class AdwaitaProductTests: WidgetTestCase {
    private func inChild(_ test: String = #function, _ body: () throws -> Void) throws {
        if ChildProcess.isChild(test) {
            Adwaita.initialize()
            try body()
            return
        }
        let outcome = try ChildProcess.run(Self.self, test, sameEnvironment: true)
        XCTAssertFalse(outcome.failed, outcome.output)
    }

    private func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: g_type_name(gdd_type_from_instance(UnsafeMutableRawPointer(widget))))
    }

    func testTheEmptyStateIsAStatusPageWithItsTextsAndAction() async throws {
        try inChild {
            XCTAssertTrue(Adwaita.isInitialized)
            XCTAssertGreaterThanOrEqual(Adwaita.version.major, 1)
            XCTAssertTrue(Adwaita.isAtLeast(1, 2), "Debian 12 has 1.2")
            let manager = BaseListManager()
            let empty: EmptyStatePlugin = .statusPage(iconName: "mail-unread-symbolic", title: "No Messages",
                                                      description: "Mail from Ann & Bob <bob@example.org> lands here.",
                                                      actionLabel: "Refresh")
            let adapter = manager.listViewBuilder.add(plugin: empty).build()
            let host = WindowHost(child: adapter.widget, height: 500)
            defer { host.destroy() }
            let page = try XCTUnwrap(empty.placeholder as? StatusPageView)
            XCTAssertEqual(typeName(page.gtkWidget), "AdwStatusPage")
            XCTAssertTrue(empty.isShowingPlaceholder)
            XCTAssertNotEqual(gtk_widget_get_mapped(page.gtkWidget), 0, "the status page is on screen")
            XCTAssertEqual(page.title, "No Messages")
            XCTAssertEqual(page.iconName, "mail-unread-symbolic")
            XCTAssertEqual(page.description, "Mail from Ann & Bob <bob@example.org> lands here.")
            let shown = Property.string(page.widget.raw, "description")
            XCTAssertEqual(shown, "Mail from Ann &amp; Bob &lt;bob@example.org&gt; lands here.", "escaped for the page's markup: shown as it is")
            XCTAssertEqual(page.actionLabel, "Refresh")

            var clicks = 0
            empty.actionActivated += { clicks += 1 }
            let input = XInput(host: host)
            try input.click(page.actionButton.pointer)
            XCTAssertTrue(MainContext.iterate(until: { clicks == 1 }, timeout: 3), "a real click on the button fires the event")

            page.actionLabel = nil
            XCTAssertFalse(page.actionButton.isVisible)
            page.description = ""
            XCTAssertEqual(Property.string(page.widget.raw, "description"), "", "no description shown")
            try manager.add([LabelRow(model: "one", id: 1)])
            host.settle()
            XCTAssertFalse(empty.isShowingPlaceholder)
            XCTAssertEqual(gtk_widget_get_mapped(page.gtkWidget), 0, "the rows replace it")
            let focus = gtk_root_get_focus(gtk_widget_get_root(adapter.widget))
            XCTAssertTrue(focus.map { $0 == adapter.itemView || gtk_widget_is_ancestor($0, adapter.itemView) != 0 } ?? false,
                          "the focus the clicked button had goes to the rows")
        }
    }

    func testActionSwitchAndEntryRowsInABoxedListAnswerRealInput() async throws {
        try inChild {
            let objectsBefore = Diagnostics.liveRowObjects
            do {
                let manager = BaseListManager()
                let about = ActionRowGenerator(title: "About", subtitle: "Version 1", iconName: "help-about-symbolic", id: "about")
                let wifi = SwitchRowGenerator(title: "Wi-Fi", subtitle: "Find networks", isOn: false, id: "wifi")
                let name = EntryRowGenerator(title: "Device name", text: "laptop", id: "name")
                try manager.addSection(header: GroupTitleGenerator(title: "Settings", id: "settings"), rows: [about, wifi, name])
                let adapter = BoxAdapter(manager: manager).boxedList()
                let host = WindowHost(child: adapter.box, width: 500, height: 400)
                defer { host.destroy() }
                XCTAssertEqual(gtk_widget_has_css_class(adapter.box, "gdd-boxed-list"), 1)
                let aboutView = try XCTUnwrap(adapter.view(for: about) as? TemplateRowView<ActionRowContent>)
                let wifiView = try XCTUnwrap(adapter.view(for: wifi) as? TemplateRowView<SwitchRowContent>)
                let nameView = try XCTUnwrap(adapter.view(for: name) as? TemplateRowView<EntryRowContent>)
                XCTAssertEqual(typeName(aboutView.widget.pointer), "AdwActionRow")
                XCTAssertEqual(typeName(wifiView.widget.pointer), "AdwActionRow")
                XCTAssertEqual(typeName(nameView.widget.pointer), "AdwEntryRow")
                XCTAssertEqual(Property.string(aboutView.widget.raw, "title"), "About")
                XCTAssertEqual(Property.string(aboutView.widget.raw, "subtitle"), "Version 1")
                XCTAssertEqual(about.accessibleLabel, "About, Version 1")

                var activations = 0
                about.didActivateEvent += { activations += 1 }
                let input = XInput(host: host)
                try input.click(aboutView.widget.pointer, x: 0.5)
                XCTAssertTrue(MainContext.iterate(until: { activations == 1 }, timeout: 3), "a click activates the action row")

                // The switch: flipped by a click on it, and by a click on the row's title.
                var states: [Bool] = []
                wifi.isOnChanged += { states.append($0) }
                let toggle = try XCTUnwrap(wifiView.object("switch")).assumingMemoryBound(to: GtkWidget.self)
                try input.click(toggle)
                XCTAssertTrue(MainContext.iterate(until: { states == [true] }, timeout: 3), "\(states)")
                XCTAssertTrue(wifi.model.isOn)
                try input.click(wifiView.widget.pointer, x: 0.2)
                XCTAssertTrue(MainContext.iterate(until: { states == [true, false] }, timeout: 3), "\(states)")
                XCTAssertFalse(Property.bool(UnsafeMutableRawPointer(toggle), "active"), "the switch shows the row's state")
                // From code: shown, not reported.
                wifi.model.isOn = true
                try manager.update(wifi)
                XCTAssertTrue(Property.bool(UnsafeMutableRawPointer(toggle), "active"))
                XCTAssertEqual(states, [true, false])

                // The entry: real keys.
                var texts: [String] = []
                name.textChanged += { texts.append($0) }
                try input.click(nameView.widget.pointer, x: 0.5)
                _ = MainContext.iterate(until: { gtk_widget_has_focus(nameView.widget.pointer) != 0 || gtk_widget_is_focus(nameView.widget.pointer) != 0 }, timeout: 1)
                try input.key("End")
                try input.key("s")
                XCTAssertTrue(MainContext.iterate(until: { name.model.text == "laptops" }, timeout: 3), "\(texts)")
                XCTAssertEqual(texts.last, "laptops")
                // From code: shown, not reported as an edit.
                let edits = texts.count
                name.model.text = "desk"
                try manager.update(name)
                host.settle()
                XCTAssertEqual(Property.string(nameView.widget.raw, "text"), "desk")
                XCTAssertEqual(texts.count, edits, "a bind is no edit")
            }
            MainContext.drain()
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "no row object outlives the box")
        }
    }

    func testAListViewShowsTheRowsAsABoxedListAndTheKeyboardMovesThroughThem() async throws {
        try inChild {
            let manager = BaseListManager()
            let wifi = SwitchRowGenerator(title: "Wi-Fi", isOn: false, id: "wifi")
            let name = EntryRowGenerator(title: "Name", text: "a", id: "name")
            try manager.add((0..<5).map { ActionRowGenerator(title: "Row \($0)", id: $0) } + [wifi, name])
            let adapter = ListViewAdapter(manager: manager).boxedList()
            let host = WindowHost(child: adapter.widget, height: 500)
            defer { host.destroy() }
            XCTAssertEqual(gtk_widget_has_css_class(adapter.itemView, "gdd-boxed-list"), 1)
            let first = try XCTUnwrap(adapter.rowWidget(for: manager.flatGenerators[0]))
            XCTAssertGreaterThan(gtk_widget_get_height(first), 0)
            // Tab and arrows through every row (libadwaita's rows are list box rows outside a list
            // box: focusing one would be a GTK critical, fatal here), then Enter on the switch row.
            let input = XInput(host: host)
            try input.click(first)
            for _ in 0..<8 { try input.key("Down") }
            for _ in 0..<3 { try input.key("Tab") }
            var states: [Bool] = []
            wifi.isOnChanged += { states.append($0) }
            XCTAssertTrue(adapter.focus(wifi), "the switch row's list item takes the focus")
            host.settle()
            try input.key("Return")
            XCTAssertTrue(MainContext.iterate(until: { states == [true] }, timeout: 3), "Enter flips the switch row: \(states)")
        }
    }

    func testADeletionWithUndoPutsTheRowsBackWhereTheyWereAndOneLeftAloneStaysDeleted() async throws {
        try inChild {
            let manager = BaseListManager()
            let first = LabelHeader(model: "First", id: "first"), second = LabelHeader(model: "Second", id: "second")
            try manager.addSection(header: first, rows: (0..<5).map { LabelRow(model: "a\($0)", id: "a\($0)") })
            try manager.addSection(header: second, rows: (0..<5).map { LabelRow(model: "b\($0)", id: "b\($0)") })
            let adapter = ListViewAdapter(manager: manager)
            let deletion = UndoableDeletion(content: adapter)
            let host = WindowHost(child: deletion.widget.pointer, width: 500, height: 600)
            defer { host.destroy() }
            let before = manager.flatGenerators.map(ObjectIdentifier.init)
            let rows = try manager.generators(inSection: 0) + manager.generators(inSection: 1)
            var undone: [[any RowGenerator]] = [], committed: [[any RowGenerator]] = []
            deletion.undone += { undone.append($0) }
            deletion.committed += { committed.append($0) }

            // The second and third rows of the first section, and the first of the second.
            try deletion.delete([rows[1], rows[2], rows[5]], from: manager, title: "3 rows deleted")
            host.settle()
            XCTAssertEqual(manager.flatGenerators.count, 12 - 3)
            let undo = try XCTUnwrap(button(labelled: "Undo", under: deletion.widget.pointer), "the toast's Undo button")
            try XInput(host: host).click(undo)
            XCTAssertTrue(MainContext.iterate(until: { undone.count == 1 }, timeout: 3), "a real click on Undo")
            XCTAssertEqual(manager.flatGenerators.map(ObjectIdentifier.init), before, "every row back where it was")
            XCTAssertEqual(undone.first?.count, 3)

            // Left alone, the toast goes and the rows stay deleted.
            try deletion.delete([rows[9]], from: manager, title: "1 row deleted", seconds: 1)
            XCTAssertTrue(MainContext.iterate(until: { committed.count == 1 }, timeout: 5), "the toast went")
            XCTAssertEqual(manager.flatGenerators.count, 11)
            XCTAssertEqual(undone.count, 1)

            // A row that is not in the list: the manager's typed error, nothing removed, no toast.
            XCTAssertThrowsError(try deletion.delete([LabelRow(model: "stray", id: "stray")], from: manager, title: "no"))
            XCTAssertEqual(manager.flatGenerators.count, 11)
        }
    }

    /// `useAdwaita()`: the application's window is an `AdwApplicationWindow`, its header bar above
    /// the content inside it (libadwaita's window draws no title bar), and a new child keeps the
    /// header on top. A real GtkApplication run (synchronous, as an app's `main`), in a child process
    /// under `dbus-run-session`, as `ApplicationTests` run theirs.
    func testAnAdwaitaApplicationsWindowIsAnAdwApplicationWindowWithTheHeaderBarInside() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.AdwaitaWindow", isUnique: false)
                app.useAdwaita()
                var checked = false
                app.onActivate { window in
                    let header = HeaderBar(), first = Label("first"), second = Label("second")
                    window.titlebar = header
                    window.child = first
                    window.present()
                    XCTAssertTrue(Adwaita.isInitialized, "initialised for the window")
                    XCTAssertEqual(self.typeName(window.pointer), "AdwApplicationWindow")
                    XCTAssertFalse(gtk_window_get_titlebar(gdd_window(UnsafeMutableRawPointer(window.pointer))) == header.gtkWidget,
                                   "not GTK's title bar (libadwaita keeps its own, empty one there)")
                    let box = gtk_widget_get_parent(header.gtkWidget)
                    XCTAssertNotNil(box)
                    XCTAssertTrue(gtk_widget_get_parent(first.gtkWidget) == box, "the header and the content in one box")
                    XCTAssertTrue(gtk_widget_get_first_child(box) == header.gtkWidget, "the header on top")
                    window.child = second
                    XCTAssertTrue(gtk_widget_get_first_child(box) == header.gtkWidget && gtk_widget_get_last_child(box) == second.gtkWidget,
                                  "a new child below the header")
                    XCTAssertNil(gtk_widget_get_parent(first.gtkWidget), "the old child left")
                    XCTAssertTrue(window.child as? Label === second)
                    checked = true
                    app.quit()
                }
                XCTAssertEqual(app.run(arguments: ["test"]), 0)
                XCTAssertTrue(checked, "activated")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
    }

    /// The first `GtkButton` under `widget` whose label is `label`.
    private func button(labelled label: String, under widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if typeName(current) == "GtkButton", gtk_button_get_label(gdd_button(UnsafeMutableRawPointer(current))).map({ String(cString: $0) }) == label {
                return current
            }
            if let found = button(labelled: label, under: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The sidebar layout of a wide window shows both; of a narrow one, one at a time, switched
    /// by `showContent()` and `showSidebar()`, with `changed` after each (once the main loop is idle).
    func testTheSidebarLayoutFoldsOnANarrowWindowAndShowsOneSideAtATime() async throws {
        try inChild {
            for width: Int32 in [900, 420] {
                let sidebar = Label("Pages")
                sidebar.setSizeRequest(width: 160)
                let content = Label("A page as wide as a table's columns")
                content.setSizeRequest(width: 700)
                let layout = SidebarLayout(sidebar: sidebar, content: content, contentMinimumWidth: 300)
                var changes = 0
                layout.changed += { changes += 1 }
                let host = WindowHost(child: layout.widget.pointer, width: width, height: 300)
                defer { host.destroy() }
                host.settle()
                let mapped = { (widget: Label) in gtk_widget_get_mapped(widget.gtkWidget) != 0 }
                if width == 900 {
                    XCTAssertFalse(layout.isFolded, "wide: both show")
                    XCTAssertTrue(mapped(sidebar) && mapped(content))
                    XCTAssertTrue(layout.showsContent)
                    continue
                }
                XCTAssertTrue(layout.isFolded, "narrow: folded (the content scrolls sideways down to 300 px, not less)")
                layout.showContent()
                // (The leaflet slides from one to the other: both are on screen while it does.)
                XCTAssertTrue(MainContext.iterate(until: { mapped(content) && !mapped(sidebar) }, timeout: 3), "the content alone")
                XCTAssertTrue(layout.showsContent)
                let before = changes
                layout.showSidebar()
                XCTAssertTrue(MainContext.iterate(until: { changes > before }, timeout: 3), "changed, once idle")
                XCTAssertTrue(MainContext.iterate(until: { mapped(sidebar) && !mapped(content) }, timeout: 3), "the sidebar alone")
                XCTAssertFalse(layout.showsContent)
            }
        }
    }
}
