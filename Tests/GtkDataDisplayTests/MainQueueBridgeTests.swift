import CGtkDataDisplay
import Dispatch
import GtkDataDisplay
import XCTest

/// Swift concurrency runs while a GLib main loop drives the thread.
///
/// These tests are synchronous on purpose: like an app's `main` calling `g_application_run`,
/// they run the loop from outside any main-queue job (an async test body already is one, and a
/// serial queue cannot run a second job inside it).
final class MainQueueBridgeTests: XCTestCase {
    /// Runs a real GMainLoop until the work calls `quit` or 5 s pass; returns whether the work quit it.
    private func runLoop(_ start: @MainActor (@escaping @MainActor () -> Void) -> Void) -> Bool {
        MainActor.assumeIsolated {
            MainQueueBridge.install()
            let loop = g_main_loop_new(nil, 0)!
            let state = LoopState(loop: loop)
            start { state.quitByWork() }
            let timeout = g_timeout_add(5_000, { data in
                g_main_loop_quit(OpaquePointer(data))
                return 0
            }, UnsafeMutableRawPointer(loop))
            g_main_loop_run(loop)
            if state.quit { g_source_remove(timeout) }
            state.loop = nil
            g_main_loop_unref(loop)
            return state.quit
        }
    }

    func testMainActorTaskRunsInsideGLibMainLoop() {
        let ran = Box(false)
        XCTAssertTrue(runLoop { quit in
            Task { @MainActor in
                ran.value = true
                quit()
            }
        })
        XCTAssertTrue(ran.value)
    }

    func testDispatchMainAsyncRunsInsideGLibMainLoop() {
        let ran = Box(false)
        XCTAssertTrue(runLoop { quit in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    ran.value = true
                    quit()
                }
            }
        })
        XCTAssertTrue(ran.value)
    }

    func testAwaitingBackgroundWorkResumesOnTheLoop() {
        let result = Box(0)
        XCTAssertTrue(runLoop { quit in
            Task { @MainActor in
                result.value = await Task.detached { (1...100).reduce(0, +) }.value
                quit()
            }
        })
        XCTAssertEqual(result.value, 5050)
    }
}

/// The loop a test runs; cleared before the loop is freed so late work cannot touch it.
@MainActor
private final class LoopState {
    var loop: OpaquePointer?
    private(set) var quit = false
    init(loop: OpaquePointer) { self.loop = loop }
    func quitByWork() {
        quit = true
        if let loop { g_main_loop_quit(loop) }
    }
}

/// A value shared between a test and the work it starts on the main actor.
/// Touched only on the main thread (the test body and main-actor work).
private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
