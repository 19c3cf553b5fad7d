import CGtkDataDisplay
import Dispatch

/// Awaiting the main loop's next free turn, after the frames it has to draw: work split into slices
/// (`StateLanding`) lets GTK lay out and paint between them.
///
/// The main queue's jobs run from a GLib source at default priority (`MainQueueBridge`), ahead of
/// GTK's frames (`GDK_PRIORITY_REDRAW`): a `Task.yield()` would come back before any frame is drawn.
/// So the wait ends at a default-idle GLib source, behind the frames (or after a short delay on the
/// main queue, should GLib stop iterating meanwhile); where no GLib main loop runs the task (a test
/// driving the main queue alone), at the main queue's next turn.
@MainActor
enum MainLoopTurn {
    private final class Waiter<Value: Sendable> {
        var continuation: CheckedContinuation<Value, Never>?
        /// The idle source, while it is pending.
        var source: guint = 0
        init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = continuation }

        /// Resumes the task once, whichever way comes first.
        func resume(_ value: Value) {
            continuation?.resume(returning: value)
            continuation = nil
        }
    }

    /// The delay after which the main queue resumes a wait that GLib has not (ms).
    static let fallbackMilliseconds = 20

    /// Returns once `widget`'s window has painted its next frame (asked for now), or after
    /// `paintFallbackMilliseconds` should none come (the frame clock of a window that is hidden
    /// meanwhile stops); on the main loop's next turn when the widget is not realised.
    static func afterNextPaint(of widget: UnsafeMutablePointer<GtkWidget>) async {
        let painting: Bool = await withCheckedContinuation { continuation in
            let waiter = Waiter(continuation)
            guard FrameTick.afterNextPaint(of: widget, { waiter.resume(true) }) else {
                waiter.resume(false)
                return
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(paintFallbackMilliseconds)) {
                MainActor.assumeIsolated { waiter.resume(true) }
            }
        }
        if !painting { await afterFrames() }
    }

    /// How long `afterNextPaint` waits for a frame at most (ms).
    static let paintFallbackMilliseconds = 100

    /// Returns on the main loop's next turn after its pending frames.
    static func afterFrames() async {
        // Not inside a GLib dispatch: no GLib main loop runs this task (a test driving the main queue).
        guard g_main_depth() > 0 else {
            await Task.yield()
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiter = Waiter(continuation)
            let box = Unmanaged.passRetained(waiter).toOpaque()
            waiter.source = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                MainActor.assumeIsolated {
                    let waiter = Unmanaged<Waiter<Void>>.fromOpaque(data!).takeUnretainedValue()
                    waiter.source = 0
                    waiter.resume(())
                }
                return gdd_source_remove()
            }, box, { data in
                Unmanaged<Waiter<Void>>.fromOpaque(data!).release()
            })
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(fallbackMilliseconds)) {
                MainActor.assumeIsolated {
                    // GLib did not get to it: no idle source is left behind.
                    if waiter.source != 0 { g_source_remove(waiter.source) }
                    waiter.source = 0
                    waiter.resume(())
                }
            }
        }
    }
}
