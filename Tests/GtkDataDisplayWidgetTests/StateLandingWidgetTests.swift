import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A big `setStateInBackground` shown in a real view lands over several frames (`StateLanding`): the
/// window paints while it lands, and at the end the view shows the new rows, the selected rows the
/// new state keeps are still selected, and nothing was logged (the suite runs with fatal warnings).
final class StateLandingWidgetTests: WidgetTestCase {
    private let saved = (StateLanding.minimumRows, StateLanding.rowsPerStep, StateLanding.sliceBudget)

    override func setUp() async throws {
        try await super.setUp()
        StateLanding.minimumRows = 1_000
        StateLanding.rowsPerStep = 64
        StateLanding.sliceBudget = 0
    }

    override func tearDown() async throws {
        (StateLanding.minimumRows, StateLanding.rowsPerStep, StateLanding.sliceBudget) = saved
    }

    /// Set when the update under test returned.
    private final class Flag { var isSet = false }

    func testAViewPaintsWhileABigSearchLandsAndKeepsTheSelectedRowsItKeeps() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let shown = rows(3_000)
            try manager.setState([Section(rows: shown)])
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            host.settle()
            // Kept rows selected, and one the search drops.
            adapter.select([shown[4], shown[30], shown[1_001]])
            let target = shown.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
                + rows(500, prefix: "new")
            var frames = 0, framesWhileLanding = 0
            let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(host.window)!)
            let handler = Signal.connectAfter(clock, "after-paint") {
                frames += 1
                if manager.landing != nil { framesWhileLanding += 1 }
            }
            defer { Signal.disconnect(clock, handler) }
            let done = Flag()
            var applied = false
            Task { @MainActor in
                applied = (try? await manager.setStateInBackground([Section(rows: target)])) ?? false
                done.isSet = true
            }
            // GLib's turns (frames) and the main actor's (the update's slices) by turns, as in an app.
            let deadline = Date().addingTimeInterval(30)
            while !done.isSet, Date() < deadline {
                MainContext.run(for: 0.004)
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            XCTAssertTrue(done.isSet, "the update returned")
            host.settle()
            XCTAssertTrue(applied)
            XCTAssertGreaterThan(framesWhileLanding, 0, "the window painted while the state landed")
            XCTAssertGreaterThan(frames, framesWhileLanding, "and after")
            XCTAssertTrue(manager.store.shows(target))
            XCTAssertEqual(adapter.selectedGenerators.map(ObjectIdentifier.init), [shown[4], shown[1_001]].map(ObjectIdentifier.init),
                           "the kept selected rows stay selected; the one that left is gone")
            let bound = boundGenerators(adapter)
            XCTAssertFalse(bound.isEmpty)
            XCTAssertTrue(bound.allSatisfy { generator in target.contains { $0 === generator } }, "only new rows are shown")
        }
    }
}
