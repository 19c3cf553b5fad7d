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

    /// Passes unless the warning ends the process.
    func testChildRaisesAWarning() async throws {
        try ChildProcess.skipUnlessChild()
        let action = g_simple_action_new("planted", nil)!
        var value = GValue()
        g_value_init(&value, gdd_type_boolean())
        g_object_set_property(UnsafeMutableRawPointer(action).assumingMemoryBound(to: GObject.self), "no-such-property", &value)
        g_value_unset(&value)
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}
