/// One change of a list view's selection: the rows that became selected and those that stopped
/// being selected (deselected, or gone from the list), each in list order.
///
/// The counts come from the change's position sets (no row visited); the generator arrays are
/// built on first use. A change kept past its listener names the generators its rows showed when it
/// fired (it keeps the generators, not the rows).
@MainActor
public struct SelectionChange {
    var storage: Storage

    init(_ delta: SelectionDelta, manager: BaseListManager) {
        storage = Storage(delta, manager: manager)
    }

    /// The generators of the rows that became selected (O(selected) on first use).
    public var selected: [any RowGenerator] { storage.selectedGenerators }
    /// The generators of the rows that stopped being selected, or left the list while selected.
    public var deselected: [any RowGenerator] { storage.deselectedGenerators }
    /// How many rows became selected (O(1)).
    public var selectedCount: Int { storage.selectedCount }
    /// How many rows stopped being selected (O(1)).
    public var deselectedCount: Int { storage.deselectedCount }
    /// Who made the change: the user, the app's code, or a manager update (rows that left, or
    /// came back with their selection).
    public var cause: SelectionCause { storage.cause }

    /// The rows of one change: as positions in the store until someone asks for rows.
    @MainActor
    final class Storage {
        let selectedCount: Int
        let deselectedCount: Int
        let cause: SelectionCause
        private var manager: BaseListManager?
        private var selectedPositions: Bitset?
        private var deselectedPositions: Bitset?
        private var leftRows: [Row]
        private var selected: [Row]?
        private var deselected: [Row]?
        /// The rows' generators, taken on first use (or by `materialize`): a row object may show
        /// another row after a later update (`RowRecycling`), the change keeps naming its own.
        private var selectedNames: [any RowGenerator]?
        private var deselectedNames: [any RowGenerator]?

        init(_ delta: SelectionDelta, manager: BaseListManager) {
            self.manager = manager
            selectedPositions = delta.selected
            deselectedPositions = delta.deselected
            leftRows = delta.leftRows
            selectedCount = delta.selected?.count ?? 0
            cause = delta.cause
            deselectedCount = (delta.deselected?.count ?? 0) + delta.leftRows.count
        }

        /// The rows that became selected, in list order.
        var selectedRows: [Row] {
            if let selected { return selected }
            let rows = Self.rows(at: selectedPositions, in: manager)
            selected = rows
            return rows
        }

        /// The rows that stopped being selected: those that left the list, then the others, each in list order.
        var deselectedRows: [Row] {
            if let deselected { return deselected }
            let rows = leftRows + Self.rows(at: deselectedPositions, in: manager)
            deselected = rows
            return rows
        }

        /// The generators of `selectedRows`, as they were when first asked (or materialized).
        var selectedGenerators: [any RowGenerator] {
            if let selectedNames { return selectedNames }
            let names = selectedRows.map(\.generator)
            selectedNames = names
            return names
        }

        /// The generators of `deselectedRows`, as they were when first asked (or materialized).
        var deselectedGenerators: [any RowGenerator] {
            if let deselectedNames { return deselectedNames }
            let names = deselectedRows.map(\.generator)
            deselectedNames = names
            return names
        }

        /// Supplies the selected rows already looked up (the per-row events did).
        func setSelectedRows(_ rows: [Row]) { selected = rows }

        /// Looks the rows up now, while the positions still name them, takes their generators (what a
        /// kept change names from then on) and lets go of the positions and the rows: a change the app
        /// keeps does not keep rows alive after they leave their manager.
        func materialize() {
            _ = selectedGenerators
            _ = deselectedGenerators
            manager = nil
            selectedPositions = nil
            deselectedPositions = nil
            leftRows = []
            selected = []
            deselected = []
        }

        private static func rows(at positions: Bitset?, in manager: BaseListManager?) -> [Row] {
            guard let positions, let manager else { return [] }
            var rows: [Row] = []
            rows.reserveCapacity(positions.count)
            manager.forEachRow(at: positions) { rows.append($1) }
            return rows
        }
    }
}

/// What one selection change did, as the selection computed it: positions in the store as it is
/// when the change is reported, and the selected rows that left the store.
struct SelectionDelta {
    /// Positions that became selected.
    var selected: Bitset?
    /// Positions that stopped being selected (their rows are still in the store).
    var deselected: Bitset?
    /// Selected rows that left the list, in list order.
    var leftRows: [Row] = []
    /// Who made the change.
    var cause: SelectionCause = .user

    var isEmpty: Bool {
        (selected?.isEmpty ?? true) && (deselected?.isEmpty ?? true) && leftRows.isEmpty
    }
}
