import CGtk

/// Runs a Swift closure on GLib's main loop after a delay (`g_timeout_add_full`).
///
/// `g_timeout_add` takes a C function pointer, which cannot capture; the closure travels as a
/// retained box in the user data and GLib's destroy notify releases it when the source ends.
@MainActor
enum Timeout {
    private final class Box {
        let body: @MainActor () -> Bool
        init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
    }

    /// Calls `body` every `milliseconds` for as long as it returns true. Returns the source id.
    @discardableResult
    static func add(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            let body = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().body
            let again = MainActor.assumeIsolated { body() }
            return again ? gdd_source_continue() : gdd_source_remove()
        }, box, { data in
            Unmanaged<Box>.fromOpaque(data!).release()
        })
    }

    /// Stops a timeout `add` returned before it ends by itself.
    static func remove(_ id: UInt32) {
        g_source_remove(id)
    }
}
