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

    /// Never empty (the list has no chunks when it has no rows).
    private var chunks: [[Row]] = []
    /// `starts[k]`: the list index of the first row of `chunks[k]`.
    private var starts: [Int] = []
    /// What rows' hints (`RowHint`) name: chunk serials and origins, kept from the list's first edit
    /// on; nil while it is the one chunk it was made with (serial 0, origin 0) or none.
    private var chunkIDs: RowListChunkIDs?
    private(set) var count = 0
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
    private var largestChunk: Int { 2 * chunkSize }

    /// The chunk holding list index `index` (< count) and the index's place in it.
    private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
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

    /// Records each row's place for rows `range` (`Row.sectionHint` = `section`, `Row.indexHint`
    /// its chunk and offset, see `hint(at:)`), a chunk at a time.
    @MainActor func noteLocations(in range: Range<Int>, section: UInt32) {
        guard !range.isEmpty else { return }
        var (k, offset) = locate(range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            let serial = serial(ofChunk: k)
            chunks[k].withUnsafeBufferPointer { chunk in
                let long = chunk.count > largestChunk
                while offset < chunk.count && index < range.upperBound {
                    chunk[offset].sectionHint = section
                    chunk[offset].indexHint = long ? RowHint(index: index).raw : RowHint(serial: serial, offset: offset).raw
                    offset += 1
                    index += 1
                }
            }
            k += 1
            offset = 0
        }
    }

    /// The hint for the row at `index`: its chunk's serial and its offset there — or the index, in a
    /// list of one chunk that its first edit will split (made from a whole-state update's rows, not
    /// edited since: see `splitIfLong`).
    func hint(at index: Int) -> RowHint {
        let (k, offset) = locate(index)
        if chunks[k].count > largestChunk { return RowHint(index: index) }
        return RowHint(serial: serial(ofChunk: k), offset: offset)
    }

    /// Every row's hint was just set to its index (a whole-state update kept this list): plain
    /// hints now start each chunk at its start.
    mutating func noteRowsNumbered() {
        guard chunkIDs != nil else { return }
        uniqueChunkIDs().setOrigins(toStarts: starts)
    }

    /// The index `hint` points at (clamped into the list): where a lookup looks first. A hint
    /// written since the last edit before the row points at the row.
    func hintedIndex(_ hint: RowHint) -> Int {
        let (k, offset) = hintedPlace(hint) ?? (0, 0)
        return starts[k] + offset
    }

    /// The chunk and offset `hint` points at, clamped into that chunk; nil for an empty list or a
    /// serial no chunk has.
    private func hintedPlace(_ hint: RowHint) -> (chunk: Int, offset: Int)? {
        guard count > 0 else { return nil }
        if let (serial, offset) = hint.chunk {
            guard let k = chunk(withSerial: serial) else { return nil }
            return (k, Swift.min(offset, length(ofChunk: k) - 1))
        }
        let index = hint.index!
        let k = chunk(forPlainHint: index)
        return (k, Swift.min(Swift.max(index - origin(ofChunk: k), 0), length(ofChunk: k) - 1))
    }

    /// The length of chunk `k`, from the starts (a short array read often) rather than the chunk's
    /// own buffer: where a lookup reads the row at the hinted offset does not wait for the buffer's
    /// header, so at a million rows the two cache misses overlap instead of following one another.
    private func length(ofChunk k: Int) -> Int {
        let length = (k + 1 < starts.count ? starts[k + 1] : count) - starts[k]
        assert(length == chunks[k].count, "chunk \(k): its start and length disagree")
        return length
    }

    // MARK: Chunk serials and origins (`RowListChunkIDs`)

    private func serial(ofChunk k: Int) -> Int { chunkIDs?.serials[k] ?? 0 }

    private func origin(ofChunk k: Int) -> Int { chunkIDs?.origins[k] ?? 0 }

    private func chunk(withSerial serial: Int) -> Int? {
        guard let chunkIDs else { return serial == 0 && !chunks.isEmpty ? 0 : nil }
        return chunkIDs.chunk(withSerial: serial)
    }

    private func chunk(forPlainHint index: Int) -> Int { chunkIDs?.chunk(forPlainHint: index) ?? 0 }

    /// The chunk ids, kept from now on, this list's own (copied when a copy of the list shares them).
    private mutating func uniqueChunkIDs() -> RowListChunkIDs {
        if chunkIDs == nil {
            chunkIDs = RowListChunkIDs(chunks: chunks.count)
        } else if !isKnownUniquelyReferenced(&chunkIDs) {
            chunkIDs = chunkIDs!.copy()
        }
        return chunkIDs!
    }

    /// Removes chunks `range`, their starts, serials and origins.
    private mutating func removeChunks(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let ids = uniqueChunkIDs()  // before the chunks change: made for the list as it is
        chunks.removeSubrange(range)
        starts.removeSubrange(range)
        ids.removeChunks(range)
    }

    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C) where C.Element == Row {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of 0..<\(count)")
        let inserted = newElements.count
        if count == 0 {
            guard inserted > 0 else { return }
            chunks = [Array(newElements)]
            starts = [0]
            count = inserted
            chunkIDs = nil
            splitIfLong(0)  // no row has a hint from this list yet: none is touched
            return
        }
        // Chunks the edit touches are split first, so it copies (and moves) rows of short chunks only.
        if range.lowerBound < count { splitIfLong(locate(range.lowerBound).chunk) }
        if range.upperBound > range.lowerBound, range.upperBound - 1 < count { splitIfLong(locate(range.upperBound - 1).chunk) }
        if range.lowerBound == count { splitIfLong(chunks.count - 1) }

        // The first chunk touched, and where the range starts in it (at its end for an append).
        let (first, firstOffset) = range.lowerBound == count
            ? (chunks.count - 1, chunks[chunks.count - 1].count)
            : locate(range.lowerBound)
        let chunksBefore = chunks.count
        let withinOneChunk = range.isEmpty || range.upperBound - 1 < starts[first] + chunks[first].count
        if withinOneChunk {
            chunks[first].replaceSubrange(firstOffset..<(firstOffset + range.count), with: newElements)
        } else {
            let (last, lastOffset) = locate(range.upperBound - 1)
            chunks[first].replaceSubrange(firstOffset..., with: newElements)
            chunks[last].removeSubrange(0...lastOffset)
            removeChunks((first + 1)..<last)
        }
        count += inserted - range.count
        // Drop the (at most two) chunks left empty, split one that grew long, renumber from the first
        // touched — or, when the edit stayed in one chunk that is still one chunk, shift the later
        // starts by what it added (renumbering reads the length of every later chunk, each in a buffer
        // of its own: a cache miss a chunk at a million rows, a thousand of them in one long section).
        if !withinOneChunk && first + 1 < chunks.count && chunks[first + 1].isEmpty { removeChunk(first + 1) }
        if chunks[first].isEmpty { removeChunk(first) }
        if first < chunks.count {
            splitIfLong(first, inserted: firstOffset..<(firstOffset + inserted))
            if withinOneChunk && chunks.count == chunksBefore {
                shiftStarts(after: first, by: inserted - range.count)
            } else {
                renumber(from: first)
            }
        }
    }

    /// Adds `delta` to the start of every chunk after `k` (chunk `k` changed length by `delta`).
    private mutating func shiftStarts(after k: Int, by delta: Int) {
        guard delta != 0 else { return }
        starts.withUnsafeMutableBufferPointer { starts in
            var j = k + 1
            while j < starts.count {
                starts[j] += delta
                j += 1
            }
        }
    }

    /// Removes the rows of `ranges` (ascending, not overlapping) in one pass over the chunks they
    /// touch, from the last back, renumbering once: removing many stretches one `removeSubrange` at a
    /// time renumbered every later chunk after each (10,000 rows spread over a section of a million:
    /// 10,000 × 1,000 chunks).
    mutating func removeSubranges(_ ranges: [Range<Int>]) {
        let ranges = ranges.filter { !$0.isEmpty }
        guard let first = ranges.first else { return }
        precondition(first.lowerBound >= 0 && ranges.last!.upperBound <= count, "ranges out of 0..<\(count)")
        for r in ranges.indices.dropFirst() {
            precondition(ranges[r - 1].upperBound <= ranges[r].lowerBound, "ranges ascending, not overlapping")
        }
        // Chunks before the one being edited keep their starts (the list's indices before the edit)
        // until the renumbering at the end; a chunk split first renumbers only itself and later ones.
        var r = ranges.count - 1
        var limit = count  // rows from here on are done
        var removed = 0
        var lowest = chunks.count
        // Rows removed from each chunk, from the last chunk back; whether a long chunk was split
        // (then every start after it was recomputed, and so are they all at the end).
        var removedFrom: [(chunk: Int, rows: Int)] = []
        var split = false
        while r >= 0 {
            let last = Swift.min(ranges[r].upperBound, limit) - 1
            var k = locate(last).chunk
            if chunks[k].count > largestChunk {
                splitIfLong(k)
                split = true
                k = locate(last).chunk
            }
            let start = starts[k]
            // The parts of the ranges inside this chunk, as offsets in it, from its end back.
            var parts: [Range<Int>] = []
            while r >= 0 && ranges[r].upperBound > start {
                parts.append((Swift.max(ranges[r].lowerBound, start) - start)..<(Swift.min(ranges[r].upperBound, limit) - start))
                if ranges[r].lowerBound < start { break }  // it goes on in the chunk before
                r -= 1
            }
            if parts.count == 1 {
                chunks[k].removeSubrange(parts[0])
            } else {
                var kept: [Row] = []
                kept.reserveCapacity(chunks[k].count)
                var from = 0
                for part in parts.reversed() {
                    kept.append(contentsOf: chunks[k][from..<part.lowerBound])
                    from = part.upperBound
                }
                kept.append(contentsOf: chunks[k][from...])
                chunks[k] = kept
            }
            let removedHere = parts.reduce(0) { $0 + $1.count }
            removed += removedHere
            removedFrom.append((k, removedHere))
            limit = start
            lowest = k
        }
        count -= removed
        if split {
            for j in stride(from: chunks.count - 1, through: lowest, by: -1) where chunks[j].isEmpty { removeChunk(j) }
            renumber(from: Swift.min(lowest, chunks.count))
        } else {
            // Each start moves back by the rows removed from the chunks before it (no chunk's length
            // read: see `shiftStarts`); a chunk left empty keeps the start of the one after it.
            starts.withUnsafeMutableBufferPointer { starts in
                var shift = 0
                var next = removedFrom.count - 1  // the first chunk touched
                var j = lowest
                while j < starts.count {
                    starts[j] -= shift
                    if next >= 0 && removedFrom[next].chunk == j {
                        shift += removedFrom[next].rows
                        next -= 1
                    }
                    j += 1
                }
            }
            // Only a chunk rows left can be empty (from the last back, so the indices before stay put).
            for (k, _) in removedFrom where chunks[k].isEmpty { removeChunk(k) }
        }
    }

    /// One edit for the whole sequence (the default appends row by row, renumbering each time).
    mutating func append<S: Sequence>(contentsOf rows: S) where S.Element == Row {
        let added = Array(rows)
        replaceSubrange(count..<count, with: added)
    }

    private mutating func removeChunk(_ k: Int) { removeChunks(k..<(k + 1)) }

    /// Splits `chunks[k]` into chunks of `chunkSize` rows when it is longer than twice that (the
    /// last takes a short remainder). O(rows of the chunk), once: the pieces are short.
    ///
    /// The first piece keeps the chunk's serial and origin; the others get new serials. A chunk an
    /// edit made long (`inserted`: the offsets of the rows it brought, which their caller gives hints
    /// next) gives the rows it moves into those pieces hints naming them, so no hint points at a
    /// chunk its row left (rows inserted again and again in one place would otherwise leave the rows
    /// after them ever further from their hints); the pieces' origins are then the next chunk's (no
    /// plain hint is left in them). A chunk never edited (`inserted` nil: the one a list is made
    /// with) holds plain hints that are its offsets from its origin: the pieces' origins follow, and
    /// no row is touched — the first edit after a whole-state update of a million rows splits them all.
    private mutating func splitIfLong(_ k: Int, inserted: Range<Int>? = nil) {
        guard chunks[k].count > largestChunk else { return }
        var pieceStarts: [Int] = []
        let total = chunks[k].count
        var start = 0
        while start < total {
            pieceStarts.append(start)
            start = total - start < chunkSize + chunkSize / 2 ? total : start + chunkSize
        }
        let pieces = Self.pieces(of: &chunks[k], startingAt: pieceStarts)
        let ids = uniqueChunkIDs()
        if let inserted {
            let ceiling = k + 1 < ids.origins.count ? ids.origins[k + 1] : Int.max
            let pieceSerials = ids.split(k, into: [ids.origins[k]] + repeatElement(ceiling, count: pieces.count - 1))
            for j in 1..<pieces.count {
                pieces[j].withUnsafeBufferPointer { rows in
                    let from = pieceStarts[j]
                    for offset in rows.indices where !inserted.contains(from + offset) {
                        rows[offset].indexHint = RowHint(serial: pieceSerials[j], offset: offset).raw
                    }
                }
            }
        } else {
            _ = ids.split(k, into: pieceStarts.map { ids.origins[k] + $0 })
        }
        chunks.replaceSubrange(k...k, with: pieces)
        starts.replaceSubrange(k...k, with: repeatElement(0, count: pieces.count))
        renumber(from: k)
    }

    /// The rows of `chunk` cut into pieces that start at `starts` (ascending, the first 0), leaving
    /// `chunk` empty. The rows are moved, not copied: taken from the end of a buffer this list alone
    /// holds, no row's reference count is touched. Copying them retained and then released every row
    /// of the chunk — two cache misses a row at a million rows whose objects lie all over the heap: the
    /// first edit after a whole-state update that shuffled a million rows in one section took 80–85 ms
    /// (36–47 now). A buffer shared with another array is copied once, by the first `removeLast`.
    private static func pieces(of chunk: inout [Row], startingAt starts: [Int]) -> [[Row]] {
        var rows: [Row] = []
        swap(&rows, &chunk)
        var pieces = [[Row]](repeating: [], count: starts.count)
        var end = rows.count
        for j in starts.indices.reversed() {
            let length = end - starts[j]
            pieces[j] = [Row](unsafeUninitializedCapacity: length) { buffer, initialized in
                var i = length
                while i > 0 {
                    i -= 1
                    (buffer.baseAddress! + i).initialize(to: rows.removeLast())
                }
                initialized = length
            }
            end = starts[j]
        }
        return pieces
    }

    /// Recomputes `starts` from chunk `k` on.
    private mutating func renumber(from k: Int) {
        guard k < chunks.count else { return }
        var start = k == 0 ? 0 : starts[k - 1] + chunks[k - 1].count
        for j in k..<chunks.count {
            starts[j] = start
            start += chunks[j].count
        }
    }

    /// Whether this list holds exactly `rows`, the same rows (by identity) in the same order: a plain
    /// loop over the buffers, no row retained (what lets a whole-state update keep a section's list).
    func holdsExactly(_ rows: UnsafeBufferPointer<Row>) -> Bool {
        guard rows.count == count else { return false }
        return firstInChunks { chunk, start in
            var i = 0
            while i < chunk.count {
                if chunk[i] !== rows[start + i] { return false }
                i += 1
            }
            return nil
        } ?? true
    }

    /// How many rows from the start this list and `other` hold alike (by identity). A chunk both hold
    /// at the same place — the same buffer: untouched since one list was copied from the other, as a
    /// batch's state from the state it started with — is passed whole without reading its rows.
    @MainActor func commonPrefixCount(with other: RowList) -> Int {
        var common = 0
        var mine = (chunk: 0, offset: 0), theirs = (chunk: 0, offset: 0)
        while mine.chunk < chunks.count && theirs.chunk < other.chunks.count {
            let a = chunks[mine.chunk], b = other.chunks[theirs.chunk]
            if mine.offset == 0 && theirs.offset == 0 && Self.sameBuffer(a, b) {
                common += a.count
                mine.chunk += 1
                theirs.chunk += 1
                continue
            }
            let run = Self.equalRun(a, from: mine.offset, b, from: theirs.offset, step: 1)
            common += run
            mine.offset += run
            theirs.offset += run
            if mine.offset < a.count && theirs.offset < b.count { return common }  // two rows differ
            if mine.offset == a.count { mine = (mine.chunk + 1, 0) }
            if theirs.offset == b.count { theirs = (theirs.chunk + 1, 0) }
        }
        return common
    }

    /// How many rows from the end this list and `other` hold alike (by identity), at most `limit`:
    /// `commonPrefixCount(with:)` from the other end.
    @MainActor func commonSuffixCount(with other: RowList, limit: Int) -> Int {
        var common = 0
        // Offsets count from each chunk's end: 0 is its last row.
        var mine = (chunk: chunks.count - 1, offset: 0), theirs = (chunk: other.chunks.count - 1, offset: 0)
        while common < limit && mine.chunk >= 0 && theirs.chunk >= 0 {
            let a = chunks[mine.chunk], b = other.chunks[theirs.chunk]
            if mine.offset == 0 && theirs.offset == 0 && Self.sameBuffer(a, b) && common + a.count <= limit {
                common += a.count
                mine.chunk -= 1
                theirs.chunk -= 1
                continue
            }
            let run = Swift.min(limit - common,
                                Self.equalRun(a, from: a.count - 1 - mine.offset, b, from: b.count - 1 - theirs.offset, step: -1))
            common += run
            mine.offset += run
            theirs.offset += run
            if common == limit || (mine.offset < a.count && theirs.offset < b.count) { return common }
            if mine.offset == a.count { mine = (mine.chunk - 1, 0) }
            if theirs.offset == b.count { theirs = (theirs.chunk - 1, 0) }
        }
        return common
    }

    /// Whether two chunks are one buffer.
    private static func sameBuffer(_ a: [Row], _ b: [Row]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    /// How many rows `a` and `b` hold alike stepping from `i` and `j` by `step` (1 or -1) until either
    /// ends, compared by address: no row is retained (at a million rows retaining each was most of
    /// what comparing cost).
    @MainActor private static func equalRun(_ a: [Row], from i: Int, _ b: [Row], from j: Int, step: Int) -> Int {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var run = 0
                var (p, q) = (i, j)
                while p >= 0 && p < a.count && q >= 0 && q < b.count
                        && x[p] == y[q] {
                    run += 1
                    p += step
                    q += step
                }
                return run
            }
        }
    }

    /// The index of `row` (by identity): a plain loop over each chunk's buffer.
    func index(of row: Row) -> Int? {
        firstInChunks { buffer, start in Self.firstIndex(of: row, in: buffer).map { start + $0 } }
    }

    /// The index of `row`, searched outward from where `hint` (its `Row.indexHint`) points: O(d) for
    /// a row d places from there, d at most the length of its chunk once the hint was written by this
    /// list (`noteLocations`, `hint(at:)`) or numbers the rows of a whole-state update — rows inserted
    /// or removed in other chunks do not move it. A scan of the list when the row is not there.
    func index(of row: Row, hint: RowHint) -> Int? {
        guard let (k, offset) = hintedPlace(hint) else { return index(of: row) }
        return search(row, chunk: k, offset: offset)
    }

    /// The index of `row`, searched from `offset` in chunk `k`: in that chunk both ways one step at
    /// a time (O(d) for a row d places away in it), then whole chunks, nearest first, each in a
    /// plain loop over its buffer (a chunk read straight through is several times faster a row than
    /// stepping two cursors across chunk boundaries). Nil when the row is in no chunk.
    private func search(_ row: Row, chunk k: Int, offset: Int) -> Int? {
        if let i = chunks[k].withUnsafeBufferPointer({ Self.outward(row, in: $0, from: offset) }) { return starts[k] + i }
        var after = k + 1, before = k - 1
        while after < chunks.count || before >= 0 {
            if after < chunks.count {
                if let i = chunks[after].withUnsafeBufferPointer({ Self.firstIndex(of: row, in: $0) }) { return starts[after] + i }
                after += 1
            }
            if before >= 0 {
                if let i = chunks[before].withUnsafeBufferPointer({ Self.firstIndex(of: row, in: $0) }) { return starts[before] + i }
                before -= 1
            }
        }
        return nil
    }

    /// The index of `row` in `buffer`, searched outward from `start` both ways, one step at a time.
    private static func outward(_ row: Row, in buffer: UnsafeBufferPointer<Row>, from start: Int) -> Int? {
        if buffer[start] === row { return start }
        var distance = 1
        while start - distance >= 0 || start + distance < buffer.count {
            if start + distance < buffer.count, buffer[start + distance] === row { return start + distance }
            if start - distance >= 0, buffer[start - distance] === row { return start - distance }
            distance += 1
        }
        return nil
    }

    /// The index of `row` in `buffer` (by identity), a plain loop.
    private static func firstIndex(of row: Row, in buffer: UnsafeBufferPointer<Row>) -> Int? {
        var i = 0
        while i < buffer.count {
            if buffer[i] === row { return i }
            i += 1
        }
        return nil
    }

    /// Chunks in the list (for tests: that edits keep them short and few).
    var chunkCounts: [Int] { chunks.map(\.count) }
}
