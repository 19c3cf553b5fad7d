import CGtk
import Foundation
import GtkDataDisplay
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
    func testActivationGetsTheMainWindowAndQuitEndsRun() throws {
        if ChildRun.isChild() {
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
        let outcome = try ChildRun.run(Self.self)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("title=Contacts child=true same=true"), outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 activations=1 window=gone"), outcome.output)
    }

    func testQuitAfterEndsRunByItself() throws {
        if ChildRun.isChild() {
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
        let outcome = try ChildRun.run(Self.self)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 elapsed=short"), outcome.output)
    }

    func testTheEnvironmentVariableSetsQuitAfter() throws {
        if ChildRun.isChild() {
            MainActor.assumeIsolated {
                let app = Application(id: "org.gtkdatadisplay.Test.Environment", isUnique: false)
                print("quitAfter=\(app.quitAfter.map { "\($0)" } ?? "nil")")
                app.onActivate { window in window.present() }
                print("status=\(app.run(arguments: ["test"]))")
            }
            return
        }
        let outcome = try ChildRun.run(Self.self, environment: [Application.quitAfterVariable: "0.25"])
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("quitAfter=0.25"), outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0"), outcome.output)
    }

    func testSwiftConcurrencyRunsInsideRun() throws {
        if ChildRun.isChild() {
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
        let outcome = try ChildRun.run(Self.self)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("task ran"), outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 elapsed=short"), outcome.output)
    }

    func testSIGTERMQuitsCleanly() throws {
        if ChildRun.isChild() {
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
        let outcome = try ChildRun.run(Self.self)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("status=0 elapsed=short"), outcome.output)
    }

    func testTheWindowKeepsItsAdapterAndFreesEverythingWhenRunReturns() throws {
        if ChildRun.isChild() {
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
        let outcome = try ChildRun.run(Self.self)
        XCTAssertFalse(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("adapter kept=true bound=true"), outcome.output)
        XCTAssertTrue(outcome.output.contains("adapter after run=freed"), outcome.output)
        XCTAssertTrue(outcome.output.contains("widgets=0 rows=0"), outcome.output)
    }
}

/// Runs one test of this test binary again in a child process, optionally under
/// `dbus-run-session`, for what a test process cannot do in itself: run a GtkApplication (which
/// wants a session bus) or end on a fatal error. The child test does its work when `isChild()`
/// says this process is that child.
enum ChildRun {
    /// How the child ended and everything it wrote (stdout and stderr together).
    struct Outcome {
        /// True unless it exited with status 0.
        let failed: Bool
        let output: String
    }

    private static let variable = "GDD_CHILD_RUN_TEST"

    /// Whether this process is the child run for `test` (`#function` of the caller).
    static func isChild(_ test: String = #function) -> Bool {
        ProcessInfo.processInfo.environment[variable] == name(test)
    }

    /// Runs `test` of `testCase` alone in a child; with `dbus`, under `dbus-run-session`.
    static func run(_ testCase: XCTestCase.Type, _ test: String = #function, dbus: Bool = true,
                    environment extra: [String: String] = [:], timeout: Double = 60) throws -> Outcome {
        let process = Process()
        let filter = "\(String(reflecting: testCase))/\(name(test))"
        if dbus {
            guard let runner = ["/usr/bin/dbus-run-session", "/bin/dbus-run-session"].first(where: FileManager.default.isExecutableFile) else {
                throw XCTSkip("dbus-run-session is missing (Debian package dbus-daemon)")
            }
            process.executableURL = URL(fileURLWithPath: runner)
            process.arguments = ["--", "/proc/\(getpid())/exe", filter]
        } else {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            process.arguments = [filter]
        }
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = name(test)
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let text = String(decoding: output, as: UTF8.self)
        // XCTest exits 0 even when the child test was skipped or not found: require it ran.
        let ran = text.contains("Executed 1 test")
        let failed = process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 || !ran
        return Outcome(failed: failed, output: text)
    }

    private static func name(_ test: String) -> String {
        test.hasSuffix("()") ? String(test.dropLast(2)) : test
    }
}
