import CGtkDataDisplay

// The selection API of a list or grid view: reads that cost O(selected), changes by generator, one
// `selectionChanged` event per change, and a selection mode that can change at run time.

extension ListBaseAdapter {
    /// How rows can be selected. Setting it swaps the selection model in place (the view, its
    /// widgets and the store stay); rows the new mode cannot keep are reported as deselected. Set
    /// from a callback made while the store changes (a row shown during an update), the swap
    /// happens when that change is done: the getter already answers the new mode.
    public var selectionMode: SelectionMode {
        get { selection.requestedMode }
        set { selection.setMode(newValue) }
    }

    /// Whether a drag selects the rows it covers — a rubber band (GTK's `enable-rubberband`;
    /// `.selectable(.multiple, rubberBand: true)` sets it). Meant for `.multiple` selection.
    public var rubberBandSelects: Bool {
        get { kind.rubberBand(itemView) }
        set { kind.setRubberBand(itemView, newValue) }
    }

    /// Whether a selected row that a whole-state update takes out — a search or a filter that hides
    /// it — is selected again when a later update brings back a row with its diff id. Default
    /// `true`: a query that matches nothing, then cleared, gives the user back the selection they
    /// made. The rows that leave are reported as deselected (`SelectionChange.cause` `.update`) and
    /// those that return as selected, with the same cause. Rows taken out by `remove`, `clear` or
    /// another single operation are not brought back, and the user's or the app's deselection (or,
    /// in single mode, another selected row) forgets the hidden ones.
    public var restoresSelectionByID: Bool {
        get { selection.restoresByID }
        set { selection.restoresByID = newValue }
    }

    /// The selection model over the manager's store: `selectionModel.pointer` for
    /// `gtk_selection_model_*` (an interface, so no `UnsafeMutablePointer<GtkSelectionModel>`
    /// exists in Swift). It is another object after `selectionMode` changes.
    public var selectionModel: TypedObject<GtkType.SelectionModel> { selection.model }

    /// How many rows are selected: the size of the selection's bitset (O(ranges), no row visited).
    public var selectedCount: Int { selection.count }

    /// The selected generators, in list order (O(selected)).
    public var selectedGenerators: [any RowGenerator] { selection.rowsInListOrder.map(\.generator) }

    /// Whether `generator`'s row is selected (O(1); the first call after a change gathers the
    /// selected rows, O(selected)).
    public func isSelected(_ generator: any RowGenerator) -> Bool {
        guard let row = manager.row(of: generator) else { return false }
        return selection.contains(row)
    }

    /// Whether the row at `position` is selected, as the selection model says.
    public func isSelected(position: Int) -> Bool {
        gtk_selection_model_is_selected(selectionModel.pointer, guint(position)) != 0
    }

    /// Selects the row of `generator` (single mode: instead of the selected one). Rows that are
    /// not selectable, or not shown, are ignored.
    public func select(_ generator: any RowGenerator) {
        select([generator])
    }

    /// Selects these rows in one change (single mode: the last of them).
    public func select(_ generators: [any RowGenerator]) {
        selectSelectable(generators)
    }

    /// Selects the row of `generator` and deselects every other, in one change (what a plain click
    /// does; type-to-find's selection). A row that is not selectable, or not shown, changes nothing.
    public func selectOnly(_ generator: any RowGenerator) {
        guard manager.isSelectable(generator), let position = manager.position(of: generator) else { return }
        selection.selectOnly(position: position)
    }

    /// Deselects the row of `generator`.
    public func deselect(_ generator: any RowGenerator) {
        deselect([generator])
    }

    /// Deselects these rows in one change.
    public func deselect(_ generators: [any RowGenerator]) {
        unselectRows(of: generators)
    }

    /// Selects every selectable row (multiple mode), in one change.
    public func selectAll() { selection.selectAll() }

    /// Deselects every row, in one change.
    public func unselectAll() { selection.unselectAll() }
}
