import CGtk

// The selection API of a list view: reads that cost O(selected), changes by generator, one
// `selectionChanged` event per change, and a selection mode that can change at run time.

extension ListViewAdapter {
    /// How rows can be selected. Setting it swaps the selection model in place (the list view,
    /// its widgets and the store stay); rows the new mode cannot keep are reported as deselected.
    public var selectionMode: SelectionMode {
        get { selection.mode }
        set { selection.setMode(newValue) }
    }

    /// The selection model over the manager's store: `selectionModel.pointer` for
    /// `gtk_selection_model_*` (an interface, so no `UnsafeMutablePointer<GtkSelectionModel>`
    /// exists in Swift). It is another object after `selectionMode` changes.
    public var selectionModel: TypedObject<GtkType.SelectionModel> { selection.model }

    /// How many rows are selected (O(1)).
    public var selectedCount: Int { selection.rows.count }

    /// The selected generators, in list order (O(selected) store lookups).
    public var selectedGenerators: [any RowGenerator] { selection.rowsInListOrder.map(\.generator) }

    /// Whether `generator`'s row is selected (O(1)).
    public func isSelected(_ generator: any RowGenerator) -> Bool {
        guard let row = manager.rowsByGenerator[ObjectIdentifier(generator)] else { return false }
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
        selection.select(positions: positions(of: generators.filter(\.isSelectable)))
    }

    /// Deselects the row of `generator`.
    public func deselect(_ generator: any RowGenerator) {
        deselect([generator])
    }

    /// Deselects these rows in one change.
    public func deselect(_ generators: [any RowGenerator]) {
        selection.unselect(positions: positions(of: generators))
    }

    /// Selects every selectable row (multiple mode), in one change.
    public func selectAll() { selection.selectAll() }

    /// Deselects every row, in one change.
    public func unselectAll() { selection.unselectAll() }

    /// The store positions of the shown rows of `generators`: one pass over the rows for many,
    /// a lookup each for a few.
    private func positions(of generators: [any RowGenerator]) -> Bitset {
        let set = Bitset()
        if generators.count <= 8 {
            for g in generators { if let p = manager.position(of: g) { set.insert(p) } }
            return set
        }
        let wanted = Set(generators.map { ObjectIdentifier($0) })
        for (position, row) in manager.flatRows().enumerated() where wanted.contains(ObjectIdentifier(row.generator)) {
            set.insert(position)
        }
        return set
    }

    /// Fires the events of one selection change: each row's own, then `selectionChanged` once.
    /// Rows that deselect themselves after selection (`isNeedDeselect`, the plugin) are then deselected.
    func reportSelection(selected: [Row], deselected: [Row]) {
        guard !selected.isEmpty || !deselected.isEmpty else { return }
        let deselectAfter = Bitset()
        manager.withinViewCallback {
            for row in deselected {
                didDeselect.invoke(with: row.generator)
                (row.generator as? SelectableItem)?.didDeselectEvent.invoke()
            }
            for row in selected {
                didSelect.invoke(with: row.generator)
                let item = row.generator as? SelectableItem
                item?.didSelectEvent.invoke()
                if features.deselectAfterSelect || item?.isNeedDeselect == true,
                   let position = manager.flatPosition(of: row) {
                    deselectAfter.insert(position)
                }
            }
            selectionChanged.invoke(with: SelectionChange(selectedRows: selected, deselectedRows: deselected))
        }
        selection.unselect(positions: deselectAfter)
    }
}
