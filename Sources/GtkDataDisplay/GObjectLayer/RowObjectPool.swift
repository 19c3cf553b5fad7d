// Spare row objects: the row objects of rows that went away, kept for the next new rows.
//
// Freeing a GObject and making one are the dearest steps of removing and adding a row: GLib 2.74
// spends about 2,300 instructions on a last unref (dispose, the data list, signal handlers, the
// slice) and about 600 on `g_object_new`. A filter that removes most rows and a second one that
// brings them back pays both for every row. A row object whose only reference is the library's,
// with nothing attached to it, is as good as new: it waits here, bounded, for the next row.

import CGtkDataDisplay
import Synchronization

/// The spare row objects (each with the one reference the pool holds, no owner).
enum RowObjectPool {
    /// At most this many spare objects are kept (48 bytes each: three quarters of a megabyte).
    static let capacity = 16_384

    // Rows are released on the main thread, but a row's last reference may be dropped elsewhere.
    private static let spares = Mutex(SparesBox())

    /// Row objects waiting here now.
    static var count: Int { spares.withLock { $0.objects.count } }

    /// A spare row object (transfer full, no owner), or nil when there is none.
    static func take() -> UnsafeMutablePointer<GddRowObject>? {
        let object = spares.withLock { $0.objects.popLast() }
        if object != nil { RowObjectType.liveCount.add(1, ordering: .relaxed) }
        return object
    }

    /// Appends up to `count` spare row objects (transfer full, no owner) to `objects`: one lock for
    /// a batch of rows (a first fill of a million rows called `take()` a million times, locking the
    /// pool each time to find it empty).
    static func take(upTo count: Int, into objects: inout [UnsafeMutablePointer<GddRowObject>]) {
        let taken = spares.withLock { spares in
            let n = Swift.min(count, spares.objects.count)
            objects.append(contentsOf: spares.objects.suffix(n))
            spares.objects.removeLast(n)
            return n
        }
        if taken > 0 { RowObjectType.liveCount.add(taken, ordering: .relaxed) }
    }

    /// Takes over the caller's reference on `object` (no owner any more): keeps it for another row
    /// if nothing else holds it and the pool has room, releases it otherwise.
    static func recycle(_ object: UnsafeMutablePointer<GddRowObject>) {
        if !keep(object) { releaseObject(UnsafeMutableRawPointer(object)) }
    }

    /// Keeps `object` (the caller's reference) for another row if nothing else holds it and the pool
    /// has room; false when it does not.
    private static func keep(_ object: UnsafeMutablePointer<GddRowObject>) -> Bool {
        guard gdd_row_object_is_unshared(object) != 0 else { return false }
        // Handlers someone connected without taking a reference go, as they would at finalize.
        g_signal_handlers_destroy(object)
        let kept = spares.withLock { spares in
            guard spares.objects.count < capacity else { return false }
            spares.objects.append(object)
            return true
        }
        if kept { RowObjectType.liveCount.subtract(1, ordering: .relaxed) }
        return kept
    }

    /// Objects of rows that ended during the operations under way, which the pool had no room for
    /// or something else holds: released when every operation under way is over (`releaseRetired`),
    /// so that until then a handle of an ended row still reads as ended.
    @MainActor private static var retired: [UnsafeMutablePointer<GddRowObject>] = []
    /// Operations under way (`holdRetired`), in any manager: an operation may start another
    /// manager's from an event.
    @MainActor private static var holds = 0

    /// An operation starts: objects of rows that end are released at its end, not before.
    @MainActor
    static func holdRetired() { holds += 1 }

    /// Takes over the reference of a row that ended: keeps the object for another row if nothing else
    /// holds it and the pool has room (it keeps reading as ended until then), else releases it once
    /// the operation is over.
    @MainActor
    static func retire(_ object: UnsafeMutablePointer<GddRowObject>) {
        if quarantinesEndedRows {
            quarantine.append(object)
            RowObjectType.liveCount.subtract(1, ordering: .relaxed)
            return
        }
        if keep(object) { return }
        if holds > 0 {
            retired.append(object)
        } else {
            releaseObject(UnsafeMutableRawPointer(object))
        }
    }

    /// An operation is over: when no other is under way, releases the objects of ended rows the
    /// pool did not keep.
    @MainActor
    static func releaseRetired() {
        holds -= 1
        guard holds == 0, !retired.isEmpty else { return }
        let objects = retired
        retired = []
        for object in objects { releaseObject(UnsafeMutableRawPointer(object)) }
    }

    /// A check for tests: while set, the objects of rows that end are kept, marked ended and never
    /// reused, instead of going to the pool or being released — so that reading a row after its end
    /// asserts (`Row.generator`, `Row.item`) rather than reading whatever row took its object. They
    /// do not count as live; `releaseQuarantine()` lets them go.
    @MainActor static var quarantinesEndedRows = false
    @MainActor private static var quarantine: [UnsafeMutablePointer<GddRowObject>] = []

    /// Releases the objects `quarantinesEndedRows` kept.
    @MainActor
    static func releaseQuarantine() {
        let objects = quarantine
        quarantine = []
        for object in objects {
            RowObjectType.liveCount.add(1, ordering: .relaxed)
            releaseObject(UnsafeMutableRawPointer(object))
        }
    }

    /// Frees every spare row object.
    static func drain() {
        let objects = spares.withLock { spares in
            defer { spares.objects = [] }
            return spares.objects
        }
        for object in objects {
            // Counted again, so that finalize's count leaves the live count as it is.
            RowObjectType.liveCount.add(1, ordering: .relaxed)
            releaseObject(UnsafeMutableRawPointer(object))
        }
    }
}

/// The pool's array, sendable: its pointers are only touched under the pool's lock.
private struct SparesBox: @unchecked Sendable {
    var objects: [UnsafeMutablePointer<GddRowObject>] = []
}
