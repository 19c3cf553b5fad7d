import CGtkDataDisplay

/// Which rows have a sibling that can fold: a row at the same depth under the same parent (at
/// depth 0: in the same section) that is a `FoldableItem`. With folding on, only those rows keep
/// the expander's space, so a leaf lines up with its foldable siblings' titles while the rows of a
/// group where nothing folds sit where their header does (GtkTreeExpander's `indent-for-icon`,
/// decided per group of siblings).
///
/// One pass over the manager's rows answers for every row, kept until the store changes, so a bind
/// costs one set lookup. After a change the pass runs again on the next lookup, but not while the
/// manager is still splicing (an update of many splices would run it per splice): a cell bound then
/// keeps its space until every bound cell redraws its expander once, before the next frame, which
/// also reaches kept rows that gained or lost a foldable sibling.
@MainActor
final class SiblingFolding {
    /// Held strongly: the store must outlive the handler disconnected in `deinit`.
    private let manager: BaseListManager
    private var rowsWithFoldableSibling: Set<Row> = []
    private var isStale = true
    private var redrawScheduled = false
    private var cells: [WeakCellReference] = []
    private var handler: UInt = 0

    init(manager: BaseListManager) {
        self.manager = manager
        handler = Signal.connect(UnsafeMutableRawPointer(manager.store.listModel), "items-changed",
                                 itemsChanged: { [weak self] _, _, _ in self?.rowsChanged() })
        // Rows shown in place change generator, depth and siblings without a splice.
        manager.store.didShowInPlace.addListener(key: ObjectIdentifier(self)) { [weak self] in self?.rowsChanged() }
    }

    isolated deinit {
        Signal.disconnect(UnsafeMutableRawPointer(manager.store.listModel), handler)
        manager.store.didShowInPlace.removeListener(key: ObjectIdentifier(self))
    }

    /// A cell to redraw after changes (for as long as it lives).
    func register(_ cell: Cell) {
        cells.append(WeakCellReference(cell))
    }

    /// Rows came, went or changed generator without a splice: answer anew and redraw bound cells.
    func rowsChanged() {
        isStale = true
        guard !redrawScheduled else { return }
        redrawScheduled = true
        Idle.once { [weak self] in self?.redraw() }
    }

    /// Whether a sibling of `row` can fold; nil while the answer is being renewed.
    func hasFoldableSibling(_ row: Row) -> Bool? {
        if isStale {
            guard !manager.isApplying else { return nil }
            rebuild()
        }
        return rowsWithFoldableSibling.contains(row)
    }

    private func redraw() {
        redrawScheduled = false
        cells.removeAll { $0.cell == nil }
        for entry in cells { entry.cell?.foldStateChanged() }
    }

    /// One pass per section: each row joins the group of siblings open at its depth (a deeper row
    /// opens a group under the row before it; a shallower one closes the deeper groups).
    private func rebuild() {
        var result = Set<Row>()
        var groupOfRow: [Int] = []
        var groupFolds: [Bool] = []
        var open: [Int] = []
        for section in manager.state {
            groupOfRow.removeAll(keepingCapacity: true)
            groupFolds.removeAll(keepingCapacity: true)
            open.removeAll(keepingCapacity: true)
            for row in section.rows {
                let depth = row.depth
                if depth < open.count { open.removeLast(open.count - depth - 1) }
                while open.count <= depth {
                    open.append(groupFolds.count)
                    groupFolds.append(false)
                }
                let group = open[depth]
                groupOfRow.append(group)
                if row.generator is FoldableItem { groupFolds[group] = true }
            }
            for (index, row) in section.rows.enumerated() where groupFolds[groupOfRow[index]] {
                result.insert(row)
            }
        }
        rowsWithFoldableSibling = result
        isStale = false
    }
}

@MainActor
private final class WeakCellReference {
    weak var cell: Cell?
    init(_ cell: Cell) { self.cell = cell }
}
