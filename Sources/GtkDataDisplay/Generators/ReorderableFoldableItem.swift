/// A foldable whose children the manager may reorder (`move(_:to:)` on a child row, or a user's
/// drag and Alt+arrow keys with the reordering plugin): the manager sets `children` to the new
/// order in the same step as it splices the store. `FoldableRowGenerator` is one.
@MainActor
public protocol ReorderableFoldableItem: FoldableItem {
    /// The child rows, in order; the manager sets them when it moves one.
    var children: [any RowGenerator] { get set }
}

extension FoldableRowGenerator: ReorderableFoldableItem {}
