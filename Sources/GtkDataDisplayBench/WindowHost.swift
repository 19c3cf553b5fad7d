// A real toplevel window for list views under a display (Xvfb), and "settling": letting GTK run
// enough frames that every list item it wants realised is bound.

import CGtkDataDisplay

@MainActor
final class WindowHost {
    let window: UnsafeMutablePointer<GtkWidget>

    /// Whether GTK can open a display here.
    static func initializeGTK() -> Bool { gtk_init_check() != 0 }

    init(width: Int32 = 400, height: Int32 = 600) {
        window = gtk_window_new()
        g_object_ref_sink(UnsafeMutableRawPointer(window))
        let asWindow = gdd_window(UnsafeMutableRawPointer(window))
        gtk_window_set_default_size(asWindow, width, height)
        gtk_window_present(asWindow)
        let start = Clock.now()
        while gtk_widget_get_mapped(window) == 0 && Clock.seconds(since: start) < 5 { iterate() }
    }

    /// Shows `child` in the window (nil removes it).
    func show(_ child: UnsafeMutablePointer<GtkWidget>?) {
        gtk_window_set_child(gdd_window(UnsafeMutableRawPointer(window)), child)
    }

    /// Runs pending main-context work without blocking.
    func drain() {
        var n = 0
        while g_main_context_iteration(nil, 0) != 0 && n < 100_000 { n += 1 }
    }

    private func iterate() {
        if g_main_context_iteration(nil, 0) == 0 { usleep(500) }
    }

    /// Runs at least `minimumFrames` frames, and more (up to `maximumFrames`) while `activity()`
    /// keeps changing between frames.
    func settle(minimumFrames: Int = 2, maximumFrames: Int = 12, activity: () -> Int = { 0 }) {
        guard let clock = gtk_widget_get_frame_clock(window) else { drain(); return }
        var frames = 0
        var lastActivity = activity()
        while frames < maximumFrames {
            let counter = gdk_frame_clock_get_frame_counter(clock)
            gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
            let start = Clock.now()
            while gdk_frame_clock_get_frame_counter(clock) == counter && Clock.seconds(since: start) < 0.5 { iterate() }
            drain()
            frames += 1
            let now = activity()
            if frames >= minimumFrames && now == lastActivity { break }
            lastActivity = now
        }
    }

    /// Scrolls a scrolled window back to its top.
    func scrollToTop(_ scrolled: UnsafeMutablePointer<GtkWidget>) {
        let adjustment = gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(UnsafeMutableRawPointer(scrolled)))
        if gtk_adjustment_get_value(adjustment) != 0 { gtk_adjustment_set_value(adjustment, 0) }
    }

    func destroy() {
        gtk_window_destroy(gdd_window(UnsafeMutableRawPointer(window)))
        g_object_unref(UnsafeMutableRawPointer(window))
        drain()
    }
}
