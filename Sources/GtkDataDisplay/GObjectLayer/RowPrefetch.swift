import CGtkDataDisplay

/// Rows fetched ahead of a pass that visits them in random order.
///
/// A whole-state update walks the new rows in order and reaches each one's old `Row` through
/// `oldIndexOfNew`: after a shuffle that is a cache miss a row (the slot of the old flat list, the
/// row, then its generator), one after the other. Asking for them a few rows ahead overlaps the
/// misses: the slot 16 rows ahead, the row 8 ahead (its slot is in cache by then), and the row's
/// generator 4 ahead (read where the row keeps it). The rows an update removes are scattered through
/// the old list in the same way, when it looks for those a new row can take (`RemovedRowReuse`) and
/// when it hands them out. Only hints: a wrong address costs a wasted fetch, never a fault, and nothing
/// read here is used for anything but the hint.
enum RowPrefetch {
    /// Moved rows from which a pass fetches ahead: below it the rows a pass visits out of order fit
    /// in the cache, or are too few for the hints to pay for themselves.
    static let movedRows = 4096

    /// Where a row's record keeps its generator's instance (`Row.generatorOffset`; checked by a test).
    static let generatorOffset = Row.generatorOffset

    /// Hints for the row `index` + 16 of a pass over `rows` that reads only rows not `kept` (the rows an
    /// update removes, scattered through the old list).
    @inline(__always)
    static func ahead(of index: Int, rows: UnsafeBufferPointer<Row>, skipping kept: UnsafeBufferPointer<Bool>) {
        guard index &+ 16 < rows.count, !kept[index &+ 16] else { return }
        fetchRow(rows, index &+ 16)
    }

    /// Hints for the rows a stack (`rows`, taken from the end) hands out after its top: the row 8
    /// below the top and the generator of the row 4 below, which taking a new generator releases.
    @inline(__always)
    static func ahead(ofTop rows: UnsafeBufferPointer<Row>) {
        if rows.count > 8 { fetchRow(rows, rows.count &- 9) }
        if rows.count > 4 { fetchGenerator(rows, rows.count &- 5) }
    }

    /// `ahead(ofTop:)` for a stack kept in an array, its buffer borrowed here: a closure that borrows
    /// it in a caller on the main actor is isolated there, and checks the executor on every call.
    static func ahead(ofTop rows: [Row]) {
        rows.withUnsafeBufferPointer { ahead(ofTop: $0) }
    }

    /// Hints for the rows `index` + 4, 8 and 16 of a pass over `oldIndexOfNew` into `rows`.
    @inline(__always)
    static func ahead(of index: Int, rows: UnsafeBufferPointer<Row>, oldIndexOfNew: UnsafeBufferPointer<Int>) {
        let count = oldIndexOfNew.count
        if index &+ 16 < count, case let old = oldIndexOfNew[index &+ 16], old >= 0, let base = rows.baseAddress {
            gdd_prefetch(base + old)
        }
        if index &+ 8 < count, case let old = oldIndexOfNew[index &+ 8], old >= 0 { fetchRow(rows, old) }
        if index &+ 4 < count, case let old = oldIndexOfNew[index &+ 4], old >= 0 { fetchGenerator(rows, old) }
    }

    /// The record of `rows[index]`, as an address.
    @inline(__always)
    private static func record(_ rows: UnsafeBufferPointer<Row>, _ index: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(rows[index].record)
    }

    /// Hints for the row `rows[index]`: its record, 24 bytes (in one cache line, or two when it
    /// straddles a line).
    @inline(__always)
    private static func fetchRow(_ rows: UnsafeBufferPointer<Row>, _ index: Int) {
        gdd_prefetch(record(rows, index))
    }

    /// Hints for the generator of `rows[index]` (whose row is in cache by then).
    @inline(__always)
    private static func fetchGenerator(_ rows: UnsafeBufferPointer<Row>, _ index: Int) {
        gdd_prefetch(record(rows, index).load(fromByteOffset: generatorOffset, as: UnsafeRawPointer?.self))
    }
}
