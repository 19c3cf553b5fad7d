// The row objects of rows that have one: made when a row is first asked for, kept by the row until
// it ends.

import CGtkDataDisplay

/// The row object of each row that has been asked for one (`Row.item`), by row: a view asks only for
/// the rows it shows, so few rows have one. The row holds the object's first reference until it
/// ends, so a row keeps one object for its life, as GTK expects of a list model's items.
@MainActor
enum RowObjects {
    private static var objects: [RowRecord: UnsafeMutablePointer<GddRowObject>] = [:]

    /// Rows with a row object now.
    static var count: Int { objects.count }

    /// The row object of `row`, made now if it has none (the row holds its reference).
    static func object(of row: Row) -> UnsafeMutablePointer<GddRowObject> {
        if row.hasObject, let object = objects[row.record] { return object }
        let object = RowObjectType.make(for: row.record)
        objects[row.record] = object
        row.hasObject = true
        return object
    }

    /// Lets the row object of `row` (which ends) go: detached, and released by the row.
    static func detach(_ row: Row) {
        guard let object = objects.removeValue(forKey: row.record) else { return }
        RowObjectType.detach(object)
        g_object_unref(object)
    }
}
