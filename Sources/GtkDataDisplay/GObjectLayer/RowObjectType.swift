// The row object GType ("GddRowObject"): the one item type of every row store.
//
// Registered once, from Swift. An instance is a row: it keeps the row's fields (`Row` is a handle
// on it). A live count lets tests prove rows are freed: `make` counts the objects it makes (a batch
// of them at once), finalize counts them out.

import CGtkDataDisplay
import Synchronization

enum RowObjectType {
    /// Row objects in use: created and not yet finalized, less the spares in `RowObjectPool`.
    static let liveCount = Atomic<Int>(0)

    /// The registered GType.
    static let type: GType = {
        "GddRowObject".withGString { name in
            g_type_register_static_simple(
                gdd_type_object(), name,
                guint(MemoryLayout<GddRowObjectClass>.size), classInit,
                guint(MemoryLayout<GddRowObject>.size), nil,
                GTypeFlags(rawValue: 0))
        }
    }()

    /// Creates a row object (transfer full) with no owner yet.
    static func make() -> UnsafeMutablePointer<GddRowObject> {
        liveCount.add(1, ordering: .relaxed)
        return create()
    }

    /// Creates `count` row objects (transfer full, no owner yet) and hands each to `body`, counted
    /// live at once (a first fill of a million rows counted each in the type's instance init: an
    /// atomic add and a call a row).
    static func make(_ count: Int, _ body: (UnsafeMutablePointer<GddRowObject>) -> Void) {
        guard count > 0 else { return }
        liveCount.add(count, ordering: .relaxed)
        for _ in 0..<count { body(create()) }
    }

    private static func create() -> UnsafeMutablePointer<GddRowObject> {
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GddRowObject.self)
    }

    /// Whether `item` is a row object.
    static func isRowObject(_ item: UnsafeMutableRawPointer) -> Bool {
        gdd_is_instance_of(item, type) != 0
    }
}

nonisolated(unsafe) private var parentFinalize: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?

private let classInit: GClassInitFunc = { klass, _ in
    let objectClass = gdd_object_class(klass)!
    parentFinalize = gdd_object_class(g_type_class_peek_parent(klass))!.pointee.finalize
    objectClass.pointee.finalize = { object in
        RowObjectType.liveCount.subtract(1, ordering: .relaxed)
        parentFinalize?(object)
    }
}
