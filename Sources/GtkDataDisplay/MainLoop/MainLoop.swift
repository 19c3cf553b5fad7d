import CGtkDataDisplay

/// GLib's default main loop, driven by hand: for code that must wait for something on the main
/// thread without returning to the loop (a shutdown that lets pending work finish first).
/// `Application.run()` drives the loop by itself; most apps never need this.
@MainActor
public enum MainLoop {
    /// Runs one iteration of the default main context: dispatches what is ready (a timeout that
    /// is due, an input event, a finished background job's continuation). With `mayBlock`, it
    /// first waits until something is ready. Returns whether anything was dispatched.
    @discardableResult
    public static func iterate(mayBlock: Bool = false) -> Bool {
        g_main_context_iteration(nil, mayBlock ? 1 : 0) != 0
    }

    /// Dispatches everything that is ready now, without waiting (at most `limit` iterations).
    public static func drain(limit: Int = 10_000) {
        var count = 0
        while count < limit, iterate() { count += 1 }
    }
}
