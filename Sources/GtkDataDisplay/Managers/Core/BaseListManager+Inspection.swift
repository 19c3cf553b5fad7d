// Reading the real store back with what the manager knows of each item, for the testing kit's
// row snapshots (`GtkDataDisplayTesting.RowSnapshot`): the store says what is shown and in which
// order; the manager says each row's role, depth and section.

/// One item of the store, as the manager knows it.
@_spi(Testing)
@MainActor
public struct StoreRowInfo {
    /// The generator the item shows.
    public let generator: any RowGenerator
    /// Header, row or footer.
    public let role: RowRole
    /// Nesting level (0: a section's own row).
    public let depth: Int
    /// The index of the section the item stands in (nil: the manager does not know the item, which
    /// would be a bug: the store and the manager disagree).
    public let section: Int?
}

extension BaseListManager {
    /// Every item of the real store (its `GListModel`), in order, read back item by item, with its role,
    /// depth and section. Inside a batch the store lags the manager's sections, so read it after.
    @_spi(Testing)
    public var storeRows: [StoreRowInfo] {
        var sectionOfRow: [Row: Int] = [:]
        for (index, section) in state.enumerated() {
            if let header = section.header { sectionOfRow[header] = index }
            for row in section.rows { sectionOfRow[row] = index }
            if let footer = section.footer { sectionOfRow[footer] = index }
        }
        return (0..<store.count).compactMap { position in
            guard let row = store.row(at: position) else { return nil }
            return StoreRowInfo(generator: row.generator, role: row.role, depth: row.depth,
                                section: sectionOfRow[row])
        }
    }
}
