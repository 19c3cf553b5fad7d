import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// The app of the GtkDataDisplayShell catalog's landing page (a header bar, a sidebar of pages and
/// a primary menu), run as written: in a child process under `dbus-run-session` (GtkApplication
/// warns without a session bus, and warnings are fatal in tests), ended by `GDD_QUIT_AFTER`. The region between `DocC:begin shell-app` and
/// `DocC:end shell-app` stands in that article as a Swift block (DocCTests checks it).
final class ShellDocCTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
    }

    func testTheShellAppRunsAndQuits() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                // DocC:begin shell-app
                let app = Application(id: "org.example.Shelf")
                var pages: [ListViewAdapter] = []          // the app keeps its adapters (the stack keeps only widgets)

                app.onActivate { window in
                    let stack = Stack()
                    for (name, title) in [("books", "Books"), ("films", "Films")] {
                        let manager = BaseListManager()
                        try? manager.add((1...20).map { BaseRowGenerator<TitleView>(model: "\(title) \($0)", id: $0) })
                        let adapter = ListViewAdapter(manager: manager, selection: .single)
                        pages.append(adapter)
                        do { try stack.addPage(adapter, name: name, title: title) } catch { print(error) }   // a StackError
                    }
                    stack.hexpand = true
                    let sidebar = StackSidebar(stack: stack)
                    sidebar.setSizeRequest(width: 160)

                    let menu = try? Menu().append("_About Shelf", action: "app.about").append("_Quit", action: "app.quit")
                    let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu)
                    menuButton.tooltip = "Main menu"
                    menuButton.isPrimary = true                      // F10 opens it
                    let header = HeaderBar()
                    header.packEnd(menuButton)

                    try? app.addAction("about") { [weak window] in
                        let about = AboutDialog()
                        about.programName = "Shelf"
                        about.version = "1.0"
                        about.license = .mitX11
                        about.website = "https://example.org/shelf"
                        about.present(over: window)                  // modal; closing destroys it
                    }
                    try? app.addAction("quit") { app.quit() }
                    try? app.setAccelerators(["<Control>q"], for: "app.quit")
                    for (index, name) in stack.pageNames.enumerated() {
                        try? window.addShortcut("<Alt>\(index + 1)") { (try? stack.showPage(name)) != nil }
                    }

                    window.title = "Shelf"
                    window.titlebar = header
                    window.child = Box(.horizontal, sidebar, Separator(.vertical), stack)
                    window.setDefaultSize(width: 640, height: 480)
                    window.present()
                }
                // DocC:end shell-app
                // The article ends with `exit(app.run())`. The test returns instead, so XCTest reports
                // it, and passes no arguments: its own would reach GApplication as files to open.
                let status = app.run(arguments: ["shelf"])
                print("status=\(status) window=\(app.window == nil ? "gone" : "kept")")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true, environment: [Application.quitAfterVariable: "1"])
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 window=gone"), outcome.output)
    }
}
