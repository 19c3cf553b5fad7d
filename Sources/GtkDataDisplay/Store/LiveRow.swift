/// A row a view keeps past the operation that found it — the row a cell shows, the row a menu was
/// opened on, a row on screen before a change — read as nil once the row has ended (`Row.end()`).
///
/// It keeps a weak reference to the row's row object, not the row: a row that ends clears its
/// object's pointer back to it, and an object someone keeps this way neither serves another row (the
/// pool takes only objects nothing is attached to, and rows trade only such objects: `RowObjectOrder`)
/// nor is read once finalized. So the row is found through its object while it stands, never
/// mistaken for a later row that took its memory, and a view keeping it keeps nothing alive. This is
/// how a view will keep a row stored in its row object.
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
