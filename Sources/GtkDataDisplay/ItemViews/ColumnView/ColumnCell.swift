import CGtkDataDisplay

/// The Swift state of one `GtkListItem` of a declared column (not the rows' own column, whose list
/// items hold a `Cell`): its view, and which row and content it shows.
///
/// GTK 4.8 unbinds and binds a list item again whenever its position changes; a bind of the row
/// and content the cell already shows is absorbed (nothing is filled, nothing counted). A row whose
/// content changed is refilled when the rows' own cell of that row rebinds
/// (`ColumnViewAdapter.cellDidBind`).
@MainActor
final class ColumnCell {
    let listItem: OpaquePointer
    /// The index of its column among the adapter's `columns`.
    let column: Int
    let view: ColumnCellView
    /// The row shown, while it stands in its manager.
    private var shown = LiveRow()
    /// The row object it was filled from: compared before `row` (which reads a weak reference), so
    /// looking for the cells of one row among a table's costs no GLib call per cell.
    private(set) var shownItem: UnsafeMutableRawPointer?
    /// The generator and content revision the view was filled from.
    private var filledFrom: (generator: ObjectIdentifier, revision: Int)?

    init(listItem: OpaquePointer, column: Int, view: ColumnCellView) {
        self.listItem = listItem
        self.column = column
        self.view = view
        gtk_list_item_set_child(listItem, view.widget.pointer)
        Self.leaveInputToTheRow(listItem)
    }

    /// Makes a table cell's list item neither selectable, activatable nor focusable, so GTK's row
    /// widget alone takes clicks, selection and the focus: GTK 4.8 gives each cell a click handler
    /// of its own, and a Ctrl+click handled by the cell and then by the row would select the row and
    /// deselect it again. (GTK 4.12+'s cells leave clicks to their row already; there these calls
    /// reach no widget. Headers stay out of the selection through `RowSelection`, as in a list.)
    static func leaveInputToTheRow(_ listItem: OpaquePointer) {
        gtk_list_item_set_selectable(listItem, 0)
        gtk_list_item_set_activatable(listItem, 0)
        NewerGtk.listItemSetFocusable?(listItem, 0)
    }

    /// The row this cell shows now (nil when none, or when it left its manager).
    var row: Row? { shown.row }

    /// GTK's `bind`: shows `row`; whether the view was filled (false when it already showed it).
    @discardableResult
    func bind(_ row: Row) -> Bool {
        let generator = row.generator
        let stamp = (ObjectIdentifier(generator), generator.contentRevision)
        if let filledFrom, filledFrom == stamp, shows(row) { return false }
        shown = LiveRow(row)
        shownItem = row.item
        filledFrom = stamp
        view.show(generator)
        Self.name(cellHolding: view.widget.pointer, view.text ?? AccessibleAttributes.firstLabelText(in: view.widget.pointer))
        return true
    }

    /// The rows' own cell of this row bound it again (its content or generator changed): fill again.
    @discardableResult
    func refresh() -> Bool {
        guard let row else { return false }
        filledFrom = nil
        return bind(row)
    }

    /// Names a table cell for screen readers (GTK would call it by its type's name): the label goes
    /// on the cell widget that holds `child`. (GTK 4.12+'s `GtkColumnViewCell` is a `GtkListItem`
    /// whose `accessible-label` reaches no widget, so no version names a cell through its list item.)
    static func name(cellHolding child: UnsafeMutablePointer<GtkWidget>, _ name: String?) {
        guard let cellWidget = gtk_widget_get_parent(child) else { return }
        AccessibleAttributes.setLabel(cellWidget, name)
    }

    /// GTK's `teardown`: the cell shows nothing any more.
    func teardown() {
        shown = LiveRow()
        shownItem = nil
        filledFrom = nil
    }

    /// Whether this cell shows `row` now (the object first: a row object serves another row after
    /// its own ended).
    func shows(_ row: Row) -> Bool {
        shownItem == row.item && shown.row === row
    }
}
