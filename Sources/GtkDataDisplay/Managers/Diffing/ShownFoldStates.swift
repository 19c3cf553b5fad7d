// Whole-state diffing: fold states new foldables inherit from the rows they replace.

/// The fold states a manager shows, by row key, for a whole-state update: a new foldable that did
/// not choose its state takes the one of the row it replaces (same role, depth and diff id).
/// The table is built on first use, so a state whose foldables all chose costs nothing.
@MainActor
final class ShownFoldStates {
    private let rows: [Row]
    private var byKey: [RowKey: Bool]?

    init(_ rows: [Row]) {
        self.rows = rows
    }

    /// Gives `foldable`, standing at `depth`, the shown state of its diff id unless it chose one.
    func inherit(_ foldable: any FoldableItem, depth: Int) {
        guard !foldable.hasExplicitExpansion else { return }
        if byKey == nil {
            var table: [RowKey: Bool] = [:]
            for row in rows where row.role == .row {
                if let shown = row.generator as? FoldableItem {
                    table[RowKey(role: .row, depth: row.depth, id: shown.diffKey)] = shown.isExpanded
                }
            }
            byKey = table
        }
        if let expanded = byKey?[RowKey(role: .row, depth: depth, id: foldable.diffKey)] {
            foldable.isExpanded = expanded
        }
    }
}
