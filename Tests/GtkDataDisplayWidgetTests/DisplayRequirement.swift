import Foundation
import GtkDataDisplayTesting
import XCTest

/// For tests that are no `WidgetTestCase` (their applications run in child processes): skips when
/// there is no display to open a window on — or fails, when the run requires one
/// (`GDD_REQUIRE_DISPLAY=1`, as the README's test command sets), so CI never passes by skipping.
func requireDisplay() throws {
    let opened = MainActor.assumeIsolated { WindowHost.initializeGTK() }
    guard !opened else { return }
    if ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1" {
        XCTFail("no display: run widget tests under xvfb-run -a")
        return
    }
    throw XCTSkip("no display (run under xvfb-run -a)")
}
