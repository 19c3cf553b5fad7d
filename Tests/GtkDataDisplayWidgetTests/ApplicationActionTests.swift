import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// Named actions in a running application: an application action and a window action run their
/// handlers when activated by their detailed names from a widget in the window (as a menu item
/// does), from code, and by an accelerator pressed through the X server; a disabled or missing
/// action runs nothing (from a widget, a disabled action is still found: `true`, but not run); bad names and keys throw and change nothing. The window's icon, title bar
/// and destroy, too.
///
/// Each test runs its application in a child process under `dbus-run-session` (GtkApplication
/// wants a session bus); the child prints what happened, the parent checks.
final class ApplicationActionTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
    }

    func testActionsRunTheirHandlersWhenActivatedByTheirDetailedNames() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.Actions", isUnique: false)
                app.quitAfter = 30
                var log: [String] = []
                app.onActivate { window in
                    do {
                        try app.addAction("greet") { log.append("app.greet") }
                        try window.addAction("zoom") { log.append("win.zoom") }
                        let menu = try Menu().append("_Greet", action: "app.greet").append("_Zoom", action: "win.zoom")
                        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
                        let header = HeaderBar()
                        header.packEnd(button)
                        window.titlebar = header
                        window.iconName = "org.gtkdatadisplay.Test.Actions"
                        window.child = Label("content")
                        window.present()
                        MainContext.iterate(until: { window.isMapped })

                        // As a menu item does: the item's detailed action, from inside the window.
                        print("fromButton=\(try button.activateAction("app.greet")) \(try button.activateAction("win.zoom"))")
                        print("fromCode=\(app.activateAction("greet"))")
                        print("has=\(app.hasAction("greet")) \(window.hasAction("zoom")) \(app.hasAction("zoom"))")
                        app.setActionEnabled("greet", false)
                        print("disabled=\(app.isActionEnabled("greet")) \(app.activateAction("greet")) \(try button.activateAction("app.greet"))")
                        app.setActionEnabled("greet", true)
                        print("missing=\(app.activateAction("nothing")) \(try button.activateAction("app.nothing"))")
                        do { try app.addAction("bad name") {} } catch { print("badName=\((error as? ActionError) == .invalidName("bad name"))") }
                        do { _ = try button.activateAction("app.(") } catch { print("badDetailed=\((error as? ActionError) == .invalidDetailedName("app.("))") }

                        // Accelerators: set, read back in GTK's spelling, rejected when malformed.
                        try app.setAccelerators(["<Control>g", "F6"], for: "app.greet")
                        print("accels=\(app.accelerators(for: "app.greet").joined(separator: ","))")
                        do { try app.setAccelerators(["<Control>"], for: "app.greet") } catch {
                            print("badAccel=\((error as? ActionError) == .invalidAccelerator("<Control>")) kept=\(app.accelerators(for: "app.greet").joined(separator: ","))")
                        }
                        let before = log.count
                        MainContext.run(for: 0.3)   // the window has the keyboard focus
                        Self.xdotool(["key", "--clearmodifiers", "ctrl+g"])
                        MainContext.iterate(until: { log.count > before }, timeout: 5)
                        print("byKey=\(log.count - before)")

                        // A button bound to an action: a click activates it; a missing action greys it out.
                        let refresh = Button(iconName: "view-refresh-symbolic", accessibleLabel: "Refresh")
                        try refresh.setAction("win.zoom")
                        let orphan = Button(label: "Nothing")
                        try orphan.setAction("app.nothing")
                        header.packStart(refresh)
                        header.packStart(orphan)
                        MainContext.drain()
                        refresh.click()
                        print("button=\(refresh.actionName ?? "nil") sensitive=\(refresh.isSensitive) \(orphan.isSensitive)")
                        do { try refresh.setAction("win.(") } catch { print("badButtonAction=\((error as? ActionError) == .invalidDetailedName("win.(")) kept=\(refresh.actionName ?? "nil")") }
                        print("titlebar=\(gtk_window_get_titlebar(gdd_window(UnsafeMutableRawPointer(window.pointer))) == header.gtkWidget) icon=\(window.iconName ?? "nil")")
                        app.removeAction("greet")
                        print("removed=\(app.hasAction("greet")) \(app.activateAction("greet"))")
                    } catch {
                        print("unexpected error: \(error)")
                    }
                    print("log=\(log.joined(separator: ","))")
                    app.quit()
                }
                print("status=\(app.run(arguments: ["test"]))")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        for line in ["fromButton=true true", "fromCode=true", "has=true true false", "disabled=false false true",
                     "missing=false false", "badName=true", "badDetailed=true", "accels=<Control>g,F6",
                     "badAccel=true kept=<Control>g,F6", "byKey=1", "titlebar=true icon=org.gtkdatadisplay.Test.Actions",
                     "removed=false false", "button=win.zoom sensitive=true false", "badButtonAction=true kept=win.zoom",
                     "log=app.greet,win.zoom,app.greet,app.greet,win.zoom", "status=0"] {
            XCTAssertTrue(outcome.output.contains(line + "\n"), "missing \"\(line)\" in:\n\(outcome.output)")
        }
        XCTAssertFalse(outcome.output.contains("unexpected error"), outcome.output)
    }

    func testDestroyingTheWindowFreesItsContentAndTitlebar() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let widgetsBefore = Diagnostics.liveWidgets
                do {
                    let app = Application(id: "org.gtkdatadisplay.Test.Destroy", isUnique: false)
                    app.quitAfter = 30
                    weak var content: ListViewAdapter?
                    weak var header: HeaderBar?
                    app.onActivate { window in
                        do {   // only the window keeps them
                            let manager = BaseListManager()
                            try? manager.add((0..<20).map { LabelRow(model: "row \($0)", id: $0) })
                            let adapter = ListViewAdapter(manager: manager)
                            let bar = HeaderBar()
                            content = adapter
                            header = bar
                            window.child = adapter
                            window.titlebar = bar
                        }
                        window.present()
                        MainContext.iterate(until: { window.isMapped })
                        print("kept=\(content != nil) \(header != nil)")
                        window.destroy()
                        MainContext.drain()
                        print("afterDestroy=\(content == nil) \(header == nil)")
                        app.quit()
                    }
                    _ = app.run(arguments: ["test"])
                }
                MainContext.drain()
                print("widgets=\(Diagnostics.liveWidgets - widgetsBefore)")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("kept=true true"), outcome.output)
        XCTAssertTrue(outcome.output.contains("afterDestroy=true true"), outcome.output)
        XCTAssertTrue(outcome.output.contains("widgets=0"), outcome.output)
    }

    private static func xdotool(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try? process.run()
        process.waitUntilExit()
    }
}
