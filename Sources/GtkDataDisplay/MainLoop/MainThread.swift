import Glibc

/// The main thread (GTK's, the main actor's), recorded by the first manager made — on it, since a
/// manager is made on the main actor — so that code that may run elsewhere (a `deinit`) can tell.
enum MainThread {
    private nonisolated(unsafe) static var thread: pthread_t?

    /// Records the calling thread as the main thread (the main actor's).
    @MainActor
    static func record() {
        if thread == nil { thread = pthread_self() }
    }

    /// Whether the calling thread is the main thread (false before any manager was made).
    static var isCurrent: Bool {
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    /// Runs `body` on the main actor: now when called on the main thread, else on the main actor's
    /// next turn (for work a GObject's finalize or a `deinit` may reach off the main thread).
    static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isCurrent {
            MainActor.assumeIsolated { body() }
        } else {
            Task { @MainActor in body() }
        }
    }
}
