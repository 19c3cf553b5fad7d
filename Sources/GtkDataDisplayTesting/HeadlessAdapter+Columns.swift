import GtkDataDisplay

extension HeadlessAdapter {
    /// A click on `column`'s header, as GTK's column view takes it: the column sorts ascending,
    /// or, when it sorts already, in the other direction; the rows are sorted through the manager
    /// as `ColumnViewAdapter` does (`BaseListManager.sort(by:)`). A column that does not sort, or
    /// is not among `columns`, changes nothing; returns whether the click sorted.
    @discardableResult
    public func clickHeader(of column: TableColumn) throws(DataDisplayError) -> Bool {
        guard let order = column.order, columns.contains(where: { $0 === column }) else { return false }
        let ascending = sortColumn === column ? !sortsAscending : true
        try manager.sort(by: ascending ? order : order.reversed)
        sortColumn = column
        sortsAscending = ascending
        return true
    }
}
