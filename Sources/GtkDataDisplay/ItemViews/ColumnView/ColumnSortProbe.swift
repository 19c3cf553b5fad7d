import CGtkDataDisplay

/// Reads which column sorts a `GtkColumnView`, and in which direction, on every GTK from 4.8 on.
///
/// GTK 4.8's `GtkColumnViewSorter` has no getter for its primary column (4.10 added one). It
/// compares two items by asking its columns' sorters in turn, most recently clicked first, and
/// inverts a descending column's answer. Each sortable column of a table gets a custom sorter that
/// is only ever called here: it notes its column and answers "smaller". Comparing two placeholder
/// items then tells the first column asked (the primary one) and, from the sign of the answer,
/// its direction. No sort model is attached, so GTK itself never calls these sorters.
@MainActor
enum ColumnSortProbe {
    /// The column index the first sorter asked noted (nil: none asked yet).
    nonisolated(unsafe) private static var asked: Int?

    /// A sorter for the column at `index` (transfer full).
    static func makeSorter(column index: Int) -> UnsafeMutablePointer<GtkSorter> {
        let sorter = gtk_custom_sorter_new({ _, _, data in
            if ColumnSortProbe.asked == nil { ColumnSortProbe.asked = Int(bitPattern: data) - 1 }
            return GTK_ORDERING_SMALLER.rawValue
        }, UnsafeMutableRawPointer(bitPattern: index + 1), nil)!
        return gdd_sorter(untyped(sorter))
    }

    /// The column index that sorts `view` first and whether ascending; nil when none sorts.
    static func primary(of view: OpaquePointer) -> (column: Int, ascending: Bool)? {
        guard let sorter = gtk_column_view_get_sorter(view) else { return nil }
        asked = nil
        // Two distinct non-null placeholders: only the probe sorters above ever see them.
        let first = UnsafeMutableRawPointer(bitPattern: 0x10)!, second = UnsafeMutableRawPointer(bitPattern: 0x20)!
        let answer = gtk_sorter_compare(sorter, first, second)
        defer { asked = nil }
        guard let column = asked, answer != GTK_ORDERING_EQUAL else { return nil }
        return (column, answer == GTK_ORDERING_SMALLER)
    }

    /// The header widget (`GtkColumnViewTitle`) of `column`: the header row holds one per column,
    /// in the view's column order.
    static func titleWidget(of column: OpaquePointer, in view: OpaquePointer) -> UnsafeMutablePointer<GtkWidget>? {
        let columns = gtk_column_view_get_columns(view)!
        var index: guint?
        for position in 0..<g_list_model_get_n_items(columns) {
            let item = g_list_model_get_item(columns, position)
            g_object_unref(item)
            if item == untyped(column) { index = position; break }
        }
        guard let index, let header = gtk_widget_get_first_child(untyped(view).asWidget) else { return nil }
        var title = gtk_widget_get_first_child(header)
        for _ in 0..<index { title = title.flatMap { gtk_widget_get_next_sibling($0) } }
        return title
    }
}
