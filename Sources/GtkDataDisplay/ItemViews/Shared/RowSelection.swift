import CGtkDataDisplay

/// A list or grid view's selection: GTK's selection model over the manager's store, and the selected rows
/// as the library reports them.
///
/// The selection is held as positions — GTK's own `GtkBitset`, whose set operations cost
/// O(ranges) — not as a collection of rows: a change is the difference of two bitsets, the count
/// is the bitset's size, and rows are looked up only when someone asks for them (the generators
/// of a change, `selectedGenerators`, `isSelected(_:)`, per-row events). Selecting every row of
/// a long list with nobody listening per row visits no row after the selection is made (the
/// adapter's `selectAll()` visits each row once beforehand to skip the unselectable ones; GTK's
/// Ctrl+A visits the rows it selected once to take headers and footers out again).
///
/// Rows follow their row object. Before a splice removes selected rows, the store tells this
/// selection (`RowStore.willSplice`), which keeps them aside — O(selected rows removed); the
/// manager keeps rows that leave it alive until its operation's splices are done — and after the
/// splice those no longer in the manager are reported as deselected, while those still in it (a
/// whole-state update moves them with a later splice) stay selected and are selected again when
/// they come back.
///
/// Selected rows that a whole-state update takes out (a search, a filter) leave their diff ids
/// behind (`remembered`): when a later change brings a row with one of those ids back, it is selected
/// again (`restoresByID`). The user's or the app's deselection, or a single selection of another
/// row, forgets them.
@MainActor
final class RowSelection {
    private unowned let adapter: any AdapterBehavior
    private let manager: BaseListManager
    private(set) var mode: SelectionMode
    /// A mode set while the store was emitting a splice, applied once that splice is done (see `setMode`).
    private var pendingMode: SelectionMode?
    private(set) var model: TypedObject<GtkType.SelectionModel>
    private var modelReference: ObjectReference
    private var handlerIDs: [UInt] = []
    /// GTK's selection as of the last change handled: the selected rows that are in the store.
    private var reported = Bitset()
    /// Selected rows a splice took out of the store that stay in the manager: still selected, to
    /// be selected again when a later splice of the same update puts them back (so none ends while
    /// here).
    private var displaced: [Row] = []
    /// The selected rows the splice under way removes, captured before it.
    private var removing: [Row] = []
    /// A splice is under way: the store and GTK's selection have changed, `reported` not yet.
    private var splicing = false
    /// The selected rows by identity, built on the first `contains` after a change.
    private var lookup: Set<Row>?
    private var lastSelected: Row? {
        get { lastSelectedRow.row }
        set { lastSelectedRow = LiveRow(newValue) }
    }
    private var lastSelectedRow = LiveRow()
    private var correcting = false
    /// Positions the adapter is selecting that it checked to be selectable.
    private var checked: Bitset?
    /// Who is changing the selection now, when the library knows (the app's calls, an update's
    /// restore); GTK's own changes outside an update are the user's.
    private var cause: SelectionCause?
    /// Whether selected rows that a whole-state update took out are selected again when their id
    /// comes back.
    var restoresByID = true {
        didSet { if !restoresByID { remembered = [] } }
    }
    /// The diff ids of selected rows that whole-state updates took out, to select again on return.
    private(set) var remembered: Set<DiffKey> = []

    init(adapter: any AdapterBehavior, mode: SelectionMode) {
        self.adapter = adapter
        self.manager = adapter.manager
        self.mode = mode
        let object = Self.makeModel(mode, over: adapter.manager.store.listModel)
        model = TypedObject(object.asSelectionModel)
        modelReference = ObjectReference(adopting: object)
        adapter.setModel(model)
        connect()
        manager.store.willSplice.addListener(key: ObjectIdentifier(self)) { [weak self] position, removing in
            self?.willSplice(position: position, removing: removing)
        }
        manager.store.didSplice.addListener(key: ObjectIdentifier(self)) { [weak self] in
            guard let self, let pending = pendingMode else { return }
            pendingMode = nil
            setMode(pending)
        }
        manager.didApplyChange.addListener(key: ObjectIdentifier(self)) { [weak self] in self?.restoreRemembered() }
        // A selected row keeps its row object through whole-state updates (it is not lent to another row).
        manager.store.pins[ObjectIdentifier(self)] = { [weak self] position in self?.reported.contains(position) ?? false }
        manager.store.rangePins[ObjectIdentifier(self)] = { [weak self] positions in (self?.reported.count(in: positions) ?? 0) > 0 }
    }

