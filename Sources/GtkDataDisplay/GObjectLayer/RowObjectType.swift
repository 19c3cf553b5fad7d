// The row object GType ("GddRowObject"): the one item type of every row model.
//
// Registered once, from Swift. An instance is the item a view is handed for a row: it points at the
// row's record (`GddRowRecord`; `Row` is a handle on the record), made when the row is first asked
// for and kept by the row until the row ends (`RowObjects`). When its row ends, the object is
// detached (its `row` is NULL) and lives on only as long as something else holds it; a count of those
// lets tests prove they are freed.

import CGtkDataDisplay
import Synchronization

enum RowObjectType {
    /// Row objects alive whose row has ended (or that never had one): held by GTK or someone else,
    /// freed when that lets them go.
    static let detachedCount = Atomic<Int>(0)

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

    /// Creates a row object (transfer full) for the row whose record is `record` (nil: a detached
    /// one, for a store item whose row has ended).
    static func make(for record: RowRecord?) -> UnsafeMutablePointer<GddRowObject> {
        let object = UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
            .assumingMemoryBound(to: GddRowObject.self)
        object.pointee.row = record
        if record == nil { detachedCount.add(1, ordering: .relaxed) }
        return object
    }

    /// Detaches `object` from its row (which ended): it no longer names a row.
    static func detach(_ object: UnsafeMutablePointer<GddRowObject>) {
        object.pointee.row = nil
        detachedCount.add(1, ordering: .relaxed)
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
        // A row keeps its object until it ends, and detaches it then: only detached ones are freed.
        RowObjectType.detachedCount.subtract(1, ordering: .relaxed)
        parentFinalize?(object)
    }
}
