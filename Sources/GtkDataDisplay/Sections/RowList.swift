// A section's rows in chunks. In one array, inserting or removing a row moved every row after it:
// at a million rows in a few sections that memmove was most of what `insert(_:after:)`, `move`
// and `expand` cost. Here an edit moves the rows of one chunk (at most `2 × chunkSize`) and
// shifts the chunks' start indices (one integer a chunk).
//
// A whole-state update hands its new array over as one chunk (shared, not copied); the first edit
// splits a long chunk into short ones (a copy of its rows, once). Chunks never share a buffer, so
// a row removed from the list is released at once.
//
// A row's lookup hint names its chunk (by a serial that stays with the chunk) and its offset there
// (`RowHint`, `RowListChunkIDs`): rows inserted or removed in other chunks do not move it.

/// The rows of one section, in order, chunked so that edits cost O(chunk + chunks), not O(rows).
struct RowList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral {
    typealias Element = Row
    typealias Index = Int
    typealias Indices = Range<Int>
    typealias SubSequence = Slice<RowList>

    /// Rows a chunk is split into; an edited chunk longer than twice this is split. Lists made
    /// from now on take it (tests lower it to put chunk boundaries into small lists).
    nonisolated(unsafe) static var defaultChunkSize = 1024

    // The list's storage, read and written by its own files only (RowList+Editing, +Hints, +Comparing).

    /// Never empty (the list has no chunks when it has no rows).
    var chunks: [[Row]] = []
    /// `starts[k]`: the list index of the first row of `chunks[k]`.
    var starts: [Int] = []
    /// What rows' hints (`RowHint`) name: chunk serials and origins, kept from the list's first edit
    /// on; nil while it is the one chunk it was made with (serial 0, origin 0) or none.
    var chunkIDs: RowListChunkIDs?
    var count = 0
    let chunkSize: Int

    init() { chunkSize = Self.defaultChunkSize }

    init(arrayLiteral rows: Row...) { self.init(rows) }

    /// Rows a chunk is split into at most: an edited chunk holds at most twice this, and a hint
    /// names a row's offset in it in 11 bits (`RowHint`).
    static let largestChunkSize = RowHint.offsetLimit / 2

    /// The rows of `rows`, sharing its buffer (no row is copied or retained).
    init(_ rows: [Row], chunkSize: Int = RowList.defaultChunkSize) {
        precondition(chunkSize > 0, "a chunk holds at least one row")
        precondition(chunkSize <= Self.largestChunkSize, "a chunk holds at most \(Self.largestChunkSize) rows")
        self.chunkSize = chunkSize
        guard !rows.isEmpty else { return }
        chunks = [rows]
        starts = [0]
        count = rows.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The rows as one array: shared, not copied, while the list is one chunk over a whole buffer.
    var array: [Row] {
        if chunks.count == 1 { return chunks[0] }
        var all: [Row] = []
        all.reserveCapacity(count)
        for chunk in chunks { all.append(contentsOf: chunk) }
        return all
    }

    /// Chunks of at most this many rows are left whole by an edit.
    var largestChunk: Int { 2 * chunkSize }

    /// The chunk holding list index `index` (< count) and the index's place in it.
    func locate(_ index: Int) -> (chunk: Int, offset: Int) {
        precondition(index >= 0 && index < count, "row index \(index) out of range 0..<\(count)")
        if chunks.count == 1 { return (0, index) }
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (low, index - starts[low])
    }

    subscript(position: Int) -> Row {
        get {
            let (k, offset) = locate(position)
            return chunks[k][offset]
        }
        set {
            let (k, offset) = locate(position)
            chunks[k][offset] = newValue
        }
    }

    func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// Walks the chunks in order.
    struct Iterator: IteratorProtocol {
        fileprivate let chunks: [[Row]]
        private var chunk = 0
        private var position = 0

        fileprivate init(chunks: [[Row]]) { self.chunks = chunks }

        mutating func next() -> Row? {
            while chunk < chunks.count {
                if position < chunks[chunk].count {
                    defer { position += 1 }
                    return chunks[chunk][position]
                }
                chunk += 1
                position = 0
            }
            return nil
        }
    }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Row>) throws -> R) rethrows -> R? {
        if chunks.isEmpty { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        guard chunks.count == 1 else { return nil }
        return try chunks[0].withUnsafeBufferPointer(body)
    }

    /// Calls `body` with each chunk's rows and the list index of its first row, in order, until it
    /// returns a result.
    func firstInChunks<R>(_ body: (UnsafeBufferPointer<Row>, Int) -> R?) -> R? {
        for k in chunks.indices {
            if let result = chunks[k].withUnsafeBufferPointer({ body($0, starts[k]) }) { return result }
        }
        return nil
    }

    /// The rows in `range`, copied a chunk at a time. Copying a slice (`Array(list[range])`) goes row
    /// by row through `subscript`, which finds the row's chunk anew each time: a binary search over
    /// the chunks per row once a long section has been split.
    func rows(in range: Range<Int>) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(range.count)
        appendRows(in: range, to: &rows)
        return rows
    }

    /// Appends the rows in `range` to `list`, a chunk at a time (see `rows(in:)`).
    func appendRows(in range: Range<Int>, to list: inout [Row]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of 0..<\(count)")
        guard !range.isEmpty else { return }
        var (k, offset) = locate(range.lowerBound)
        var remaining = range.count
        while remaining > 0 {
            let taken = Swift.min(remaining, chunks[k].count - offset)
            list.append(contentsOf: chunks[k][offset..<(offset + taken)])
            remaining -= taken
            k += 1
            offset = 0
        }
    }

    // MARK: Chunk serials and origins (`RowListChunkIDs`)

    func serial(ofChunk k: Int) -> Int { chunkIDs?.serials[k] ?? 0 }

    func origin(ofChunk k: Int) -> Int { chunkIDs?.origins[k] ?? 0 }

    func chunk(withSerial serial: Int) -> Int? {
        guard let chunkIDs else { return serial == 0 && !chunks.isEmpty ? 0 : nil }
        return chunkIDs.chunk(withSerial: serial)
    }

    func chunk(forPlainHint index: Int) -> Int { chunkIDs?.chunk(forPlainHint: index) ?? 0 }

    /// The chunk ids, kept from now on, this list's own (copied when a copy of the list shares them).
    mutating func uniqueChunkIDs() -> RowListChunkIDs {
        if chunkIDs == nil {
            chunkIDs = RowListChunkIDs(chunks: chunks.count)
        } else if !isKnownUniquelyReferenced(&chunkIDs) {
            chunkIDs = chunkIDs!.copy()
        }
        return chunkIDs!
    }

    /// Chunks in the list (for tests: that edits keep them short and few).
    var chunkCounts: [Int] { chunks.map(\.count) }
}
