import CGtkDataDisplay

/// A weak reference to a GObject (GLib's `GWeakRef`): it does not keep the object alive, and reads
/// as nil once the object is finalized — never as a later object that took the same memory.
///
/// Kept on a row object (`LiveRow`), it reads the object's row as gone once the row ended: the row
/// detaches its object then (`RowObjects`).
final class WeakObjectReference {
    private let slot: UnsafeMutablePointer<GWeakRef>

    /// A weak reference to `object`.
    init(_ object: GObjectPointer) {
        slot = .allocate(capacity: 1)
        slot.initialize(to: GWeakRef())
        g_weak_ref_init(slot, object)
    }

    deinit {
        g_weak_ref_clear(slot)
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    /// Calls `body` with the object while it is alive (holding a reference for the call), or with nil.
    func withObject<T>(_ body: (GObjectPointer?) -> T) -> T {
        guard let object = g_weak_ref_get(slot) else { return body(nil) }
        defer { releaseObject(object) }
        return body(object)
    }
}
