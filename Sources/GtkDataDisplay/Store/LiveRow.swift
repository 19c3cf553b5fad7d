/// A row a view keeps past the operation that found it — the row a cell shows, the row a menu was
/// opened on, a row on screen before a change — read as nil once the row has ended (`Row.end()`).
///
/// A row keeps one row object for its life (`Row.item`), so this keeps a weak reference to the object:
/// a row that ends detaches its object (the object names no row any more), an object never serves
/// another row, and it is not read once finalized. So the row is found while it stands, never
/// mistaken for a later row that took its record, and a view keeping it keeps nothing alive.
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
