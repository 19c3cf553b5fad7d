import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `Timeout` runs Swift closures on GLib's main loop: a repeating one until it returns false, a
/// one-shot once, a cancelled one never again; its GLib source is gone and its closure released
/// when it ends. `MainLoop.iterate` dispatches what is ready. No timing is asserted: the tests
/// only wait (with a generous limit) for what must happen.
@MainActor
final class TimeoutTests: XCTestCase {
    /// An object a closure captures: freed once GLib lets go of the closure.
    private final class Token {}

    func testARepeatingTimeoutRunsUntilItReturnsFalse() async throws {
        weak var released: Token?
        var runs = 0
        let timeout: Timeout
        do {
            let token = Token()
            released = token
            timeout = Timeout.repeating(milliseconds: 1) {
                _ = token
                runs += 1
                return runs < 3
            }
        }
        XCTAssertTrue(timeout.isPending)
        XCTAssertTrue(MainContext.iterate(until: { !timeout.isPending }, timeout: 10))
        MainContext.drain()
        XCTAssertEqual(runs, 3, "it ran until it returned false, and not again")
        XCTAssertNil(released, "the closure is released when the timeout ends")
    }

    func testAOneShotTimeoutRunsOnce() async throws {
        var runs = 0
        let timeout = Timeout.once(milliseconds: 0) { runs += 1 }
        XCTAssertTrue(MainContext.iterate(until: { runs > 0 }, timeout: 10))
        MainContext.drain()
        XCTAssertEqual(runs, 1)
        XCTAssertFalse(timeout.isPending)
        timeout.cancel()   // after it ended: nothing to do, no GLib warning
    }

    func testACancelledTimeoutNeverRunsAndItsSourceAndClosureAreGone() async throws {
        weak var released: Token?
        var runs = 0
        let timeout: Timeout
        let sourcesBefore = pendingSources()
        do {
            let token = Token()
            released = token
            timeout = Timeout.repeating(milliseconds: 1) { _ = token; runs += 1; return true }
        }
        XCTAssertEqual(pendingSources(), sourcesBefore + 1, "a GLib source is attached")
        timeout.cancel()
        XCTAssertFalse(timeout.isPending)
        XCTAssertEqual(pendingSources(), sourcesBefore, "cancel removes the source")
        XCTAssertNil(released, "cancel releases the closure")
        // A later timeout firing shows the loop ran past the cancelled one's due time.
        var later = false
        Timeout.once(milliseconds: 5) { later = true }
        XCTAssertTrue(MainContext.iterate(until: { later }, timeout: 10))
        XCTAssertEqual(runs, 0)
        timeout.cancel()   // twice: nothing to do
    }

    func testATimeoutCanCancelItselfFromItsClosure() async throws {
        var runs = 0
        var timeout: Timeout?
        timeout = Timeout.repeating(milliseconds: 1) {
            runs += 1
            timeout?.cancel()
            return true   // ignored: it was cancelled
        }
        XCTAssertTrue(MainContext.iterate(until: { runs > 0 }, timeout: 10))
        var later = false
        Timeout.once(milliseconds: 5) { later = true }
        XCTAssertTrue(MainContext.iterate(until: { later }, timeout: 10))
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(timeout?.isPending, false)
    }

    func testMainLoopIterateDispatchesWhatIsReady() async throws {
        MainLoop.drain()
        XCTAssertFalse(MainLoop.iterate(), "nothing is ready")
        var ran = false
        Timeout.once(milliseconds: 0) { ran = true }
        var iterations = 0
        while !ran, iterations < 1000 {
            MainLoop.iterate(mayBlock: true)   // waits for the timeout to be due
            iterations += 1
        }
        XCTAssertTrue(ran)
    }

    /// How many sources the default main context has (those with ids up to a recent one).
    private func pendingSources() -> Int {
        // A probe source's id bounds the ids in use; count those still attached.
        let probe = g_idle_add_full(G_PRIORITY_LOW, { _ in 0 }, nil, nil)
        g_source_remove(probe)
        return (1..<probe).reduce(0) { $0 + (g_main_context_find_source_by_id(nil, $1) != nil ? 1 : 0) }
    }
}
