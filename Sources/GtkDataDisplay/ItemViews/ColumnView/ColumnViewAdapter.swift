import CGtkDataDisplay

/// Shows a manager's rows as the lines of a `GtkColumnView`: a table with a header of column
/// titles, whose columns the user can resize, reorder and sort by.
///
/// The rows' own views — what the generators make, with the expander and indent of tree rows and
/// the section headers — fill one column (`TableColumn(id:title:)`); the other columns show a text
/// or a view of each row's model (`TableColumn(id:title:text:)`, `TableColumn(id:title:view:value:)`).
/// Everything else is `ListBaseAdapter`'s, as in a list: the generators, sections, diffed updates,
/// selection, activation, folding, keyboard, scroll anchor and plugins.
///
/// A click on a sortable column's header (`TableColumn.sortable(by:)`) sorts the rows through the
/// manager (`BaseListManager.sort(by:)`): one diffed update of moves, with no sort model between
/// the store and the view, so selection, focus and the scroll anchor follow the rows and positions
/// in the view stay positions in the store.
@MainActor
public final class ColumnViewAdapter: ListBaseAdapter {
    /// The `GtkColumnView`: `columnView.pointer` for `gtk_column_view_*`, `columnView.widget` for
    /// `gtk_widget_*`.
    public var columnView: TypedObject<GtkType.ColumnView> { TypedObject(gdd_column_view(untyped(itemView))) }
    /// The columns, in the order given (the user may show them in another: `shownColumnIDs`).
    public let columns: [TableColumn]
    /// The column whose header sorts the rows now (nil: unsorted), and in which direction.
    public private(set) var sortColumn: TableColumn?
    /// Whether `sortColumn` sorts smallest first.
    public private(set) var sortsAscending = true
    /// Fires after a header click (or `sort(by:ascending:)`) sorted the rows, with the column
    /// (nil when sorting stopped).
    public let sortChanged = Event<TableColumn?>()

    /// Whether a right click on a header opens a menu of the columns, each with a check box to
    /// show or hide it (GTK's header menu; default false). Hiding every column is the user's choice.
    public var offersColumnMenu: Bool {
        get { columnMenu != nil }
        set {
            guard newValue != offersColumnMenu else { return }
            if newValue {
                columnMenu = ColumnMenu(columns: ownColumns, view: itemView)
            } else {
                columnMenu?.remove(from: ownColumns)
                columnMenu = nil
            }
        }
    }
    private var columnMenu: ColumnMenu?

    /// The columns this table shows (all but any another table had already).
    private var ownColumns: [TableColumn] { columns.filter { $0.table === self } }

    /// The cells of the declared columns (not the rows' own), by list item.
    private var columnCells: [OpaquePointer: ColumnCell] = [:]
    private var columnReferences: [ObjectReference] = []

    /// A table over `manager`'s store with `columns` and the given selection mode (double-click
    /// activation). Use `manager.columnViewBuilder(columns:)` to add folding or other plugins.
    public convenience init(manager: BaseListManager, selection: SelectionMode = .single, columns: [TableColumn]) {
        self.init(manager: manager, plugins: [.selectable(selection)], columns: columns)
    }

    /// A table over `manager`'s store with exactly these plugins and one untitled column of the
    /// rows' own views (what a builder without columns makes).
    public convenience init(manager: BaseListManager, plugins: [ListViewPlugin]) {
        self.init(manager: manager, plugins: plugins, columns: [])
    }

    /// A table over `manager`'s store with exactly these plugins and `columns`. The rows' own
    /// views go in the first column made with `TableColumn(id:title:)`; without one, they make an
    /// untitled first column. A second such column stays empty. A column belongs to the first
    /// table made with it: another table leaves it out (debug builds say so on stderr).
    public init(manager: BaseListManager, plugins: [ListViewPlugin], columns: [TableColumn]) {
        self.columns = columns
        super.init(manager: manager, plugins: plugins, kind: .column)
        accessibleName = "Table"
        arrangeColumns()
        watchSorting()
        describeHeadersForAccessibility()
        Signal.connect(untyped(itemView), "map") { [weak self] in self?.describeHeadersForAccessibility() }
    }

    /// The column with `id`, nil when there is none.
    public func column(id: String) -> TableColumn? {
        columns.first { $0.id == id }
    }

    /// The ids of the columns as the view shows them, left to right (after the user dragged
    /// headers around), hidden ones included.
    public var shownColumnIDs: [String] {
        let model = gtk_column_view_get_columns(columnView.pointer)!
        return (0..<g_list_model_get_n_items(model)).compactMap { index in
            guard let item = g_list_model_get_item(model, index) else { return nil }
            defer { g_object_unref(item) }
            return columns.first { $0.column.map(untyped) == item }?.id
        }
    }

    /// Sorts the rows by `column`'s header order (ascending or descending) as a click on it would,
    /// with GTK's sort indicator; nil stops sorting (the rows stay where they are). A column that
    /// is not sortable, or not this table's, changes nothing.
    public func sort(by column: TableColumn?, ascending: Bool = true) {
        if let column, column.order == nil || column.table !== self { return }
        gtk_column_view_sort_by_column(columnView.pointer, column?.column,
                                       ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING)
    }

    // MARK: Columns

