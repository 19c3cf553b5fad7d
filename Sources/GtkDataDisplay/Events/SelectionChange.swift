/// One change of a list view's selection: the rows that became selected and those that stopped
/// being selected (deselected, or gone from the list), each in list order.
@MainActor
public struct SelectionChange {
    let selectedRows: [Row]
    let deselectedRows: [Row]

    /// The generators of the rows that became selected.
    public var selected: [any RowGenerator] { selectedRows.map(\.generator) }
    /// The generators of the rows that stopped being selected, or left the list while selected.
    public var deselected: [any RowGenerator] { deselectedRows.map(\.generator) }
    /// How many rows became selected (O(1)).
    public var selectedCount: Int { selectedRows.count }
    /// How many rows stopped being selected (O(1)).
    public var deselectedCount: Int { deselectedRows.count }
}
