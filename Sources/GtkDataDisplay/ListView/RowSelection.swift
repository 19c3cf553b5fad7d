import CGtk

/// A list view's selection: GTK's selection model over the manager's store, and the selected rows
/// as the library reports them.
///
/// Every change is diffed against the selection last reported, as `GtkBitset`s (set operations
/// cost O(ranges)), so only rows whose state changed are visited: selecting every row of a long
/// list visits each row once, and a listener reading `selectedCount` does no per-row work.
/// Rows that cannot be selected (headers, footers) are unselected at once. Rows follow their row
/// object: a row that leaves the list while selected is reported as deselected, and one that a
/// whole-state update took out and put back in a later splice is selected again.
@MainActor
final class RowSelection {
    private unowned let adapter: ListViewAdapter
    private(set) var mode: SelectionMode
    private(set) var model: TypedObject<GtkType.SelectionModel>
    private var modelReference: ObjectReference
    private var handlerIDs: [UInt] = []
    /// GTK's selection as of the last change handled (positions).
    private var reported = Bitset()
    /// The selected rows by identity.
    private(set) var rows: [ObjectIdentifier: Row] = [:]
    private weak var lastSelected: Row?
    private var correcting = false

    private var manager: BaseListManager { adapter.manager }

    init(adapter: ListViewAdapter, mode: SelectionMode) {
        self.adapter = adapter
        self.mode = mode
        let object = Self.makeModel(mode, over: adapter.manager.store.listModel)
        model = TypedObject(object.asSelectionModel)
        modelReference = ObjectReference(adopting: object)
        gtk_list_view_set_model(adapter.listView.pointer, model.pointer)
        connect()
    }

    /// A new selection model over `listModel` (a full reference). Each is created empty and given
    /// the store afterwards: a GtkSingleSelection created over a model would autoselect its first row.
    private static func makeModel(_ mode: SelectionMode, over listModel: OpaquePointer) -> UnsafeMutableRawPointer {
        switch mode {
        case .none:
            let none = gtk_no_selection_new(nil)!
            gtk_no_selection_set_model(none, listModel)
            return untyped(none)
        case .single:
            let single = gtk_single_selection_new(nil)!
            gtk_single_selection_set_autoselect(single, 0)
            gtk_single_selection_set_can_unselect(single, 1)
            gtk_single_selection_set_model(single, listModel)
            return untyped(single)
        case .multiple:
            let multiple = gtk_multi_selection_new(nil)!
            gtk_multi_selection_set_model(multiple, listModel)
            return untyped(multiple)
        }
    }

    /// Connects after the list view did: GTK's selection model has updated its selection, and
    /// the list view its items, by the time this sees `items-changed`.
    private func connect() {
        handlerIDs = [
            Signal.connect(model.raw, "selection-changed", range: { [weak self] _, _ in self?.selectionChanged() }),
            Signal.connect(model.raw, "items-changed", itemsChanged: { [weak self] position, removed, added in
                self?.itemsChanged(position: Int(position), removed: Int(removed), added: Int(added))
            }),
        ]
    }

    // MARK: Reading

    /// GTK's current selection, as a copy: a GtkMultiSelection hands out its own live bitset.
    private func current() -> Bitset {
        let live = gtk_selection_model_get_selection(model.pointer)!
        defer { gtk_bitset_unref(live) }
        return Bitset(adopting: gtk_bitset_copy(live))
    }

    /// The selected rows in list order: O(selected) store lookups.
    var rowsInListOrder: [Row] {
        current().compactMap { manager.store.row(at: $0) }
    }

    func contains(_ row: Row) -> Bool { rows[ObjectIdentifier(row)] === row }

    /// A lookup of rows by position for visiting `count` positions: the manager's flat list when
    /// that is cheaper than as many store lookups.
    private func rowLookup(visiting count: Int) -> (Int) -> Row? {
        if count > 64 {
            let flat = manager.flatRows()
            if flat.count == manager.store.count { return { $0 < flat.count ? flat[$0] : nil } }
        }
        return { [manager] in manager.store.row(at: $0) }
    }

    // MARK: Changing

    /// Selects these positions (single mode: the last one only).
    func select(positions: Bitset) {
        guard mode != .none, !positions.isEmpty else { return }
        if mode == .single, let last = positions.last {
            gtk_selection_model_select_item(model.pointer, guint(last), 1)
        } else {
            gtk_selection_model_set_selection(model.pointer, positions.pointer, positions.pointer)
        }
    }

