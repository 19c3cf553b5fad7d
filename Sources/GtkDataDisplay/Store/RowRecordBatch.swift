// Records for many new rows, handed out in memory order. A row is its record, and every pass over the
// rows (a whole-state update, the splice that inserts them) reads the records in list order: in
// memory order the processor reads ahead by itself. The free list hands records back in the order
// they were freed, and a list that went away after a shuffle freed them in random order: a new list
// of 1M rows made from them (GLib slices, then) took 2.5× as long for a whole-state update that
// changes nothing (133 ms against 53). So a pass that makes many rows looks at its first batch of
// records: in address order (fresh slabs'), the records are taken a batch at a time as the pass goes,
// each batch still in cache when its rows take it; otherwise every record is taken first and sorted
// by address (in mapped memory: a heap buffer of every row's record would leave a hole among the
// rows). A pass that makes fewer sorts each batch it takes.

import CGtkDataDisplay
import Glibc

/// Hands out records (taken, no row yet) in memory order for a pass that makes many rows; inactive
/// (every `next()` nil, the row takes its own) when the pass makes few.
@MainActor
struct RowRecordBatch {
    /// Records taken at once by a pass below `wholeOrderRows`.
    static let size = 4096
    /// Passes that make at least this many rows, when records come out of address order, take and
    /// sort all their records at once.
    static let wholeOrderRows = 1 << 16

    private var made: [RowRecord] = []
    private var taken = 0
    /// Records still to take.
    private var remaining: Int
    /// Every record of a large pass, sorted by address, in mapped memory (`wholeOrderRows`).
    private var ordered: MappedAddresses?

    /// A batch for a pass that makes up to `rows` rows (0: inactive).
    init(rows: Int) {
        remaining = rows
        guard rows >= Self.wholeOrderRows else { return }
        // The first batch shows how the records come.
        let inOrder = makeBatch()
        guard !inOrder, let addresses = MappedAddresses(count: rows) else { return }
        for (i, record) in made.enumerated() { addresses.values[i] = UInt(bitPattern: record) }
        for i in made.count..<rows { addresses.values[i] = UInt(bitPattern: RowRecords.take()) }
        addresses.sort()   // without memory for its second buffer, the records go out as they came
        ordered = addresses
        made = []
        remaining = 0
    }

    /// The next record of the batch, each batch in memory order, or nil when the batch is inactive or
    /// used up (the row then takes its record itself).
    mutating func next() -> RowRecord? {
        if let ordered {
            guard taken < ordered.values.count else { return nil }
            defer { taken += 1 }
            return UnsafeMutablePointer(bitPattern: ordered.values[taken])
        }
        if taken == made.count {
            guard remaining > 0 else { return nil }
            makeBatch()
        }
        defer { taken += 1 }
        return made[taken]
    }

    /// Takes the next batch, sorted by address; returns whether it came in address order, or nearly
    /// (fresh slabs': a new slab is not always above the last one).
    @discardableResult
    private mutating func makeBatch() -> Bool {
        let count = Swift.min(Self.size, remaining)
        remaining -= count
        made.removeAll(keepingCapacity: true)
        for _ in 0..<count { made.append(RowRecords.take()) }
        taken = 0
        var descents = 0
        for i in made.indices.dropFirst() where made[i] < made[i - 1] { descents += 1 }
        if descents > 0 { made.sort() }
        return descents <= made.count / 64
    }

    /// Gives back the records taken and not handed out (rows that kept or borrowed one).
    mutating func releaseUnused() {
        if let ordered {
            for i in taken..<ordered.values.count {
                RowRecords.giveBack(RowRecord(bitPattern: ordered.values[i])!)
            }
            ordered.unmap()
            self.ordered = nil
        } else {
            for record in made[taken...] { RowRecords.giveBack(record) }
        }
        made = []
        taken = 0
        remaining = 0
    }
}

/// Record addresses in memory mapped from the system, and their sort.
private struct MappedAddresses {
    let values: UnsafeMutableBufferPointer<UInt>

    init?(count: Int) {
        guard let values = Self.map(count) else { return nil }
        self.values = values
    }

    func unmap() { Self.unmap(values) }

    /// Sorts the addresses ascending: least significant digit first, 11 bits a pass over the span
    /// between the least and the greatest (records are 8-byte aligned: the low 3 bits are skipped).
    /// Leaves them as they are when no memory could be mapped for the second buffer.
    func sort() {
        guard values.count > 1, let low = values.min(), let high = values.max(), high > low,
              !Self.ascending(values), let scratch = Self.map(values.count) else { return }
        defer { Self.unmap(scratch) }
        let digitBits = 11, buckets = 1 << 11, shift = 3
        let span = (high - low) >> UInt(shift)
        var passes = 0
        while passes * digitBits < UInt.bitWidth - span.leadingZeroBitCount { passes += 1 }
        var counts = [Int](repeating: 0, count: buckets)
        var from = values, to = scratch
        for pass in 0..<passes {
            let digitShift = UInt(shift + pass * digitBits)
            for i in counts.indices { counts[i] = 0 }
            for value in from { counts[Int(((value - low) >> digitShift) & UInt(buckets - 1))] += 1 }
            var total = 0
            for i in counts.indices { let c = counts[i]; counts[i] = total; total += c }
            for value in from {
                let digit = Int(((value - low) >> digitShift) & UInt(buckets - 1))
                to[counts[digit]] = value
                counts[digit] += 1
            }
            swap(&from, &to)
        }
        if from.baseAddress != values.baseAddress { _ = values.update(fromContentsOf: from) }
    }

    /// Whether `values` are in ascending order already (records of fresh slabs are): then no
    /// second buffer is mapped, and no page of it faulted in.
    private static func ascending(_ values: UnsafeMutableBufferPointer<UInt>) -> Bool {
        for i in 1..<values.count where values[i] < values[i - 1] { return false }
        return true
    }

    private static func map(_ count: Int) -> UnsafeMutableBufferPointer<UInt>? {
        let bytes = count * MemoryLayout<UInt>.stride
        guard let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              address != MAP_FAILED else { return nil }
        return UnsafeMutableBufferPointer(start: address.bindMemory(to: UInt.self, capacity: count), count: count)
    }

    private static func unmap(_ buffer: UnsafeMutableBufferPointer<UInt>) {
        munmap(UnsafeMutableRawPointer(buffer.baseAddress!), buffer.count * MemoryLayout<UInt>.stride)
    }
}