    /// Puts the columns in the view in their order: the rows' own column (made by the view with
    /// the adapter's factory) where the first `TableColumn(id:title:)` stands.
    private func arrangeColumns() {
        let view = columnView.pointer
        let made = g_list_model_get_item(gtk_column_view_get_columns(view), 0)!  // transfer full
        let rowsColumn = OpaquePointer(made)
        columnReferences.append(ObjectReference(adopting: made))
        gtk_column_view_remove_column(view, rowsColumn)
        var rowsPlaced = false
        if !columns.contains(where: \.showsRowViews) {
            gtk_column_view_append_column(view, rowsColumn)
            rowsPlaced = true
        }
        for (index, column) in columns.enumerated() {
            guard column.column == nil else {
                #if DEBUG
                Diagnostics.warn("GtkDataDisplay: column \"\(column.id)\" belongs to another table already: this one leaves it out")
                #endif
                continue
            }
            let gtkColumn: OpaquePointer
            switch column.content {
            case .rowViews where !rowsPlaced:
                gtkColumn = rowsColumn
                rowsPlaced = true
            case .rowViews:
                gtkColumn = gtk_column_view_column_new(nil, nil)!
                columnReferences.append(ObjectReference(adopting: untyped(gtkColumn)))
            case .cells(let make):
                gtkColumn = gtk_column_view_column_new(nil, makeFactory(column: index, make))!
                columnReferences.append(ObjectReference(adopting: untyped(gtkColumn)))
            }
            if column.order != nil {
                let sorter = ColumnSortProbe.makeSorter(column: index)
                gtk_column_view_column_set_sorter(gtkColumn, sorter)
                g_object_unref(untyped(sorter))
            }
            gtk_column_view_append_column(view, gtkColumn)
            column.attach(to: gtkColumn, in: self)
        }
        nameView()   // the new headers' sort arrows
    }

    /// A factory for a declared column's cells (transfer full: the column takes it).
    private func makeFactory(column index: Int, _ make: @escaping @MainActor () -> ColumnCellView) -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        let f = untyped(factory)
        Signal.connect(f, "setup", pointer: { [weak self] item in
            guard let self, let item else { return }
            let cell = ColumnCell(listItem: item.asListItem, column: index, view: make())
            ListItemStorage.columnCells.attach(cell, to: item)
            self.columnCells[item.asListItem] = cell
        })
        Signal.connect(f, "bind", pointer: { [weak self] item in
            guard let self, let item, let cell = ListItemStorage.columnCells.object(of: item),
                  let object = gtk_list_item_get_item(item.asListItem), let row = Row.from(item: object) else { return }
            if cell.bind(row) { self.statistics.cellBinds += 1 }
        })
        Signal.connect(f, "teardown", pointer: { [weak self] item in
            guard let item else { return }
            ListItemStorage.columnCells.object(of: item)?.teardown()
            self?.columnCells[item.asListItem] = nil
            ListItemStorage.columnCells.detach(from: item)
        })
        return factory
    }

    /// The rows' own cell of a row bound it (new content, or a row newly shown): the declared
    /// cells already showing that row fill again if their content changed.
    override func cellDidBind(_ cell: Cell) {
        guard let row = cell.row else { return }
        for columnCell in columnCells.values where columnCell.shows(row) {
            if columnCell.refresh() { statistics.cellBinds += 1 }
        }
    }

    /// The text of `row`'s cell in a declared label column (the testing kit reads it), nil when no
    /// list item of that column shows the row.
    func cellText(of row: Row, column: TableColumn) -> String? {
        guard let index = columns.firstIndex(where: { $0 === column }) else { return nil }
        return columnCells.values.first { $0.column == index && $0.shows(row) }?.view.text
    }

    // MARK: Sorting

    private func watchSorting() {
        guard let sorter = gtk_column_view_get_sorter(columnView.pointer) else { return }
        Signal.connect(untyped(sorter), "changed", enumeration: { [weak self] _ in
            self?.sorterChanged()
        })
    }

    /// GTK's column view sorter changed (a header click, `sort(by:ascending:)`): sort the rows
    /// through the manager by the primary column, in its direction.
    private func sorterChanged() {
        let state = ColumnSortProbe.primary(of: columnView.pointer)
        let column = state.map { columns[$0.column] }
        let ascending = state?.ascending ?? true
        guard column !== sortColumn || ascending != sortsAscending else { return }
        sortColumn = column
        sortsAscending = ascending
        let order = column?.order.map { ascending ? $0 : $0.reversed }
        // The rows the manager holds stand already: sorting them cannot fail. (Inside a view
        // callback the manager queues it.)
        try? manager.sort(by: order)
        describeHeadersForAccessibility()
        sortChanged.invoke(with: column)
    }

    /// GTK's header widget of `column` (`GtkColumnViewTitle`: its title, sort arrow and clicks),
    /// nil for a column of another table or before the view made it.
    public func headerWidget(of column: TableColumn) -> UnsafeMutablePointer<GtkWidget>? {
        guard column.table === self, let gtkColumn = column.column else { return nil }
        return ColumnSortProbe.titleWidget(of: gtkColumn, in: columnView.pointer)
    }

    /// `column`'s title or visibility changed: its header's name and the column menu follow.
    func columnChanged(_ column: TableColumn) {
        describeHeadersForAccessibility()
        if let index = ownColumns.firstIndex(where: { $0 === column }) { columnMenu?.update(column, at: index) }
    }

    /// Tells screen readers each header's title and which one sorts, and how: GTK 4.8 names a
    /// header by its type and keeps the sort to its arrow. The sort goes into the header's
    /// description ("sorted ascending") and its `sort` property.
    func describeHeadersForAccessibility() {
        for column in columns {
            guard let title = headerWidget(of: column) else { continue }
            AccessibleAttributes.setLabel(title, column.title)
            let ascending: Bool? = column === sortColumn ? sortsAscending : nil
            AccessibleAttributes.setSort(title, ascending: ascending)
            AccessibleAttributes.setDescription(title, ascending.map { $0 ? "sorted ascending" : "sorted descending" })
        }
    }
}
