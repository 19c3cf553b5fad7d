import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// The app-shell helpers in a real window: what GTK made of a header bar's packing, a stack and
/// its sidebar, a menu and its button, a keyboard shortcut pressed through the X server, a
/// progress bar and a separator. Each wrapper holds one reference: everything is freed with the
/// window.
final class AppShellWidgetTests: WidgetTestCase {
    private var host: WindowHost?
    private var input: XInput { XInput(host: host!) }

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
    }

    // MARK: HeaderBar

    func testHeaderBarChildrenAreWhereTheyWerePacked() async throws {
        let widgetsBefore = Diagnostics.liveWidgets
        do {
            let header = HeaderBar()
            let back = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
            let add = Button(iconName: "list-add-symbolic", accessibleLabel: "Add")
            let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main menu")
            let toggle = ToggleButton(iconName: "weather-clear-night-symbolic")
            let title = Label("Contacts")
            header.packStart(back).packStart(add)
            header.packEnd(menu).packEnd(toggle)
            header.titleWidget = title
            XCTAssertEqual(header.titleWidget?.gtkWidget, title.gtkWidget)
            XCTAssertEqual(gtk_header_bar_get_title_widget(OpaquePointer(header.widget.raw)), title.gtkWidget)
            XCTAssertTrue(header.showsTitleButtons)
            header.showsTitleButtons = false
            XCTAssertEqual(gtk_header_bar_get_show_title_buttons(OpaquePointer(header.widget.raw)), 0)

            // A header bar as a window's content, so it is laid out in the test window.
            host = WindowHost(child: header.gtkWidget, width: 600, height: 100)
            // GTK puts start children in its "start" box and end children in its "end" box.
            let startBox = try XCTUnwrap(gtk_widget_get_parent(back.gtkWidget))
            let endBox = try XCTUnwrap(gtk_widget_get_parent(menu.gtkWidget))
            XCTAssertNotEqual(gtk_widget_has_css_class(startBox, "start"), 0, "start children are in the start box")
            XCTAssertNotEqual(gtk_widget_has_css_class(endBox, "end"), 0, "end children are in the end box")
            XCTAssertEqual(gtk_widget_get_parent(add.gtkWidget), startBox)
            XCTAssertEqual(gtk_widget_get_parent(toggle.gtkWidget), endBox)
            let x = { (widget: any WidgetConvertible) in WidgetTree.x(of: widget.gtkWidget, in: header.gtkWidget)! }
            XCTAssertLessThan(x(back), x(add), "packStart: the first packed is nearest the start")
            XCTAssertLessThan(x(add), x(title), "the title sits between the start and the end")
            XCTAssertLessThan(x(title), x(toggle))
            XCTAssertLessThan(x(toggle), x(menu), "packEnd: the first packed is nearest the end")

            header.remove(add)
            XCTAssertNil(gtk_widget_get_parent(add.gtkWidget))
            host?.destroy()
            host = nil
        }
        MainContext.drain()
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }

    // MARK: Stack and StackSidebar

    func testTheSidebarListsThePagesInOrderAndPicksTheVisiblePage() async throws {
        let widgetsBefore = Diagnostics.liveWidgets
        do {
            let stack = Stack()
            let titles = ["Base", "Manual", "Gravity", "Folding"]
            for title in titles {
                try stack.addPage(Label("\(title) page"), name: title.lowercased(), title: title)
            }
            XCTAssertEqual(stack.pageNames, ["base", "manual", "gravity", "folding"])
            XCTAssertEqual(stack.title(ofPage: "gravity"), "Gravity")
            XCTAssertEqual(stack.visiblePageName, "base", "the first page added is shown")
            var shown: [String?] = []
            stack.onVisiblePageChanged { shown.append($0) }

            let sidebar = StackSidebar(stack: stack)
            sidebar.setSizeRequest(width: 160)
            XCTAssertEqual(sidebar.sizeRequest.width, 160)
            stack.hexpand = true
            let box = Box(.horizontal, spacing: 0, sidebar, Separator(.vertical), stack)
            host = WindowHost(child: box.gtkWidget, width: 500, height: 300)

            // GTK's sidebar is a list box with one row per page, titled in stack order.
            let listBox = try XCTUnwrap(WidgetTree.descendants(of: sidebar.gtkWidget, type: gtk_list_box_get_type()).first)
            let rows = WidgetTree.descendants(of: listBox, type: gtk_list_box_row_get_type())
            XCTAssertEqual(rows.map { WidgetTree.labels(in: $0) }, titles.map { [$0] })
            XCTAssertEqual(selectedRowIndex(listBox), 0)

            // A click on the third row shows the third page.
            try input.click(rows[2])
            XCTAssertEqual(stack.visiblePageName, "gravity")
            XCTAssertEqual(String(cString: gtk_stack_get_visible_child_name(gdd_stack(stack.widget.raw))), "gravity")
            XCTAssertEqual(shown.last, "gravity")

            // A page shown by code is selected in the sidebar.
            try stack.showPage("folding")
            host?.settle()
            XCTAssertEqual(selectedRowIndex(listBox), 3)
            XCTAssertEqual(shown.last, "folding")

            // Bad names change nothing.
            XCTAssertThrowsError(try stack.addPage(Label("again"), name: "base", title: "Again")) {
                XCTAssertEqual($0 as? StackError, .duplicateName("base"))
            }
            XCTAssertThrowsError(try stack.showPage("missing")) { XCTAssertEqual($0 as? StackError, .noPage("missing")) }
            XCTAssertEqual(stack.pageNames.count, 4)
            XCTAssertEqual(stack.visiblePageName, "folding")

            // A removed page leaves the sidebar.
            stack.removePage("manual")
            host?.settle()
            XCTAssertEqual(WidgetTree.descendants(of: listBox, type: gtk_list_box_row_get_type()).map { WidgetTree.labels(in: $0) },
                           [["Base"], ["Gravity"], ["Folding"]])
            host?.destroy()
            host = nil
        }
        MainContext.drain()
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }

    func testTheSwitcherHasAButtonPerPageAndAClickShowsItsPage() async throws {
        let widgetsBefore = Diagnostics.liveWidgets
        do {
            let stack = Stack()
            for title in ["Inbox", "Sent", "Drafts"] {
                try stack.addPage(Label("\(title) page"), name: title.lowercased(), title: title)
            }
            let switcher = StackSwitcher(stack: stack)
            let box = Box(.vertical, spacing: 0, switcher, stack)
            host = WindowHost(child: box.gtkWidget, width: 400, height: 200)
            let buttons = WidgetTree.descendants(of: switcher.gtkWidget, type: gtk_toggle_button_get_type())
            XCTAssertEqual(buttons.map { WidgetTree.labels(in: $0) }, [["Inbox"], ["Sent"], ["Drafts"]])
            let pressed = { buttons.map { gtk_toggle_button_get_active(gdd_toggle_button(UnsafeMutableRawPointer($0))) != 0 } }
            XCTAssertEqual(pressed(), [true, false, false])
            try input.click(buttons[2])
            XCTAssertEqual(stack.visiblePageName, "drafts")
            XCTAssertEqual(pressed(), [false, false, true])
            try stack.showPage("sent")
            host?.settle()
            XCTAssertEqual(pressed(), [false, true, false], "a page shown by code presses its button")
            host?.destroy()
            host = nil
        }
        MainContext.drain()
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }

    private func selectedRowIndex(_ listBox: UnsafeMutablePointer<GtkWidget>) -> Int? {
        gtk_list_box_get_selected_row(OpaquePointer(listBox)).map { Int(gtk_list_box_row_get_index($0)) }
    }

    // MARK: Menu and MenuButton

    func testAMenuHoldsItsItemsWithTheirActionsAndTheButtonShowsIt() async throws {
        let widgetsBefore = Diagnostics.liveWidgets
        weak var released: Menu?
        do {
            let menu = Menu()
            let section = try Menu().append("_Keyboard Shortcuts", action: "win.show-help-overlay")
            try menu.appendSection(section)
                .append("_About Contacts", action: "app.about")
                .append("Show _Base", action: "win.page::base")
                .appendSubmenu("_More", try Menu().append("_Quit", action: "app.quit"))
            released = menu
            XCTAssertEqual(menu.count, 4)
            XCTAssertEqual(item(menu, 1, "label"), "_About Contacts")
            XCTAssertEqual(item(menu, 1, "action"), "app.about")
            XCTAssertEqual(item(menu, 2, "action"), "win.page")
            XCTAssertEqual(item(menu, 2, "target"), "base", "a detailed name's target is the item's target")
            let linkedSection = try XCTUnwrap(g_menu_model_get_item_link(gdd_menu_model(menu.pointer), 0, "section"))
            XCTAssertEqual(UnsafeMutableRawPointer(linkedSection), section.pointer)
            g_object_unref(linkedSection)
            XCTAssertThrowsError(try menu.append("Bad", action: "app.about(")) {
                XCTAssertEqual($0 as? ActionError, .invalidDetailedName("app.about("))
            }
            XCTAssertEqual(menu.count, 4, "a bad item changes nothing")

            let button = MenuButton(iconName: "open-menu-symbolic", menu: menu, accessibleLabel: "Main menu")
            button.isPrimary = true
            XCTAssertEqual(gtk_menu_button_get_menu_model(OpaquePointer(button.widget.raw)).map(UnsafeMutableRawPointer.init), menu.pointer)
            XCTAssertEqual(button.iconName, "open-menu-symbolic")
            XCTAssertTrue(button.isPrimary)
            host = WindowHost(child: button.gtkWidget, width: 200, height: 200)
            button.popup()
            host?.settle()
            let popover = try XCTUnwrap(gtk_menu_button_get_popover(OpaquePointer(button.widget.raw)))
            XCTAssertNotEqual(gtk_widget_get_visible(gdd_widget(popover)), 0, "popup() opens the menu")
            let shownLabels = WidgetTree.labels(in: gdd_widget(popover))
            XCTAssertTrue(shownLabels.contains("About Contacts"), "the popover shows the items: \(shownLabels)")
            button.popdown()
            host?.settle()
            XCTAssertEqual(gtk_widget_get_visible(gdd_widget(popover)), 0)
            host?.destroy()
            host = nil
        }
        MainContext.drain()
        XCTAssertNil(released, "the menu is freed with its button")
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }

    /// The string attribute `name` of item `index` (nil when it has none).
    private func item(_ menu: Menu, _ index: Int, _ name: String) -> String? {
        guard let value = g_menu_model_get_item_attribute_value(gdd_menu_model(menu.pointer), Int32(index), name, nil) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    // MARK: Keyboard shortcuts

    func testAShortcutRunsItsHandlerWhenItsKeysArePressed() async throws {
        let entry = TextEntry()
        host = WindowHost(child: entry.gtkWidget, width: 300, height: 100)
        var pressed: [String] = []
        try host!.window.addShortcut("<Alt>2") { pressed.append("alt+2"); return true }
        try host!.window.addShortcut("<Control>k") { pressed.append("ctrl+k"); return false }
        try input.key("alt+2")
        XCTAssertEqual(pressed, ["alt+2"])
        try input.key("alt+3")
        try input.key("2")
        XCTAssertEqual(pressed, ["alt+2"], "other keys (and 2 without Alt) do not trigger it")
        try input.key("ctrl+k")
        XCTAssertEqual(pressed, ["alt+2", "ctrl+k"])
        XCTAssertThrowsError(try host!.window.addShortcut("<Alt>") { true }) {
            XCTAssertEqual($0 as? ActionError, .invalidAccelerator("<Alt>"))
        }
    }

    // MARK: References

    func testEachWrapperHoldsExactlyOneReference() async throws {
        func references(_ object: UnsafeMutableRawPointer) -> UInt32 {
            object.assumingMemoryBound(to: GObject.self).pointee.ref_count
        }
        let stack = Stack()
        let unparented: [(String, any WidgetWrapper)] = [
            ("HeaderBar", HeaderBar()), ("MenuButton", MenuButton(iconName: "open-menu-symbolic")), ("Stack", stack),
            ("StackSidebar", StackSidebar(stack: Stack())), ("StackSwitcher", StackSwitcher(stack: Stack())),
            ("Separator", Separator()), ("ProgressBar", ProgressBar()),
        ]
        for (name, wrapper) in unparented {
            XCTAssertEqual(references(wrapper.widget.raw), 1, "\(name) holds one reference, and nothing else does")
        }
        let menu = Menu()
        XCTAssertEqual(references(menu.pointer), 1, "Menu holds its GMenu's only reference")
        do {
            let button = MenuButton(menu: menu)
            XCTAssertGreaterThan(references(menu.pointer), 1, "the button (and its popover menu) take their own")
            _ = button
        }
        XCTAssertEqual(references(menu.pointer), 1, "and give them back when the button goes")
        // A sidebar shares its stack with the stack's own wrapper.
        let sidebar = StackSidebar(stack: stack)
        XCTAssertEqual(references(stack.widget.raw), 2, "the stack wrapper's and the sidebar's")
        _ = sidebar
        // A window is also held by GTK's list of toplevels until it is destroyed.
        let about = AboutDialog()
        XCTAssertEqual(references(about.widget.raw), 2, "the wrapper's and GTK's list of windows'")
        gtk_window_destroy(gdd_window(about.widget.raw))
        XCTAssertEqual(references(about.widget.raw), 1, "destroyed: only the wrapper's is left")
    }

    // MARK: ProgressBar and Separator

    func testAProgressBarShowsItsFractionClamped() async {
        let bar = ProgressBar(fraction: 0.25)
        XCTAssertEqual(gtk_progress_bar_get_fraction(OpaquePointer(bar.widget.raw)), 0.25)
        bar.fraction = 1.5
        XCTAssertEqual(bar.fraction, 1)
        bar.fraction = -1
        XCTAssertEqual(bar.fraction, 0)
        XCTAssertNil(bar.text)
        bar.text = "3 of 4"
        XCTAssertEqual(bar.text, "3 of 4")
        XCTAssertNotEqual(gtk_progress_bar_get_show_text(OpaquePointer(bar.widget.raw)), 0)
        let vertical = Separator(.vertical)
        XCTAssertEqual(gtk_orientable_get_orientation(OpaquePointer(vertical.widget.raw)), GTK_ORIENTATION_VERTICAL)
        let horizontal = Separator()
        XCTAssertEqual(gtk_orientable_get_orientation(OpaquePointer(horizontal.widget.raw)), GTK_ORIENTATION_HORIZONTAL)
    }
}
