// The list view side of a row: what the manager asks of the list item cell showing a row, so the
// manager layer never names a view type. Each does nothing when no list item shows the row.

extension Row {
    /// Whether a list item currently shows this row.
    var isBound: Bool { mayHaveCell && cell != nil }

    /// The content this row shows changed (an update, or a generator with other content): the list
    /// item showing it rebinds at its next `rebindIfStale`, and row observers (a box view) hear of it
    /// now. Rows no view shows pay one flag check: nothing is kept per row for it.
    func contentChanged() {
        if mayHaveCell { cell?.contentChanged(of: self) }
        if !RowChangeObservers.isEmpty { RowChangeObservers.contentChanged(self) }
    }

    /// Rebinds the showing list item in place when the row's content (or generator) changed since it was bound.
    func rebindIfStale() {
        cell?.refreshIfStale()
    }

    /// The row was handed from `previous` to a new generator with equal content: the shown view
    /// stays and the new generator adopts it.
    func handViewOver(from previous: any RowGenerator) {
        cell?.adoptGenerator(of: self, from: previous)
    }

    /// Redraws the showing list item's expander after the row's fold state may have changed.
    func foldStateChanged() {
        cell?.foldStateChanged()
    }
}
