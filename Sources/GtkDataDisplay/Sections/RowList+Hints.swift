// A row list's lookup hints: where each row stands, recorded in its row (`Row.sectionHint`,
// `Row.indexHint`) as its chunk's serial and its offset there (`RowHint`), and the searches that
// start from a hint.

extension RowList {
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
}
