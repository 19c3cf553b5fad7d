import CGtkDataDisplay

/// Keeps a Swift object on each `GtkListItem` of a factory (GObject qdata under its own key):
/// retained on `setup`, released when the list item is torn down or finalized. The rows' own list
/// items hold a `Cell` (`cells`), a table's declared columns' list items a `ColumnCell` (`columnCells`).
@MainActor
struct ListItemStorage<Object: AnyObject> {
    private let quark: GQuark

    /// Storage under the qdata key `name` (one per kind of object).
    init(_ name: StaticString) {
        quark = name.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { g_quark_from_static_string($0.baseAddress) }
        }
    }

    func attach(_ object: Object, to item: UnsafeMutableRawPointer) {
        let box = Unmanaged.passRetained(object).toOpaque()
        g_object_set_qdata_full(item.asObject, quark, box) { box in
            Unmanaged<AnyObject>.fromOpaque(box!).release()
        }
    }

    func object(of item: UnsafeMutableRawPointer) -> Object? {
        guard let box = g_object_get_qdata(item.asObject, quark) else { return nil }
        return Unmanaged<Object>.fromOpaque(box).takeUnretainedValue()
    }

    func detach(from item: UnsafeMutableRawPointer) {
        g_object_set_qdata(item.asObject, quark, nil)
    }
}

extension ListItemStorage where Object == Cell {
    /// The `Cell` of each list item of the rows' own factory.
    static let cells = ListItemStorage("gdd-cell")
}

extension ListItemStorage where Object == ColumnCell {
    /// The `ColumnCell` of each list item of a table's declared column.
    static let columnCells = ListItemStorage("gdd-column-cell")
}