    isolated deinit {
        manager.store.willSplice.removeListener(key: ObjectIdentifier(self))
        manager.store.didSplice.removeListener(key: ObjectIdentifier(self))
        manager.didApplyChange.removeListener(key: ObjectIdentifier(self))
        manager.store.pins[ObjectIdentifier(self)] = nil
        manager.store.rangePins[ObjectIdentifier(self)] = nil
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
    /// the view its items, by the time this sees `items-changed`.
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

    /// The selected positions in the store as it is now (during a splice, GTK's: it is ahead of `reported`).
    private var selectedPositions: Bitset { splicing ? current() : reported }

    /// How many rows are selected: O(ranges), no row visited.
    var count: Int {
        splicing ? current().count + displaced.count + removing.count : reported.count + displaced.count
    }

    /// The selected rows in list order: O(selected), a walk over the sections.
    var rowsInListOrder: [Row] {
        let positions = selectedPositions
        var rows: [Row] = []
        rows.reserveCapacity(positions.count)
        manager.forEachRow(at: positions) { rows.append($1) }
        return rows
    }

    /// Whether `row` is selected: O(1) once the selected rows' identities are gathered, which the
    /// first call after a change does (O(selected)).
    func contains(_ row: Row) -> Bool {
        if let lookup { return lookup.contains(row) }
        var set = Set<Row>(minimumCapacity: count)
        manager.forEachRow(at: selectedPositions) { set.insert($1) }
        for row in displaced { set.insert(row) }
        for row in removing { set.insert(row) }
        if !splicing { lookup = set }   // mid-splice the answer holds only until the splice is handled
        return set.contains(row)
    }

    /// The position of `row` among `positions`, if there.
    private func position(of row: Row, in positions: Bitset) -> Int? {
        var found: Int?
        manager.forEachRow(at: positions) { if found == nil, $1 === row { found = $0 } }
        return found
    }

    // MARK: Changing

    /// Runs `body`, a change made by `cause` (an inner change keeps the outer one's cause).
    private func changing(by cause: SelectionCause, _ body: () -> Void) {
        let outer = self.cause
        self.cause = outer ?? cause
        defer { self.cause = outer }
        body()
    }

    /// Selects these positions (single mode: the last one only), as the app asked unless an
    /// update is restoring rows. `checked`: the caller made sure every one is selectable, so the
    /// change needs no check.
    func select(positions: Bitset, checked isChecked: Bool = false) {
        guard mode != .none, !positions.isEmpty else { return }
        if isChecked { checked = positions }
        defer { checked = nil }
        changing(by: .code) { selectNow(positions) }
    }

    /// Selects `position` and deselects every other row, in one change (GTK's `unselect_rest`).
    func selectOnly(position: Int) {
        guard mode != .none else { return }
        let only = Bitset()
        only.insert(position)
        checked = only
        defer { checked = nil }
        changing(by: .code) { gtk_selection_model_select_item(model.pointer, guint(position), 1) }
    }

    private func selectNow(_ positions: Bitset) {
        if mode == .single, let last = positions.last {
            gtk_selection_model_select_item(model.pointer, guint(last), 1)
        } else {
            gtk_selection_model_set_selection(model.pointer, positions.pointer, positions.pointer)
        }
    }

    /// Unselects these positions (GtkSingleSelection has no `set_selection`: it holds one row anyway).
    func unselect(positions: Bitset) {
        guard !positions.isEmpty else { return }
        changing(by: .code) { unselectNow(positions) }
    }

    private func unselectNow(_ positions: Bitset) {
        if mode == .multiple {
            // The empty set must outlive the call: a temporary's pointer may be freed before it
            // is read (a use after free that GTK 4.18's GtkMultiSelection crashed on, copying it).
            let none = Bitset()
            withExtendedLifetime(none) {
                _ = gtk_selection_model_set_selection(model.pointer, none.pointer, positions.pointer)
            }
        } else {
            for position in positions { gtk_selection_model_unselect_item(model.pointer, guint(position)) }
        }
    }

    /// Every selectable row (multiple mode), one change: the runs of selectable rows, added to the
    /// bitset as ranges.
    func selectAll() {
        guard mode == .multiple else { return }
        let positions = Bitset()
        var runStart = -1
        var end = 0
        manager.forEachRow { position, row in
            if row.isSelectable {
                if runStart < 0 { runStart = position }
            } else if runStart >= 0 {
                positions.insert(runStart..<position)
                runStart = -1
            }
            end = position + 1
        }
        if runStart >= 0 { positions.insert(runStart..<end) }
        select(positions: positions, checked: true)
    }

    func unselectAll() {
        remembered = []
        changing(by: .code) { _ = gtk_selection_model_unselect_all(model.pointer) }
    }

    /// The mode asked for last: `mode`, or the one a switch that waits for a splice's end will take.
    var requestedMode: SelectionMode { pendingMode ?? mode }

    /// Switches to another kind of selection model, keeping what the new mode can keep (single:
    /// the row selected last). Rows it cannot keep are reported as deselected.
    ///
    /// Asked while the store emits a splice (from a callback GTK makes then: a row shown or hidden,
    /// a handler of the store's changes), the switch waits for that splice's end: GTK must not be
    /// handed a new model while the old one is telling it about the change (a crash in GTK 4.8's
    /// list item manager), and the selection sorts the rows that splice took out first.
    func setMode(_ newMode: SelectionMode) {
        if manager.store.isSplicing {
            pendingMode = newMode
            return
        }
        pendingMode = nil
        guard newMode != mode else { return }
        assert(!splicing && removing.isEmpty, "a mode switch inside a splice")
        let old = selectedPositions
        var keep = Bitset()
        var droppedRows: [Row] = []
        switch newMode {
        case .none:
            droppedRows = displaced
        case .single:
            if let last = lastSelected, let position = position(of: last, in: old) {
                keep.insert(position)
            } else if let position = old.last {
                keep.insert(position)
            }
            droppedRows = displaced
        case .multiple:
            keep = old.copy()
        }
        if newMode != .multiple { displaced = [] }
        remembered = []
        let dropped = old.subtracting(keep)

        for id in handlerIDs { Signal.disconnect(model.raw, id) }
        let object = Self.makeModel(newMode, over: manager.store.listModel)
        model = TypedObject(object.asSelectionModel)
        modelReference = ObjectReference(adopting: object)
        mode = newMode
        adapter.setModel(model)
        connect()

        correcting = true
        if !keep.isEmpty { selectNow(keep) }
        correcting = false
        reported = current()
        lookup = nil
        adapter.reportSelection(SelectionDelta(deselected: dropped, leftRows: droppedRows, cause: .code))
    }

    // MARK: GTK's signals

    private func selectionChanged() {
        guard !correcting else { return }
        var now = current()
        var added = now.subtracting(reported)
        // Undo any selection of a row that cannot be selected (headers, footers): GTK's Ctrl+A
        // selects them too. Positions the adapter checked itself need no second look.
        if !added.isEmpty, !(checked.map { added.isSubset(of: $0) } ?? false) {
            let refused = Bitset()
            manager.forEachRow(at: added) { position, row in
                if !row.isSelectable { refused.insert(position) }
            }
            if !refused.isEmpty {
                correcting = true
                unselectNow(refused)
                if mode == .single, current().isEmpty, let previous = lastSelected,
                   let position = position(of: previous, in: reported) {
                    gtk_selection_model_select_item(model.pointer, guint(position), 1)
                }
                correcting = false
                now = current()
                added = now.subtracting(reported)
            }
        }
        let removed = reported.subtracting(now)
        reported = now
        guard !added.isEmpty || !removed.isEmpty else { return }
        lookup = nil
        let cause = self.cause ?? (manager.isApplying ? .update : .user)
        // The user or the app deselected rows, or chose another single row: hidden rows stay deselected.
        if cause != .update, !remembered.isEmpty, !removed.isEmpty || mode == .single { remembered = [] }
        if let last = added.last, let row = manager.store.row(at: last) { lastSelected = row }
        adapter.reportSelection(SelectionDelta(selected: added, deselected: removed, cause: cause))
    }

    /// Before a splice at `position` that removes `removing` items: keeps the selected rows among
    /// them. O(selected rows removed).
    private func willSplice(position: Int, removing count: Int) {
        splicing = true
        guard count > 0, !reported.isEmpty, reported.count(in: position..<(position + count)) > 0 else { return }
        for p in reported.positions(from: position, below: position + count) {
            if let row = manager.store.row(at: p) { removing.append(row) }
        }
    }

    private func itemsChanged(position: Int, removed: Int, added: Int) {
        splicing = false
        var now = current()
        var left: [Row] = []
        if !removing.isEmpty || !displaced.isEmpty {
            lookup = nil
            var waiting: [Row] = []
            for row in displaced + removing {
                // Displaced rows stand in the manager until a later splice of their operation puts
                // them back (no mode switch happens between a splice and its end): none has ended.
                assert(!row.isEnded, "a displaced selected row ended before it came back")
                if manager.row(of: row.generator) === row {
                    waiting.append(row)
                } else {
                    left.append(row)
                }
            }
            removing = []
            // GTK keeps a row selected only when one splice removes and re-adds it: rows that come
            // back in a later splice are selected again here.
            if added > 0, !waiting.isEmpty {
                var index: [Row: Int] = [:]
                for (i, row) in waiting.enumerated() { index[row] = i }
                var back = Set<Int>()
                let restore = Bitset()
                for p in position..<(position + added) {
                    guard let row = manager.store.row(at: p), let i = index.removeValue(forKey: row) else { continue }
                    back.insert(i)
                    if !now.contains(p) { restore.insert(p) }
                    if index.isEmpty { break }
                }
                if !back.isEmpty {
                    waiting = waiting.indices.filter { !back.contains($0) }.map { waiting[$0] }
                }
                if !restore.isEmpty {
                    correcting = true
                    selectNow(restore)
                    correcting = false
                    now = current()
                }
            }
            displaced = waiting
        }
        reported = now
        guard !left.isEmpty else { return }
        if restoresByID, mode != .none, manager.isCommittingWholeState {
            for row in left { remembered.insert(row.generator.diffKey) }
        }
        adapter.reportSelection(SelectionDelta(leftRows: left, cause: .update))
    }

    /// After a change reached the store: selects again the rows whose ids `remembered` holds (one
    /// change, caused by the update). Single mode restores one row, and only when none is selected.
    /// A walk over the rows, only while some id is remembered.
    private func restoreRemembered() {
        guard !remembered.isEmpty, mode != .none, !splicing else { return }
        if mode == .single, !reported.isEmpty { return }
        let positions = Bitset()
        manager.forEachRow { position, row in
            guard row.role == .row, remembered.contains(row.generator.diffKey), row.isSelectable else { return }
            positions.insert(position)
        }
        guard let last = positions.last else { return }
        if mode == .single {
            if let row = manager.store.row(at: last) { remembered.remove(row.generator.diffKey) }
        } else {
            manager.forEachRow(at: positions) { _, row in remembered.remove(row.generator.diffKey) }
        }
        changing(by: .update) { selectNow(positions) }
    }
}
