// The bench's clock on a window: when its frames are painted, and the first one that shows what a step asks for.

import CGtkDataDisplay
import GtkDataDisplay

/// The frames a window paints: `waitForPaint` requests one and returns when it was painted.
@MainActor
final class PaintedFrames {
    private let clock: OpaquePointer?
    private var handler: UInt = 0
    private var painted = 0
    private var paintedAt: UInt64 = 0
    private var shows: (() -> Bool)?
    /// When the first frame painted after `watch(_:)` whose view `shows` what was asked.
    private(set) var firstShownAt: UInt64?

    init(window: UnsafeMutablePointer<GtkWidget>) {
        clock = gtk_widget_get_frame_clock(window)
        guard let clock else { return }
        handler = Signal.connectAfter(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            guard let self else { return }
            self.painted += 1
            self.paintedAt = Clock.now()
            if self.firstShownAt == nil, let shows = self.shows, shows() { self.firstShownAt = self.paintedAt }
        }
    }

    /// From now on, notes the first painted frame after which `shows` is true (`firstShownAt`).
    func watch(_ shows: @escaping () -> Bool) {
        self.shows = shows
        firstShownAt = nil
    }

    /// Requests a frame, runs the main loop until it is painted, and returns when that was.
    func waitForPaint() -> UInt64 {
        guard let clock else { return Clock.now() }
        let before = painted
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
        let start = Clock.now()
        while painted == before && Clock.seconds(since: start) < 30 {
            if g_main_context_iteration(nil, 0) == 0 { usleep(50) }
        }
        return paintedAt
    }

    /// Runs the main loop for `ms` milliseconds with nothing changed: a change made next finds the
    /// frame clock idle, and its frame is painted as soon as it is asked for. (Right after a frame,
    /// GDK paints the next one a frame interval after it: a step started then waits for what is left
    /// of that interval, and how much is left depends on what the contender did between its steps.)
    func settle(ms: Double = 50) {
        let start = Clock.now()
        while Clock.ms(start, Clock.now()) < ms {
            if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
        }
    }

    func stop() {
        guard let clock else { return }
        Signal.disconnect(UnsafeMutableRawPointer(clock), handler)
    }
}
