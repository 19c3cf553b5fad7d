import CGtkDataDisplay

/// Runs work once a widget's frame clock has ticked a given number of times: after the layout of
/// the frame in which a change was made (a tick runs before its frame's layout, so the second tick
/// sees what the first frame laid out). Nothing runs while the widget is not mapped; the work is
/// dropped with the widget.
@MainActor
package enum FrameTick {
    private final class Countdown {
        var remaining: Int
        let body: @MainActor () -> Void
        init(_ remaining: Int, _ body: @escaping @MainActor () -> Void) {
            self.remaining = remaining
            self.body = body
        }
    }

    /// Runs `body` on the `frames`-th tick of `widget`'s frame clock from now.
    package static func after(frames: Int, of widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(Countdown(max(1, frames), body)).toOpaque()
        gtk_widget_add_tick_callback(widget, { _, _, data in
            let countdown = Unmanaged<Countdown>.fromOpaque(data!).takeUnretainedValue()
            countdown.remaining -= 1
            guard countdown.remaining == 0 else { return gdd_source_continue() }
            MainActor.assumeIsolated { countdown.body() }
            return gdd_source_remove()
        }, box, { data in
            Unmanaged<Countdown>.fromOpaque(data!).release()
        })
    }

    /// Runs `body` on every tick of `widget`'s frame clock, with the frame's time in microseconds,
    /// until it returns false (or the tick is removed: `gtk_widget_remove_tick_callback` with the
    /// id returned).
    @discardableResult
    package static func each(of widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor (Int64) -> Bool) -> guint {
        let box = Unmanaged.passRetained(Ticking(body)).toOpaque()
        return gtk_widget_add_tick_callback(widget, { _, clock, data in
            let ticking = Unmanaged<Ticking>.fromOpaque(data!).takeUnretainedValue()
            let time = Int64(gdk_frame_clock_get_frame_time(clock))
            let goOn = MainActor.assumeIsolated { ticking.body(time) }
            return goOn ? gdd_source_continue() : gdd_source_remove()
        }, box, { data in
            Unmanaged<Ticking>.fromOpaque(data!).release()
        })
    }

    private final class Ticking {
        let body: @MainActor (Int64) -> Bool
        init(_ body: @escaping @MainActor (Int64) -> Bool) { self.body = body }
    }

    /// Runs `body` once, right after `widget`'s frame clock has painted its next frame (every
    /// widget of the window is then laid out and drawn), and asks for that frame. Returns false,
    /// running nothing, when the widget has no frame clock (it is not realised).
    @discardableResult
    package static func afterNextPaint(of widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Void) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return false }
        let raw = UnsafeMutableRawPointer(clock)
        let connection = OneShotConnection()
        connection.handler = Signal.connectAfter(raw, "after-paint") {
            guard !connection.done else { return }
            connection.done = true
            Signal.disconnect(raw, connection.handler)
            body()
        }
        gtk_widget_queue_draw(widget)  // a frame comes even when nothing changes
        return true
    }
}

/// A signal connection that runs once: its handler id (set once connected) and whether it ran.
@MainActor
private final class OneShotConnection {
    var handler: UInt = 0
    var done = false
}
