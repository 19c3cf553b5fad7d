/// What a `RowList`'s rows' hints (`RowHint`) name, beside its chunks: each chunk's serial and
/// origin, and which chunk has which serial. One object, shared by copies of a list until one of
/// them is edited (`RowList` copies it first): a batch snapshots every section, and four arrays in
/// the list made each copy of a section retain and release four buffers more.
final class RowListChunkIDs {
    /// `serials[k]`: the serial of chunk `k`, which hints name; it stays with the chunk while chunks
    /// before it come and go (a split gives the pieces after the first new serials).
    private(set) var serials: [Int]
    /// `origins[k]`: no more than the plain-index hint (`RowHint(index:)`) of any row in chunk `k`,
    /// and more than that of any row in the chunks before it — so the chunk of a row with a plain
    /// hint `h` is the last whose origin is at most `h`. Rows inserted are given chunk hints, and
    /// removing rows keeps both bounds; a split gives the pieces origins that keep them.
    private(set) var origins: [Int]
    /// `chunkOfSerial[serial]`: the chunk with that serial, or -1 (the serial is then free).
    private var chunkOfSerial: [Int32]
    private var freeSerials: [Int] = []

    /// For a list of `chunks` chunks (0 or 1) never edited: chunk 0 has serial 0 and origin 0.
    init(chunks: Int) {
        precondition(chunks <= 1, "a list is made of one chunk at most")
        serials = chunks == 0 ? [] : [0]
        origins = serials
        chunkOfSerial = chunks == 0 ? [] : [0]
    }

    private init(copying other: RowListChunkIDs) {
        serials = other.serials
        origins = other.origins
        chunkOfSerial = other.chunkOfSerial
        freeSerials = other.freeSerials
    }

    func copy() -> RowListChunkIDs { RowListChunkIDs(copying: self) }

    /// The chunk with serial `serial`, if one has it.
    func chunk(withSerial serial: Int) -> Int? {
        guard serial < chunkOfSerial.count else { return nil }
        let k = Int(chunkOfSerial[serial])
        return k >= 0 ? k : nil
    }

    /// The last chunk whose origin is at most `index` (the first when none is).
    func chunk(forPlainHint index: Int) -> Int {
        origins.withUnsafeBufferPointer { origins in
            guard origins.count > 1 else { return 0 }
            var low = 0, high = origins.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if origins[middle] <= index { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// Every plain hint is now its row's index: chunk `k`'s origin is its start.
    func setOrigins(toStarts starts: [Int]) {
        precondition(starts.count == serials.count, "a start for every chunk")
        origins = starts
    }

    /// Chunk `k` split into pieces: the first keeps its serial, the others take new ones (returned).
    func split(_ k: Int, into pieceOrigins: [Int]) -> [Int] {
        var pieceSerials = [serials[k]]
        for _ in 1..<pieceOrigins.count { pieceSerials.append(takeSerial()) }
        serials.replaceSubrange(k...k, with: pieceSerials)
        origins.replaceSubrange(k...k, with: pieceOrigins)
        remap(from: k)
        return pieceSerials
    }

    /// Chunks `range` removed: their serials become free.
    func removeChunks(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        for j in range {
            chunkOfSerial[serials[j]] = -1
            freeSerials.append(serials[j])
        }
        serials.removeSubrange(range)
        origins.removeSubrange(range)
        remap(from: range.lowerBound)
    }

    private func takeSerial() -> Int {
        if let serial = freeSerials.popLast() { return serial }
        chunkOfSerial.append(-1)
        return chunkOfSerial.count - 1
    }

    /// Points the serials of chunks `k...` at their chunks again (chunks were added or removed before).
    private func remap(from k: Int) {
        guard k < serials.count else { return }
        serials.withUnsafeBufferPointer { serials in
            chunkOfSerial.withUnsafeMutableBufferPointer { map in
                for j in k..<serials.count { map[serials[j]] = Int32(truncatingIfNeeded: j) }
            }
        }
    }
}
