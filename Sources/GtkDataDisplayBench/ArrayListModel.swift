// A second floor under the library's store: the same string objects behind a `GListModel` of the
// benchmark's own that keeps them in one array of object pointers (8 bytes a row), where a
// `GListStore` keeps a GLib sequence node for each (40 bytes, an O(log n) insert). It answers what a
// list model of the library's own would save at a million rows (`--pipeline-only`: the FLOOR and
// MEMORY lines); nothing in the library uses it.

import CGtkDataDisplay

/// A `GListModel` over an array of object pointers, filled once (the floor's load: no splices).
enum ArrayListModel {
    /// Each live model's items (a reference each), by the model's address.
    nonisolated(unsafe) private static var items: [UnsafeMutableRawPointer: [UnsafeMutableRawPointer]] = [:]
    nonisolated(unsafe) private static var parentFinalize: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?

    /// The registered type ("GddBenchArrayListModel"), a `GObject` implementing `GListModel`.
    static let type: GType = {
        let type = "GddBenchArrayListModel".withCString { name in
            g_type_register_static_simple(gdd_type_object(), name, guint(MemoryLayout<GObjectClass>.size), { klass, _ in
                let objectClass = gdd_object_class(klass)!
                ArrayListModel.parentFinalize = gdd_object_class(g_type_class_peek_parent(klass))!.pointee.finalize
                objectClass.pointee.finalize = { object in
                    let key = UnsafeMutableRawPointer(object!)
                    for item in ArrayListModel.items.removeValue(forKey: key) ?? [] { g_object_unref(item) }
                    ArrayListModel.parentFinalize?(object)
                }
            }, guint(MemoryLayout<GObject>.size), nil, GTypeFlags(rawValue: 0))
        }
        var interface = GInterfaceInfo(interface_init: { interface, _ in
            let list = interface!.assumingMemoryBound(to: GListModelInterface.self)
            list.pointee.get_item_type = { _ in gtk_string_object_get_type() }
            list.pointee.get_n_items = { model in guint(ArrayListModel.items[UnsafeMutableRawPointer(model!)]?.count ?? 0) }
            list.pointee.get_item = { model, position in
                guard let items = ArrayListModel.items[UnsafeMutableRawPointer(model!)], Int(position) < items.count else { return nil }
                return g_object_ref(items[Int(position)])
            }
        }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, g_list_model_get_type(), &interface)
        return type
    }()

    /// A model holding `objects` (it takes their references), as a `GListModel *` (transfer full).
    static func make(holding objects: [UnsafeMutableRawPointer]) -> OpaquePointer {
        let model = g_object_new_with_properties(type, 0, nil, nil)!
        items[UnsafeMutableRawPointer(model)] = objects
        return gdd_list_model(UnsafeMutableRawPointer(model))!
    }
}