    /// Unselects these positions (GtkSingleSelection has no `set_selection`: it holds one row anyway).
    func unselect(positions: Bitset) {
        guard !positions.isEmpty else { return }
        if mode == .multiple {
            gtk_selection_model_set_selection(model.pointer, Bitset().pointer, positions.pointer)
        } else {
            for position in positions { gtk_selection_model_unselect_item(model.pointer, guint(position)) }
        }
    }

    /// Every selectable row (multiple mode), one change.
    func selectAll() {
        guard mode == .multiple else { return }
        let positions = Bitset()
        for (position, row) in manager.flatRows().enumerated() where row.generator.isSelectable { positions.insert(position) }
        select(positions: positions)
    }

    func unselectAll() {
        gtk_selection_model_unselect_all(model.pointer)
    }

    /// Switches to another kind of selection model, keeping what the new mode can keep (single:
    /// the row selected last). Rows it cannot keep are reported as deselected.
    func setMode(_ newMode: SelectionMode) {
        guard newMode != mode else { return }
        let kept: [Row]
        switch newMode {
        case .none: kept = []
        case .single: kept = lastSelected.flatMap { contains($0) ? [$0] : nil } ?? rowsInListOrder.suffix(1)
        case .multiple: kept = Array(rows.values)
        }
        let keptIDs = Set(kept.map(ObjectIdentifier.init))
        let dropped = rowsInListOrder.filter { !keptIDs.contains(ObjectIdentifier($0)) }

        for id in handlerIDs { Signal.disconnect(model.raw, id) }
        let object = Self.makeModel(newMode, over: manager.store.listModel)
        model = TypedObject(object.asSelectionModel)
        modelReference = ObjectReference(adopting: object)
        mode = newMode
        gtk_list_view_set_model(adapter.listView.pointer, model.pointer)
        connect()

        let positions = Bitset()
        if !kept.isEmpty {
            for (position, row) in manager.flatRows().enumerated() where keptIDs.contains(ObjectIdentifier(row)) {
                positions.insert(position)
            }
        }
        correcting = true
        select(positions: positions)
        correcting = false
        rows = Dictionary(uniqueKeysWithValues: kept.map { (ObjectIdentifier($0), $0) })
        reported = current()
        adapter.reportSelection(selected: [], deselected: dropped)
    }

    // MARK: GTK's signals

    private func selectionChanged() {
        guard !correcting else { return }
        var now = current()
        let row = rowLookup(visiting: now.subtracting(reported).count + reported.subtracting(now).count)
        // Undo any selection of a row that cannot be selected (headers, footers).
        let refused = Bitset()
        for position in now.subtracting(reported) where row(position)?.generator.isSelectable == false {
            refused.insert(position)
        }
        if !refused.isEmpty {
            correcting = true
            unselect(positions: refused)
            if mode == .single, current().isEmpty, let previous = lastSelected, contains(previous),
               let position = manager.flatPosition(of: previous) {
                gtk_selection_model_select_item(model.pointer, guint(position), 1)
            }
            correcting = false
            now = current()
        }
        var selected: [Row] = [], deselected: [Row] = []
        for position in reported.subtracting(now) {
            guard let r = row(position), rows.removeValue(forKey: ObjectIdentifier(r)) != nil else { continue }
            deselected.append(r)
        }
        for position in now.subtracting(reported) {
            guard let r = row(position) else { continue }
            rows[ObjectIdentifier(r)] = r
            selected.append(r)
        }
        if let last = selected.last { lastSelected = last }
        reported = now
        adapter.reportSelection(selected: selected, deselected: deselected)
    }

    private func itemsChanged(position: Int, removed: Int, added: Int) {
        var left: [Row] = []
        if removed > 0, !rows.isEmpty {
            for (id, row) in rows where manager.rowsByGenerator[ObjectIdentifier(row.generator)] !== row {
                rows[id] = nil
                left.append(row)
            }
        }
        var now = current()
        // A selected row taken out in one splice and put back in a later one lost GTK's selection.
        if added > 0, rows.count > now.count {
            let restore = Bitset()
            for p in position..<(position + added) where !now.contains(p) {
                if let row = manager.store.row(at: p), contains(row) { restore.insert(p) }
            }
            if !restore.isEmpty {
                correcting = true
                select(positions: restore)
                correcting = false
                now = current()
            }
        }
        reported = now
        if !left.isEmpty { adapter.reportSelection(selected: [], deselected: left) }
    }
}
