// The row model GType ("GddRowModel"): the `GListModel` every row store is.
//
// Registered once, from Swift: a `GObject` implementing `GListModel` over a `RowItems` (one pointer a
// row, to its record). An item asked for is the row's object, made on first use (`Row.item`). The
// instance keeps its items retained and, when finalized, counts every row still in them out of the
// store (`Row.leaveStore`) and releases them: a view may hold the list after its store is gone.

import CGtkDataDisplay

enum RowModelType {
    /// The registered GType.
    static let type: GType = {
        let type = "GddRowModel".withGString { name in
            g_type_register_static_simple(
                gdd_type_object(), name,
                guint(MemoryLayout<GObjectClass>.size), rowModelClassInit,
                guint(MemoryLayout<GddRowModel>.size), nil,
                GTypeFlags(rawValue: 0))
        }
        var interface = GInterfaceInfo(interface_init: listModelInit, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, g_list_model_get_type(), &interface)
        return type
    }()

    /// Creates a row model (transfer full) showing `items`, which it keeps (retained) for its life.
    static func make(showing items: RowItems) -> OpaquePointer {
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        let list = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GddRowModel.self)
        list.pointee.items = Unmanaged.passRetained(items).toOpaque()
        return OpaquePointer(object)
    }

    /// The items of the row model `instance`.
    fileprivate static func items(of instance: UnsafeMutableRawPointer) -> RowItems {
        let list = instance.assumingMemoryBound(to: GddRowModel.self)
        return Unmanaged<RowItems>.fromOpaque(list.pointee.items!).takeUnretainedValue()
    }
}

nonisolated(unsafe) private var parentFinalize: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?

private let rowModelClassInit: GClassInitFunc = { klass, _ in
    let objectClass = gdd_object_class(klass)!
    parentFinalize = gdd_object_class(g_type_class_peek_parent(klass))!.pointee.finalize
    objectClass.pointee.finalize = { object in
        let list = UnsafeMutableRawPointer(object!).assumingMemoryBound(to: GddRowModel.self)
        if let items = list.pointee.items {
            list.pointee.items = nil
            let owned = Unmanaged<RowItems>.fromOpaque(items).takeRetainedValue()
            // Rows are counted on the main thread (a view lets its model go there).
            MainThread.run { owned.forEach { Row(record: $0).leaveStore() } }
        }
        parentFinalize?(object)
    }
}

private let listModelInit: GInterfaceInitFunc = { interface, _ in
    let list = interface!.assumingMemoryBound(to: GListModelInterface.self)
    list.pointee.get_item_type = { _ in RowObjectType.type }
    list.pointee.get_n_items = { model in
        guint(RowModelType.items(of: UnsafeMutableRawPointer(model!)).count)
    }
    list.pointee.get_item = { model, position in
        let items = RowModelType.items(of: UnsafeMutableRawPointer(model!))
        guard Int(position) < items.count else { return nil }
        let record = items[Int(position)]
        let item = MainActor.assumeIsolated { () -> UInt in
            // A row that ended stays in a model whose manager is gone: its item names no row.
            guard let row = Row.standing(record) else { return UInt(bitPattern: RowObjectType.make(for: nil)) }
            return UInt(bitPattern: g_object_ref(row.item))
        }
        return UnsafeMutableRawPointer(bitPattern: item)
    }
}
