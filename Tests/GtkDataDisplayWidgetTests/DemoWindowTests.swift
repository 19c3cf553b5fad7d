import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
@testable import GtkDataDisplayDemo
import GtkDataDisplayTesting
import XCTest

/// The demo application itself, run from its own code (`DemoApplication`): the sidebar lists its
/// pages in order, Alt+digit shows them, the moon button switches the dark style, the primary
/// menu's items are bound to `app.about` and `app.quit`, and the About dialog the menu's action opens says what the AppStream metainfo and
/// the LICENSE file say — and closing it leaves nothing behind.
///
/// GtkApplication wants a D-Bus session bus, so the demo runs in a child process under
/// `dbus-run-session` (as ApplicationTests do); the child prints what it found, the parent checks.
final class DemoWindowTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
    }

    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheDemoWindowsSidebarMenuAndAbout() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated { Self.runDemoAndReport() }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        let report = Dictionary(outcome.output.split(separator: "\n").compactMap { line -> (String, String)? in
            guard line.hasPrefix("demo."), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }, uniquingKeysWith: { $1 })

        let pages = PageName.allCases.map(\.rawValue)
        XCTAssertEqual(report["demo.stack"], pages.joined(separator: ","), outcome.output)
        XCTAssertEqual(report["demo.sidebar"], report["demo.titles"], "the sidebar lists the pages' titles in stack order")
        XCTAssertEqual(report["demo.first"], "grid", "--page grid is shown first")
        XCTAssertEqual(report["demo.alt1"], pages[0], "Alt+1 shows the first page")
        XCTAssertEqual(report["demo.alt3"], pages[2], "Alt+3 shows the third page")
        XCTAssertEqual(report["demo.sidebarSelected"], "2", "the page a key shows is selected in the sidebar")
        XCTAssertEqual(report["demo.menu"], "app.about,app.quit")
        XCTAssertEqual(report["demo.quitKeys"], "<Control>q")
        XCTAssertEqual(report["demo.headerEnd"], "menu,toggle")
        XCTAssertEqual(report["demo.darkToggle"], "true", "the moon button switches the dark style on and off")

        // The About dialog agrees with the metainfo and the LICENSE file.
        let metainfo = try String(contentsOf: root.appendingPathComponent("Resources/io.github.gtkdatadisplay.Demo.metainfo.xml"), encoding: .utf8)
        XCTAssertEqual(report["demo.about.name"], try XCTUnwrap(first(#"<name>([^<]+)</name>"#, in: metainfo)))
        XCTAssertEqual(report["demo.about.version"], try XCTUnwrap(first(#"<release version="([^"]+)""#, in: metainfo)),
                       "the About version is the metainfo's latest release")
        XCTAssertEqual(try XCTUnwrap(first(#"<project_license>([^<]+)</project_license>"#, in: metainfo)), "MIT")
        XCTAssertEqual(report["demo.about.license"], "MIT_X11", "MIT in the metainfo is GTK's MIT/X11 licence")
        XCTAssertEqual(report["demo.about.website"], try XCTUnwrap(first(#"<url type="homepage">([^<]+)</url>"#, in: metainfo)))
        let license = try String(contentsOf: root.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(license.hasPrefix("MIT License"), "LICENSE is the MIT licence")
        XCTAssertTrue(license.contains("Copyright (c) 2026 The GtkDataDisplay authors"))
        XCTAssertTrue(report["demo.about.copyright"]?.contains("2026 The GtkDataDisplay authors") == true, report["demo.about.copyright"] ?? "none")
        XCTAssertEqual(report["demo.about.transient"], "true", "the dialog is modal over the demo window")
        XCTAssertEqual(report["demo.about.afterClose"], "dialogs=0 finalized=true widgets=0", "closing the About dialog leaves nothing")
        XCTAssertEqual(report["demo.status"], "0")
    }

    /// The first capture group of `pattern`'s first match in `text`.
    private func first(_ pattern: String, in text: String) -> String? {
        let regex = try! NSRegularExpression(pattern: pattern)
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    // MARK: In the child

    @MainActor
    private static func runDemoAndReport() {
        let demo = DemoApplication(options: try! DemoOptions(arguments: ["--page", "grid"]))
        demo.application.quitAfter = 60   // a safety net: the checks quit long before
        Timeout.repeating(milliseconds: 50) {
            guard let shown = demo.window, shown.window.isMapped else { return true }
            report(shown, demo.application)
            demo.application.quit()
            return false
        }
        print("demo.status=\(demo.run())")
    }

    @MainActor
    private static func report(_ demo: DemoWindow, _ application: Application) {
        MainContext.run(for: 0.3)   // the pages' rows bound, the layout settled
        let stack = demo.stack
        print("demo.stack=\(stack.pageNames.joined(separator: ","))")
        print("demo.titles=\(stack.pageNames.map { stack.title(ofPage: $0) ?? "?" }.joined(separator: ","))")
        let listBox = WidgetTree.descendants(of: demo.sidebar.gtkWidget, type: gtk_list_box_get_type()).first!
        let rows = WidgetTree.descendants(of: listBox, type: gtk_list_box_row_get_type())
        print("demo.sidebar=\(rows.map { WidgetTree.labels(in: $0).joined() }.joined(separator: ","))")
        print("demo.first=\(stack.visiblePageName ?? "none")")

        // Alt+digit, as real keys through the X server.
        for digit in [1, 3] {
            xdotool(["key", "--clearmodifiers", "alt+\(digit)"])
            let expected = stack.pageNames[digit - 1]
            MainContext.iterate(until: { stack.visiblePageName == expected }, timeout: 5)
            print("demo.alt\(digit)=\(stack.visiblePageName ?? "none")")
        }
        MainContext.drain()
        let selected = gtk_list_box_get_selected_row(OpaquePointer(listBox)).map { gtk_list_box_row_get_index($0) }
        print("demo.sidebarSelected=\(selected.map(String.init) ?? "none")")

        // The primary menu: its items' actions, the accelerators, and where the header put the buttons.
        let menu = demo.controls.menu
        let actions = (0..<menu.count).compactMap { index -> String? in
            guard let value = g_menu_model_get_item_attribute_value(gdd_menu_model(menu.pointer), Int32(index), "action", nil) else { return nil }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
        print("demo.menu=\(actions.joined(separator: ","))")
        print("demo.quitKeys=\(application.accelerators(for: "app.quit").joined(separator: ","))")
        let endBox = gtk_widget_get_parent(demo.controls.menuButton.gtkWidget)!
        let endOrder = WidgetTree.x(of: demo.controls.darkToggle.gtkWidget, in: endBox)! < WidgetTree.x(of: demo.controls.menuButton.gtkWidget, in: endBox)!
        print("demo.headerEnd=\(gtk_widget_has_css_class(endBox, "end") != 0 && endOrder ? "menu,toggle" : "wrong")")

        // The dark toggle, activated as the keyboard does (GTK clicks it after a short press
        // animation), switches the style both ways.
        let wasDark = Appearance.prefersDark
        gtk_widget_activate(demo.controls.darkToggle.gtkWidget)
        MainContext.iterate(until: { Appearance.prefersDark != wasDark }, timeout: 5)
        let toggled = Appearance.prefersDark
        gtk_widget_activate(demo.controls.darkToggle.gtkWidget)
        MainContext.iterate(until: { Appearance.prefersDark == wasDark }, timeout: 5)
        print("demo.darkToggle=\(toggled != wasDark && Appearance.prefersDark == wasDark && demo.controls.darkToggle.isActive == wasDark)")

        // About: opened through the menu item's own action, from the menu button. The count of
        // live widgets is read once the page a key showed has built its rows (it no longer moves).
        settleWidgets()
        let widgetsBefore = Diagnostics.liveWidgets
        let aboutType = gtk_about_dialog_get_type()
        guard let aboutAction = actions.first, (try? demo.controls.menuButton.activateAction(aboutAction)) == true else {
            print("demo.about=not activated")
            return
        }
        MainContext.iterate(until: { !WidgetTree.toplevels(of: aboutType).isEmpty }, timeout: 5)
        guard let dialog = WidgetTree.toplevels(of: aboutType).first else {
            print("demo.about=not shown")
            return
        }
        let about = OpaquePointer(dialog)
        func text(_ value: UnsafePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "nil" }
        print("demo.about.name=\(text(gtk_about_dialog_get_program_name(about)))")
        print("demo.about.version=\(text(gtk_about_dialog_get_version(about)))")
        print("demo.about.license=\(gtk_about_dialog_get_license_type(about) == GTK_LICENSE_MIT_X11 ? "MIT_X11" : "other")")
        print("demo.about.website=\(text(gtk_about_dialog_get_website(about)))")
        print("demo.about.copyright=\(text(gtk_about_dialog_get_copyright(about)))")
        let parent = gtk_window_get_transient_for(gdd_window(UnsafeMutableRawPointer(dialog)))
        let transient = parent.map { UnsafeMutableRawPointer($0) } == UnsafeMutableRawPointer(demo.window.pointer)
        print("demo.about.transient=\(transient && gtk_window_get_modal(gdd_window(UnsafeMutableRawPointer(dialog))) != 0)")

        // Closing it: the dialog is finalized and no widget is left.
        let finalized = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        defer { finalized.deallocate() }
        finalized.pointee = UnsafeMutableRawPointer(dialog)
        g_object_add_weak_pointer(gdd_object(UnsafeMutableRawPointer(dialog)), finalized)
        gtk_window_close(gdd_window(UnsafeMutableRawPointer(dialog)))
        MainContext.iterate(until: { finalized.pointee == nil }, timeout: 5)
        settleWidgets()
        if let alive = finalized.pointee { g_object_remove_weak_pointer(gdd_object(alive), finalized) }
        print("demo.about.afterClose=dialogs=\(WidgetTree.toplevels(of: aboutType).count) finalized=\(finalized.pointee == nil) widgets=\(Diagnostics.liveWidgets - widgetsBefore)")
    }

    /// Runs the main loop until the number of live widgets has stayed the same for half a
    /// second (rows a page builds when first shown), at most 10 s.
    @MainActor
    private static func settleWidgets() {
        var last = -1, steady = 0
        let deadline = Date().addingTimeInterval(10)
        while steady < 5, Date() < deadline {
            MainContext.run(for: 0.1)
            let now = Diagnostics.liveWidgets
            steady = now == last ? steady + 1 : 0
            last = now
        }
    }

    private static func xdotool(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try? process.run()
        process.waitUntilExit()
    }
}
