import CGtkDataDisplay

/// Keeps each list item's `Cell` on the list item itself (GObject qdata): retained on `setup`,
/// released when the list item is torn down or finalized.
@MainActor
enum CellStorage {
    private static let quark: GQuark = "gdd-cell".withGString { g_quark_from_static_string($0) }

    static func attach(_ cell: Cell, to item: UnsafeMutableRawPointer) {
        let box = Unmanaged.passRetained(cell).toOpaque()
        g_object_set_qdata_full(item.asObject, quark, box) { box in
            Unmanaged<Cell>.fromOpaque(box!).release()
        }
    }

    static func cell(of item: UnsafeMutableRawPointer) -> Cell? {
        guard let box = g_object_get_qdata(item.asObject, quark) else { return nil }
        return Unmanaged<Cell>.fromOpaque(box).takeUnretainedValue()
    }

    static func detach(from item: UnsafeMutableRawPointer) {
        g_object_set_qdata(item.asObject, quark, nil)
    }
}
