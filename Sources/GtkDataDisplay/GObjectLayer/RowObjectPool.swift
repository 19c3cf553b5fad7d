// Spare row objects: the row objects of rows that went away, kept for the next new rows.
//
// Freeing a GObject and making one are the dearest steps of removing and adding a row: GLib 2.74
// spends about 2,300 instructions on a last unref (dispose, the data list, signal handlers, the
// slice) and about 600 on `g_object_new`. A filter that removes most rows and a second one that
// brings them back pays both for every row. A row object whose only reference is the library's,
// with nothing attached to it, is as good as new: it waits here, bounded, for the next row.

import CGtk
import Synchronization

/// The spare row objects (each with the one reference the pool holds, no owner).
enum RowObjectPool {
    /// At most this many spare objects are kept (32 bytes each: half a megabyte).
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
        if gdd_row_object_is_unshared(object) != 0 {
            // Handlers someone connected without taking a reference go, as they would at finalize.
            g_signal_handlers_destroy(object)
            let kept = spares.withLock { spares in
                guard spares.objects.count < capacity else { return false }
                spares.objects.append(object)
                return true
            }
            if kept {
                RowObjectType.liveCount.subtract(1, ordering: .relaxed)
                return
            }
        }
        releaseObject(UnsafeMutableRawPointer(object))
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
