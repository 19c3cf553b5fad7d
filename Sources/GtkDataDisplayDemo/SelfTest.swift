// `gtk-data-display-demo --self-test`: drives the Empty, Contacts, Files and Stress pages as a user would, in a
// real window (under Xvfb in CI), and checks what their real stores hold after each step. Prints
// one line per check; the exit status is 1 when any check fails.

import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// The self-test's checks so far and what failed.
@MainActor
final class SelfTestReport {
    private(set) var failures: [String] = []
    private(set) var passed = 0

    func check(_ condition: Bool, _ what: @autoclosure () -> String) {
        let text = what()
        print((condition ? "ok    " : "FAIL  ") + text)
        if condition { passed += 1 } else { failures.append(text) }
    }
}

/// Saves the window as `<GDD_SELF_TEST_SHOTS>/<name>.png` when that variable names a folder, to
/// look at what a step left on screen.
@MainActor
func selfTestShot(_ name: String) async {
    guard let folder = ProcessInfo.processInfo.environment["GDD_SELF_TEST_SHOTS"], let window = selfTestWindow else { return }
    do { try await window.saveScreenshotAfterNextFrame(png: "\(folder)/\(name).png") } catch { print("shot \(name): \(error)") }
}
@MainActor var selfTestWindow: Window?

/// Runs the main loop for a while: search delays, binds, idle work, frames.
@MainActor
func settle(_ milliseconds: Int = 200) async {
    try? await Task.sleep(for: .milliseconds(milliseconds))
}

/// Lets the main loop run until `condition` holds or `milliseconds` pass (what an idle callback
/// does may wait long behind frames on a loaded machine); returns whether it held.
@MainActor
@discardableResult
func settle(until condition: () -> Bool, within milliseconds: Int = 5_000) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(milliseconds)
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return true
}

/// Counts the store's `items-changed` emissions (one per splice) while it lives.
@MainActor
final class SpliceRecorder {
    private(set) var splices: [(position: Int, removed: Int, added: Int)] = []
    private let model: UnsafeMutableRawPointer
    private var handler: UInt = 0

    init(_ store: RowStore) {
        model = UnsafeMutableRawPointer(store.listModel)
        handler = Signal.connect(model, "items-changed", itemsChanged: { [weak self] position, removed, added in
            self?.splices.append((Int(position), Int(removed), Int(added)))
        })
    }

    func stop() { Signal.disconnect(model, handler) }
}

@MainActor
enum DemoSelfTest {
    /// Rows of the Stress page in the self-test: enough for every mix to mean something, small
    /// enough for a debug build. `GDD_SELF_TEST_STRESS_ROWS` sets another count (a release build
    /// measures the page at 1,000,000 so).
    static var stressRows: Int {
        ProcessInfo.processInfo.environment["GDD_SELF_TEST_STRESS_ROWS"].flatMap { Int($0) }.map { max($0, 100) } ?? 20_000
    }

    /// Runs the self-test in its own application and window; returns the exit status.
    static func run() -> Int32 {
        let app = Application(id: DemoResources.applicationID + ".SelfTest", isUnique: false)
        let report = SelfTestReport()
        var finished = false
        app.onActivate { window in
            DemoResources.installStylesheet(in: app)
            window.title = "GtkDataDisplay Demo self-test"
            window.setDefaultSize(width: 600, height: 760)
            window.addCSSClass("demo")
            selfTestWindow = window
            let empty = EmptyPage()
            let contacts = ContactsPage()
            let fixture = try? FilesFixture()
            let files = FilesPage(root: fixture?.root ?? "/nonexistent", opensFirstFolder: false)
            let stress = StressPage(rowCount: stressRows)
            stress.root.isVisible = false   // not mapped: it fills when shown
            contacts.root.isVisible = false
            files.root.isVisible = false
            window.child = Box(.vertical, spacing: 0, empty.root, contacts.root, files.root, stress.root)
            window.present()
            Task { @MainActor in
                await EmptyCheck(page: empty, report: report).run()
                empty.root.isVisible = false
                contacts.root.isVisible = true
                await ContactsCheck(page: contacts, report: report).run()
                contacts.root.isVisible = false
                files.root.isVisible = true
                if let fixture {
                    await FilesCheck(page: files, fixture: fixture, report: report).run()
                    try? FileManager.default.removeItem(atPath: fixture.root)
                } else {
                    report.check(false, "files: the temporary tree could be written")
                }
                files.root.isVisible = false
                stress.root.isVisible = true
                await StressCheck(page: stress, contacts: contacts, report: report).run()
                finished = true
                withExtendedLifetime((empty, contacts, files, stress)) { app.quit() }
            }
            // A check that hangs fails the run rather than CI's job.
            Task { @MainActor in
                try? await Task.sleep(for: .seconds(600))
                if !finished { report.check(false, "the self-test finished within 600 s"); app.quit() }
            }
        }
        let status = app.run(arguments: [CommandLine.arguments[0]])
        for failure in report.failures { print("FAILED: \(failure)") }
        print("demo self-test: \(report.passed) checks passed, \(report.failures.count) failed")
        if status != 0 { return status }
        return finished && report.failures.isEmpty ? 0 : 1
    }
}
