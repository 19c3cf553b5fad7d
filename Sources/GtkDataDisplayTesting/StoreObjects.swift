import CGtkDataDisplay
import GtkDataDisplay

/// The store's row objects, to check they survive an update.
extension RowStore {
    /// The addresses of the store's items (row objects), in order: equal addresses across an
    /// update mean GTK saw the same object and could keep its widget.
    @MainActor
    public var objectAddresses: [UInt] {
        (0..<count).map { index in
            let item = g_list_model_get_item(listModel, guint(index))!  // transfer full
            defer { g_object_unref(item) }
            return UInt(bitPattern: item)
        }
    }
}
