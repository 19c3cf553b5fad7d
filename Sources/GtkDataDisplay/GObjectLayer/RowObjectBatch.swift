// Row objects for many new rows, made a batch at a time and handed out in memory order. A row is
// its row object, and every pass over the rows (a whole-state update, the splice that inserts them)
// reads the objects in list order: in memory order the processor reads ahead by itself. GLib hands
// out freed slices in no particular order — after a big list went away, a new one's objects came out
// scattered, and a whole-state update of 1M rows took up to 1.6× as long — so each batch is sorted.
// A batch, not all at once: a buffer of every row's object would outlive its rows in the heap.

import CGtk

/// Hands out row objects (transfer full, no owner yet) made `size` at a time, for a pass that makes
/// many rows; inactive (every `next()` nil, the row makes its own) when the pass makes few.
struct RowObjectBatch {
    /// Row objects made at once.
    static let size = 4096

    private var made: [UnsafeMutablePointer<GddRowObject>] = []
    private var taken = 0
    /// Row objects still to make.
    private var remaining: Int

    /// A batch for a pass that makes up to `rows` rows (0: inactive).
    init(rows: Int) { remaining = rows }

    /// The next row object of the batch — spare ones (`RowObjectPool`) first, taken a batch at a
    /// time, then new ones — or nil when the batch is inactive or used up (the row then takes a
    /// spare or makes its object itself).
    mutating func next() -> UnsafeMutablePointer<GddRowObject>? {
        if taken == made.count {
            guard remaining > 0 else { return nil }
            let count = Swift.min(Self.size, remaining)
            remaining -= count
            made.removeAll(keepingCapacity: true)
            RowObjectPool.take(upTo: count, into: &made)
            while made.count < count { made.append(RowObjectType.make()) }
            made.sort()
            taken = 0
        }
        defer { taken += 1 }
        return made[taken]
    }

    /// Releases the objects made and not handed out (rows that kept or borrowed one).
    mutating func releaseUnused() {
        for object in made[taken...] { RowObjectPool.recycle(object) }
        made = []
        taken = 0
        remaining = 0
    }
}
