import CGtkDataDisplay
@_spi(Testing) import GtkDataDisplay

/// How a test names rows in snapshots and renderings: a row's text from its generator.
public typealias RowText = @MainActor (any RowGenerator) -> String

/// Something whose rows a test can read back as `RowSnapshot`s: a manager (its store), a
/// headless adapter or a real list, grid or table adapter (its store and GTK's selection model;
/// a table's text columns too).
@MainActor
public protocol RowSnapshotSource {
    /// The manager whose store is read.
    var snapshotManager: BaseListManager { get }
    /// Whether GTK's selection model holds the item at `position` selected.
    func snapshotIsSelected(position: Int) -> Bool
    /// The table columns whose texts a snapshot carries (`RowSnapshot.cells`); none outside tables.
    var snapshotColumns: [TableColumn] { get }
}

extension RowSnapshotSource {
    /// Every item of the real store as a `RowSnapshot`, in order. `text` names each row
    /// (default: `RowSnapshot.defaultText(of:)`).
    public func rows(text: RowText = RowSnapshot.defaultText(of:)) -> [RowSnapshot] {
        let manager = snapshotManager
        let columns = snapshotColumns
        return manager.storeRows.enumerated().map { position, info in
            let generator = info.generator
            return RowSnapshot(role: info.role, diffID: generator.diffID, text: text(generator),
                               depth: info.depth, section: info.section ?? -1,
                               isExpanded: (generator as? FoldableItem).map { $0.isExpanded },
                               isSelected: snapshotIsSelected(position: position),
                               cells: info.role == .row ? columns.compactMap { $0.cellText(for: generator) } : [])
        }
    }

    /// The rows as text, one `RowSnapshot.line` each, with an empty line between sections.
    public func renderRows(text: RowText = RowSnapshot.defaultText(of:)) -> String {
        RowSnapshot.render(rows(text: text))
    }
}

/// A manager reads back as rows with nothing selected.
extension BaseListManager: RowSnapshotSource {
    /// Itself.
    public var snapshotManager: BaseListManager { self }
    /// A manager alone has no selection: false.
    public func snapshotIsSelected(position: Int) -> Bool { false }
    /// A manager alone has no columns.
    public var snapshotColumns: [TableColumn] { [] }
}

extension HeadlessAdapter: RowSnapshotSource {
    /// Its manager.
    public var snapshotManager: BaseListManager { manager }
    /// What GTK's selection model says.
    public func snapshotIsSelected(position: Int) -> Bool {
        gtk_selection_model_is_selected(selectionModel.pointer, guint(position)) != 0
    }
    /// The columns it was made with (`init(manager:plugins:columns:)`), in their order.
    public var snapshotColumns: [TableColumn] { columns }
}

/// A real list or grid view reads back as rows, with its selection model's selection.
extension ListBaseAdapter: RowSnapshotSource {
    /// Its manager.
    public var snapshotManager: BaseListManager { manager }
    /// What GTK's selection model says.
    public func snapshotIsSelected(position: Int) -> Bool { isSelected(position: position) }
    /// A table's columns as the view shows them (the user may have reordered them); none for a
    /// list or grid.
    public var snapshotColumns: [TableColumn] {
        guard let table = self as? ColumnViewAdapter else { return [] }
        return table.shownColumnIDs.compactMap { table.column(id: $0) }.filter(\.isVisible)
    }
}
