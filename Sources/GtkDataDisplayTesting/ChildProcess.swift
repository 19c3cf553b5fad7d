import Foundation
import XCTest

/// Runs one test of the running test binary again in a child process, for what a test process
/// cannot do in itself: end on a fatal error at an API boundary (a precondition, a GLib critical)
/// or run a GtkApplication (which wants a D-Bus session bus).
///
/// The parent calls `run(Self.self, "testChild…")` (or `run(Self.self)` from the test itself) and
/// reads how the child ended; the child test does its work only when `isChild()` says this
/// process is that child, and skips (`skipUnlessChild()`) in an ordinary run.
public enum ChildProcess {
    /// How the child ended and everything it wrote (stdout and stderr together).
    public struct Outcome: Sendable {
        /// True unless it exited with status 0 after running its one test (XCTest also exits 0
        /// when the filter finds no test, or the test skipped).
        public let failed: Bool
        /// stdout and stderr, interleaved.
        public let output: String
    }

    private static let variable = "GDD_CHILD_PROCESS_TEST"

    /// Whether this process is the child run for `test` (the test function, `#function`).
    public static func isChild(_ test: String = #function) -> Bool {
        ProcessInfo.processInfo.environment[variable] == name(test)
    }

    /// In a child-only test: skips unless this process is that test's child.
    public static func skipUnlessChild(_ test: String = #function) throws {
        try XCTSkipUnless(isChild(test), "runs only as a child process")
    }

    /// Runs `test` of `testCase` alone in a child process and waits for it (at most `timeout`
    /// seconds). With `dbus`, under `dbus-run-session` (skips when it is missing: Debian package
    /// dbus-daemon). With `sameEnvironment`, the child gets this run's environment as it is (only
    /// the marker and `environment` are added); otherwise Swift's backtracer is off in it, which
    /// saves seconds per crash.
    public static func run(_ testCase: XCTestCase.Type, _ test: String = #function, dbus: Bool = false,
                           sameEnvironment: Bool = false, environment extra: [String: String] = [:],
                           timeout: Double = 60) throws -> Outcome {
        let process = Process()
        let filter = "\(String(reflecting: testCase))/\(name(test))"
        let binary = "/proc/\(getpid())/exe"
        if dbus {
            guard let runner = ["/usr/bin/dbus-run-session", "/bin/dbus-run-session"]
                .first(where: FileManager.default.isExecutableFile) else {
                throw XCTSkip("dbus-run-session is missing (Debian package dbus-daemon)")
            }
            process.executableURL = URL(fileURLWithPath: runner)
            process.arguments = ["--", binary, filter]
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [filter]
        }
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = name(test)
        if !sameEnvironment { environment["SWIFT_BACKTRACE"] = "enable=no" }
        environment.merge(extra) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let output = String(decoding: data, as: UTF8.self)
        let ran = output.contains("Executed 1 test, with 0 failures")
        let failed = process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 || !ran
        return Outcome(failed: failed, output: output)
    }

    /// "testX()" (as `#function` spells it) → "testX" (as XCTest filters spell it).
    private static func name(_ test: String) -> String {
        test.hasSuffix("()") ? String(test.dropLast(2)) : test
    }
}
