import CGtkDataDisplay
import Foundation
import GtkDataDisplayTesting
import XCTest

/// The test setup itself: a GLib or GTK critical or warning raised in any test must fail the run
/// (`scripts/test` sets `G_DEBUG=fatal-warnings` and turns Swift's backtracer off, which would
/// otherwise catch GLib's trap and let the process exit 0). Each check plants one in a child run
/// of this test binary, with this run's environment, and requires the child to fail.
final class TestSetupTests: XCTestCase {
    func testAPlantedCriticalFailsTheRun() async throws {
        let outcome = try ChildProcess.run(Self.self, "testChildRaisesACritical", sameEnvironment: true)
        XCTAssertTrue(outcome.failed, "a GLib critical did not fail the test run (run the tests with scripts/test):\n\(outcome.output)")
        XCTAssertTrue(outcome.output.contains("CRITICAL"), outcome.output)
    }

    func testAPlantedWarningFailsTheRun() async throws {
        let outcome = try ChildProcess.run(Self.self, "testChildRaisesAWarning", sameEnvironment: true)
        XCTAssertTrue(outcome.failed, "a GLib warning did not fail the test run (run the tests with scripts/test):\n\(outcome.output)")
        XCTAssertTrue(outcome.output.contains("WARNING"), outcome.output)
    }

    /// Passes unless the critical ends the process.
    func testChildRaisesACritical() async throws {
        try ChildProcess.skipUnlessChild()
        g_object_unref(nil)   // g_return_if_fail: "assertion 'G_IS_OBJECT (object)' failed"
    }

    /// Passes unless the warning ends the process. The warning is GLib's `g_warning` itself (what
    /// `g_warning` expands to): a GLib fault planted instead may change level between versions
    /// (setting a property an object lacks warns in GLib 2.74 and is a critical in 2.84).
    func testChildRaisesAWarning() async throws {
        try ChildProcess.skipUnlessChild()
        withVaList([]) { g_logv("GtkDataDisplay-Tests", G_LOG_LEVEL_WARNING, "a planted warning", $0) }
    }
}
