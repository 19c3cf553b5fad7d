import CGtkDataDisplay

/// One-shot work on GLib's main loop when it is idle.
@MainActor
enum Idle {
    private final class Work {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    /// Runs `body` once, at high idle priority (before the next frame is drawn).
    @discardableResult
    static func once(_ body: @escaping @MainActor () -> Void) -> guint {
        let box = Unmanaged.passRetained(Work(body)).toOpaque()
        return g_idle_add_full(G_PRIORITY_HIGH_IDLE, { data in
            let work = Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { work.body() }
            return gdd_source_remove()
        }, box, { data in
            Unmanaged<Work>.fromOpaque(data!).release()
        })
    }
}
