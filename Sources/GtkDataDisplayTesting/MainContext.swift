import CGtkDataDisplay
import Foundation

/// Drives GLib's default main context from a test.
@MainActor
public enum MainContext {
    /// Runs pending main-context work until nothing is left (or `limit` iterations).
    public static func drain(limit: Int = 10_000) {
        var n = 0
        while g_main_context_iteration(nil, 0) != 0, n < limit { n += 1 }
    }

    /// Iterates the main context until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
        }
        return true
    }

    /// Iterates the main context for `seconds`.
    public static func run(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
        }
    }
}
