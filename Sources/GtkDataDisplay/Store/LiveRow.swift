/// A row a view keeps past the operation that found it — the row a cell shows, the row a menu was
/// opened on, a row on screen before a change — read as nil once the row has ended (`Row.end()`),
/// whatever else still holds it: a row that left its manager is gone for the view, even while an
/// event or a selection change the app kept holds it.
///
/// Weak today (ARC keeps a row alive while anything holds it). When rows lose their Swift objects
/// (their fields in their row objects), this holds a reference on the row object instead, so that
/// the object cannot serve a new row while it is held.
struct LiveRow {
    private weak var held: Row?

    /// Keeps `row` (nil: none).
    init(_ row: Row? = nil) { held = row }

    /// The row, while it stands in its manager.
    var row: Row? {
        guard let held, !held.isEnded else { return nil }
        return held
    }

    /// The row even after it ended, for clean-up that must reach it (a cell's entry beside the rows).
    var rowEvenIfEnded: Row? { held }
}
