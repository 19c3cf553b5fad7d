/// A row a view keeps past the operation that found it — the row a cell shows, the row a menu was
/// opened on, a row on screen before a change — read as nil once the row has ended (`Row.end()`).
///
/// A row is its row object (`Row` is a handle on it), so this keeps a weak reference to the object: a
/// row that ends marks its object ended, and an object someone keeps this way never serves another
/// row (the pool takes only objects nothing is attached to) and is not read once finalized. So the row
/// is found while it stands, never mistaken for a later row that took its memory, and a view keeping
/// it keeps nothing alive.
@MainActor
struct LiveRow {
    private let object: WeakObjectReference?

    /// Keeps `row` (nil: none).
    init(_ row: Row? = nil) {
        object = row.map { WeakObjectReference($0.item) }
    }

    /// The row, while it stands in its manager.
    var row: Row? {
        object?.withObject { item in item.flatMap(Row.from(item:)) }
    }
}
