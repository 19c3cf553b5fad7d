import CGtkDataDisplay

/// Work on GLib's main loop after a delay, once or again and again (`g_timeout_add_full`): a
/// status line refreshed every half second, a simulated network reply, a timer in a test.
///
///     let refresh = Timeout.repeating(milliseconds: 500) { [weak self] in
///         self?.refreshStatus()
///         return self != nil                     // false stops it
///     }
///     Timeout.once(milliseconds: 800) { completion(.success(posts)) }
///     refresh.cancel()                           // stops it early
///
/// The closure runs on the main thread, between frames. GLib keeps it while the timeout is
/// pending and lets go of it when the timeout ends (it returned false, ran once, or was
/// cancelled); the returned value need not be kept.
@MainActor
public final class Timeout {
    /// The closure, while the timeout is pending (let go of when it ends).
    private var body: (@MainActor () -> Bool)?
    private var sourceID: guint = 0

    /// Whether the timeout will still fire: false once it has ended or been cancelled.
    public private(set) var isPending = false

    private init(_ body: @escaping @MainActor () -> Bool) {
        self.body = body
    }

    /// Calls `body` every `milliseconds` for as long as it returns true.
    @discardableResult
    public static func repeating(milliseconds: Int, _ body: @escaping @MainActor () -> Bool) -> Timeout {
        let timeout = Timeout(body)
        timeout.start(milliseconds)
        return timeout
    }

    /// Calls `body` once, after `milliseconds` (0: as soon as the main loop is free).
    @discardableResult
    public static func once(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> Timeout {
        let timeout = Timeout { body(); return false }
        timeout.start(milliseconds)
        return timeout
    }

    /// Stops the timeout if it is still pending (also from inside its own closure): it does not
    /// fire again, and its closure is released.
    public func cancel() {
        guard isPending else { return }
        isPending = false
        body = nil
        g_source_remove(sourceID)
    }

    private func start(_ milliseconds: Int) {
        isPending = true
        let retained = Unmanaged.passRetained(self).toOpaque()   // released by the destroy notify
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: max(milliseconds, 0)), { data in
            let timeout = Unmanaged<Timeout>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { timeout.fire() } ? gdd_source_continue() : gdd_source_remove()
        }, retained, { data in
            let timeout = Unmanaged<Timeout>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { timeout.ended() }
        })
    }

    private func fire() -> Bool {
        guard isPending, let body else { return false }
        let again = body()
        if !again { ended() }
        return again && isPending
    }

    private func ended() {
        isPending = false
        body = nil
    }
}
