import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// `Application` runs a real GtkApplication: activation hands over a window, `quit()`,
/// `quitAfter` (and `GDD_QUIT_AFTER`) end `run()`, Swift concurrency runs inside it, and windows
/// are gone when it returns.
///
/// GtkApplication warns without a D-Bus session bus, and warnings are fatal in tests, so each run
/// happens in a child process under `dbus-run-session` (package dbus-daemon); the parent checks
/// how it ended and what it printed.
///
/// The tests are synchronous, like an app's `main` calling `run()`: an async test body is itself a
/// main-queue job, inside which the main queue (and so `Task { @MainActor in }`) cannot run.
final class ApplicationTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
    }

    func testActivationGetsTheMainWindowAndQuitEndsRun() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.Activate", isUnique: false)
                var activations = 0
                app.onActivate { window in
                    activations += 1
                    window.title = "Contacts"
                    window.setDefaultSize(width: 320, height: 240)
                    window.child = Label("hello")
                    window.present()
                    print("title=\(window.title ?? "nil") child=\(window.child != nil) same=\(app.window === window)")
                    app.quit()
                }
                let status = app.run(arguments: ["test"])
                print("status=\(status) activations=\(activations) window=\(app.window == nil ? "gone" : "kept")")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("title=Contacts child=true same=true"), outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 activations=1 window=gone"), outcome.output)
    }

    func testQuitAfterEndsRunByItself() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.QuitAfter", isUnique: false)
                app.quitAfter = 0.3
                app.onActivate { window in window.present() }
                let start = Date()
                let status = app.run(arguments: ["test"])
                print("status=\(status) elapsed=\(Date().timeIntervalSince(start) < 5 ? "short" : "long")")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 elapsed=short"), outcome.output)
    }

    func testTheEnvironmentVariableSetsQuitAfter() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.Environment", isUnique: false)
                print("quitAfter=\(app.quitAfter.map { "\($0)" } ?? "nil")")
                app.onActivate { window in window.present() }
                print("status=\(app.run(arguments: ["test"]))")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true, environment: [Application.quitAfterVariable: "0.25"])
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("quitAfter=0.25"), outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0"), outcome.output)
    }

    func testSwiftConcurrencyRunsInsideRun() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.Concurrency", isUnique: false)
                app.quitAfter = 10   // a safety net: the task must end it long before
                app.onActivate { window in
                    window.present()
                    Task { @MainActor in
                        try? await Task.sleep(nanoseconds: 50_000_000)
                        print("task ran")
                        app.quit()
                    }
                }
                let start = Date()
                let status = app.run(arguments: ["test"])
                print("status=\(status) elapsed=\(Date().timeIntervalSince(start) < 5 ? "short" : "long")")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("task ran"), outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 elapsed=short"), outcome.output)
    }

    func testSIGTERMQuitsCleanly() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.Signal", isUnique: false)
                app.quitAfter = 10
                app.onActivate { window in
                    window.present()
                    kill(getpid(), SIGTERM)
                }
                let start = Date()
                let status = app.run(arguments: ["test"])
                print("status=\(status) elapsed=\(Date().timeIntervalSince(start) < 5 ? "short" : "long")")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 elapsed=short"), outcome.output)
    }

    func testTheWindowKeepsItsAdapterAndFreesEverythingWhenRunReturns() throws {
        if ChildProcess.isChild() {
            MainActor.assumeIsolated {
                let widgetsBefore = Diagnostics.liveWidgets
                let objectsBefore = Diagnostics.liveRowObjects
                do {
                    let app = Application(id: "org.gtkdatadisplay.Test.Lifetime", isUnique: false)
                    weak var shownAdapter: ListViewAdapter?
                    app.addStylesheet("row.starred { background: alpha(gold, 0.2); }")
                    app.onActivate { window in
                        let manager = BaseListManager()
                        try? manager.add((0..<50).map { LabelRow(model: "row \($0)", id: $0) })
                        let adapter = ListViewAdapter(manager: manager)   // only the window keeps it
                        shownAdapter = adapter
                        window.child = adapter
                        window.present()
                        Task { @MainActor in
                            try? await Task.sleep(nanoseconds: 300_000_000)
                            let bound = shownAdapter.map { $0.view(for: manager.flatGenerators[0]) != nil } ?? false
                            print("adapter kept=\(shownAdapter != nil) bound=\(bound)")
                            app.quit()
                        }
                    }
                    app.quitAfter = 10
                    _ = app.run(arguments: ["test"])
                    print("adapter after run=\(shownAdapter == nil ? "freed" : "kept")")
                }
                MainContext.drain()
                print("widgets=\(Diagnostics.liveWidgets - widgetsBefore) rows=\(Diagnostics.liveRowObjects - objectsBefore)")
            }
            return
        }
        let outcome = try ChildProcess.run(Self.self, dbus: true)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("adapter kept=true bound=true"), outcome.output)
        XCTAssertTrue(outcome.output.contains("adapter after run=freed"), outcome.output)
        XCTAssertTrue(outcome.output.contains("widgets=0 rows=0"), outcome.output)
    }
}
