import GtkDataDisplay

// Which rows a real list or grid view has realised: GTK binds the rows in and a little around
// the visible area to its recycled list items, whatever the number of rows.

/// Which rows a real list or grid view has bound now (under Xvfb).
extension ListBaseAdapter {
    /// The generators whose rows are bound to a list item now, in list order (GTK realises the
    /// rows on screen and a few around them). Unbinds GTK asked for complete when the main loop
    /// idles: let the window settle first (`WindowHost.settle()`).
    public var boundGenerators: [any RowGenerator] {
        manager.flatGenerators.filter { view(for: $0) != nil }
    }

    /// The diff ids of `boundGenerators`.
    public var boundIDs: [AnyHashable] { boundGenerators.map(\.diffID) }
}
