// Whole-state diffing: when one splice takes many kept rows out of the store and puts them back in
// a new order (a shuffle), the rows that nothing but the store holds trade row objects so that the
// objects go back in the order they lie in memory.
//
// GLib reads every object the splice adds (a type check and a reference) in the order it is given.
// In a new random order each of a million objects is a cache miss: a C program splicing a store of
// a million GObjects over itself takes 232–260 ms with the objects shuffled and 113–153 ms with them
// in memory order. Which object a row has does not matter to GTK while no list item shows it and
// nothing else holds it (the same rule `RemovedRowReuse` follows); and since the rows trade among
// themselves, every row still has exactly one object and the store the same set of objects.
//
// The rows that take part are noted in the update's pass over the new rows (each row is in cache
// there); their objects are sorted by address (a radix sort) and handed back to them in new order.

import CGtk
import DataDisplayDiff

/// The kept rows of a one-splice update that trade row objects, and the trade.
@MainActor
struct RowObjectOrder {
    /// Rows a splice must put back in a new order before trading pays: below it the objects it
    /// reads fit in the processor's cache (100k row objects are 3.2 MB).
    static let minimumMovedRows = 1 << 17

    /// The new indices (in the plan's inserted range) of the rows that take part, in order.
    private var slots: [UInt32] = []
    /// Their objects when noted, as addresses, in the same order; `trade` sorts them by address.
    private var objects: [UInt] = []
    /// The radix sort's second buffer and digit counts, allocated with the rest before the pass over
    /// the new rows: that pass frees the generators the rows give up, and malloc's first large
    /// allocation after many small frees first merges the freed chunks (a million: 170 ms).
    private var scratch: [UInt]
    private var counts = [Int](repeating: 0, count: RowObjectOrder.buckets)
    /// The plan's inserted range: only rows the one splice takes out and puts back take part.
    private let inserted: Range<Int>

    /// Nil unless `plan` is one splice that moves at least `minimumMovedRows` rows and no row is
    /// lent (`lending`) and no box view watches rows by identity.
    init?(plan: SplicePlan, lending: Bool) {
        guard plan.splices.count == 1, plan.moveCount >= Self.minimumMovedRows, !lending,
              RowChangeObservers.isEmpty else { return nil }
        inserted = plan.splices[0].inserted
        guard !Self.keepsRuns(plan.oldIndexOfNew, in: inserted) else { return nil }
        slots.reserveCapacity(inserted.count)
        objects.reserveCapacity(inserted.count)
        scratch = [UInt](repeating: 0, count: inserted.count)
    }

    /// Notes the kept `row` landing at new index `index` (from old index `oldIndex`): it takes part
    /// when the splice puts it back, no cell shows it and no view holds its old position (`pinning`:
    /// the store, when any view pins positions; see `RowStore.isPinned`).
    @inline(__always)
    mutating func note(_ row: Row, at index: Int, oldIndex: Int, pinning: RowStore?) {
        guard inserted.contains(index), !row.isBound, !(pinning?.isPinned(oldIndex) ?? false) else { return }
        slots.append(UInt32(truncatingIfNeeded: index))
        objects.append(UInt(bitPattern: row.object))
    }

    /// Hands the noted rows' objects back to them in address order (before the splice). An object
    /// something else holds too (a reference or data GTK attached) stays with its row.
    mutating func trade(in newFlat: [Row]) {
        guard slots.count > 1 else { return }
        Self.sortAddresses(&objects, scratch: &scratch, counts: &counts)
        // Objects held elsewhere too, found in address order (a sequential read): they stay put.
        var heldElsewhere = Set<UInt>()
        for address in objects where gdd_row_object_is_held_by_store_and_row(Self.object(address)) == 0 {
            heldElsewhere.insert(address)
        }
        newFlat.withUnsafeBufferPointer { rows in
            var next = 0
            for (t, slot) in slots.enumerated() {
                let row = rows[Int(slot)]
                if !heldElsewhere.isEmpty, heldElsewhere.contains(UInt(bitPattern: row.object)) { continue }
                while !heldElsewhere.isEmpty, heldElsewhere.contains(objects[next]) { next += 1 }
                let object = Self.object(objects[next])
                next += 1
                // The row `tradeAhead` ahead (rows come in random order; their slots in `rows` in ascending order).
                if t &+ Self.tradeAhead < slots.count {
                    gdd_prefetch(UnsafeRawPointer(rows.baseAddress! + Int(slots[t &+ Self.tradeAhead])).load(as: UnsafeRawPointer.self))
                }
                row.take(object: object)
            }
        }
    }

    /// Whether, in a sample of 4,096 places of `range`, most new rows follow a row that stood next to
    /// them before (a reversal, rows moved in blocks): their objects come in runs the processor reads
    /// ahead by itself, as it does for objects in memory order.
    static func keepsRuns(_ oldIndexOfNew: [Int], in range: Range<Int>) -> Bool {
        guard range.count > 1, range.upperBound <= oldIndexOfNew.count else { return false }
        let samples = Swift.min(4096, range.count - 1)
        let step = (range.count - 1) / samples
        var inRuns = 0
        for k in 0..<samples {
            let index = range.lowerBound + 1 + k * step
            let previous = oldIndexOfNew[index - 1], old = oldIndexOfNew[index]
            if previous >= 0, old >= 0, abs(old - previous) == 1 { inRuns += 1 }
        }
        return 2 * inRuns >= samples
    }

    /// How many rows ahead the trade asks for the row it will reach: a step of the trade is a few
    /// nanoseconds, a row in random order a miss to memory (and often to the page tables). At 8 a
    /// shuffle of a million rows took 370–382 ms, at 32 360–367 (`--updates-only --sizes 1M --mixes
    /// shuffle`, alternated); further ahead did no better.
    static let tradeAhead = 32

    private static let digitBits = 11
    private static let buckets = 1 << digitBits

    private static func object(_ address: UInt) -> UnsafeMutablePointer<GddRowObject> {
        UnsafeMutablePointer(bitPattern: address)!
    }

    /// Sorts addresses ascending: least significant digit first, 11 bits a pass over the span
    /// between the least and the greatest (objects are 16-byte aligned: the low 4 bits are skipped).
    /// `scratch` holds at least as many values; `counts`, `buckets` of them.
    static func sortAddresses(_ values: inout [UInt], scratch: inout [UInt], counts: inout [Int]) {
        guard values.count > 1, let low = values.min(), let high = values.max(), high > low else { return }
        precondition(scratch.count >= values.count && counts.count == buckets)
        if scratch.count > values.count { scratch.removeLast(scratch.count - values.count) }
        let shift = 4
        let span = (high - low) >> shift
        var passes = 0
        while passes * digitBits < UInt.bitWidth - span.leadingZeroBitCount { passes += 1 }
        for pass in 0..<passes {
            let digitShift = shift + pass * digitBits
            for i in counts.indices { counts[i] = 0 }
            for value in values { counts[Int(((value - low) >> digitShift) & UInt(buckets - 1))] += 1 }
            var total = 0
            for i in counts.indices { let c = counts[i]; counts[i] = total; total += c }
            for value in values {
                let digit = Int(((value - low) >> digitShift) & UInt(buckets - 1))
                scratch[counts[digit]] = value
                counts[digit] += 1
            }
            swap(&values, &scratch)
        }
    }
}
