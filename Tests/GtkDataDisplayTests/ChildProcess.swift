import Foundation
import XCTest

/// Runs one test of this test binary in a child process, for behaviour that ends the process: a
/// precondition failure at an API boundary. The parent re-runs `/proc/self/exe` with a filter for
/// the child test and reads how it ended; the child test does its fatal work only when
/// `ChildProcess.isChild` says this process is that child (elsewhere it skips).
enum ChildProcess {
    /// How the child ended and everything it wrote (stdout and stderr together).
    struct Outcome {
        /// False when it exited with status 0.
        let failed: Bool
        let output: String
    }

    private static let variable = "GDD_CHILD_PROCESS_TEST"

    /// Whether this process is the child run for `test` (the test function, `#function`).
    static func isChild(_ test: String = #function) -> Bool {
        ProcessInfo.processInfo.environment[variable] == name(test)
    }

    /// In a child test: skips unless this process is that test's child.
    static func skipUnlessChild(_ test: String = #function) throws {
        try XCTSkipUnless(isChild(test), "runs only as a child process")
    }

    /// Runs `test` of `testCase` alone in a child process and waits for it (at most `timeout` seconds).
    /// With `sameEnvironment`, the child gets this run's environment as it is (only the marker is
    /// added); otherwise Swift's backtracer is turned off in it, which saves seconds per crash.
    static func run(_ testCase: XCTestCase.Type, _ test: String, timeout: Double = 60,
                    sameEnvironment: Bool = false) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["\(String(reflecting: testCase))/\(name(test))"]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = name(test)
        if !sameEnvironment { environment["SWIFT_BACKTRACE"] = "enable=no" }
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
        let failed = process.terminationReason == .uncaughtSignal || process.terminationStatus != 0
        return Outcome(failed: failed, output: String(decoding: output, as: UTF8.self))
    }

    /// "testX()" (as `#function` spells it) → "testX" (as XCTest filters spell it).
    private static func name(_ test: String) -> String {
        test.hasSuffix("()") ? String(test.dropLast(2)) : test
    }
}
