/// A row that knows its height: the list view asks GTK for at least `rowHeight` pixels for it
/// (`gtk_widget_set_size_request` on the row's container at bind), so GTK need not measure a
/// row of this kind before it is shown. A section controller's `heightHint(for:)` comes first.
@MainActor
public protocol FixedHeightRow: RowGenerator {
    /// The row's height in pixels.
    var rowHeight: Int { get }
}

/// A row view whose rows all have one height: `BaseRowGenerator`s of it are `FixedHeightRow`s.
@MainActor
public protocol FixedHeightRowView: ConfigurableRowView {
    /// The height in pixels of every row showing this view.
    static var rowHeight: Int { get }
}

extension BaseRowGenerator: FixedHeightRow where View: FixedHeightRowView {
    public var rowHeight: Int { View.rowHeight }
}

extension Row {
    /// The height this row asks for: its section controller's hint, else its generator's
    /// `rowHeight` (nil: its natural height).
    var heightHint: Int? {
        if let hint = sectionController?.heightHint(for: generator) { return hint }
        return (generator as? any FixedHeightRow)?.rowHeight
    }
}
