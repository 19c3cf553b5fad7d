import CGtkDataDisplay

// A selection change as the adapter reports it, and selecting rows by generator: shared by
// `ListBaseAdapter` and the headless `DetachedAdapter` (see `AdapterBehavior`).

extension AdapterBehavior {
    /// Selects the selectable rows among `generators` in one change (single mode: the last).
    func selectSelectable(_ generators: [any RowGenerator]) {
        selection.select(positions: positions(of: generators.filter(manager.isSelectable)), checked: true)
    }

    /// Deselects the rows of `generators` in one change.
    func unselectRows(of generators: [any RowGenerator]) {
        selection.unselect(positions: positions(of: generators))
    }

    /// The store positions of the shown rows of `generators`: one pass over the rows for many,
    /// a lookup each for a few.
    func positions(of generators: [any RowGenerator]) -> Bitset {
        let set = Bitset()
        if generators.count <= 8 {
            for g in generators { if let p = manager.position(of: g) { set.insert(p) } }
            return set
        }
        let wanted = Set(generators.map { ObjectIdentifier($0) })
        manager.forEachRow { position, row in
            if wanted.contains(ObjectIdentifier(row.generator)) { set.insert(position) }
        }
        return set
    }

    /// Fires the events of one selection change: each row's own, then `selectionChanged` once.
    /// Rows that deselect themselves after selection (`isNeedDeselect`, the plugin) are then deselected.
    ///
    /// Rows are visited one by one only when someone may listen per row (`SelectionDispatch`
    /// gives the rule); otherwise the change goes out as positions and costs nothing per row.
    func reportSelection(_ delta: SelectionDelta) {
        guard !delta.isEmpty else { return }
        var change = SelectionChange(delta, manager: manager)
        let deselectAfter = Bitset()
        manager.withinViewCallback {
            if !didSelect.isEmpty || !didDeselect.isEmpty || SelectionDispatch.rowsMayListen {
                // Rows first, all of them, before any listener can change the selection.
                let deselected = change.storage.deselectedRows
                var selected: [(position: Int, row: Row)] = []
                if let positions = delta.selected {
                    selected.reserveCapacity(positions.count)
                    manager.forEachRow(at: positions) { selected.append(($0, $1)) }
                }
                change.storage.setSelectedRows(selected.map(\.row))
                for row in deselected {
                    didDeselect.invoke(with: row.generator)
                    (row.generator as? SelectableItem)?.didDeselectEvent.invoke()
                    row.sectionController?.didDeselect(row.generator)
                }
                for (position, row) in selected {
                    didSelect.invoke(with: row.generator)
                    let item = row.generator as? SelectableItem
                    item?.didSelectEvent.invoke()
                    row.sectionController?.didSelect(row.generator)
                    if features.deselectAfterSelect || item?.isNeedDeselect == true { deselectAfter.insert(position) }
                }
            } else if features.deselectAfterSelect, let positions = delta.selected {
                deselectAfter.insert(contentsOf: positions)
            }
            selectionChanged.invoke(with: change)
        }
        // A listener that kept the change reads its rows later: look them up while positions hold.
        if !isKnownUniquelyReferenced(&change.storage) { change.storage.materialize() }
        selection.unselect(positions: deselectAfter)
    }
}
