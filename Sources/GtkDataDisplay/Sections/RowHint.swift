// Where a row was last placed in its section's rows, packed in the 32 bits of `Row.indexHint`.
//
// An index alone drifts: every row inserted or removed before a row moves it, and a lookup then
// scans as far as it drifted (after a million single inserts after random rows of a million-row
// section, the rows placed first were found tens of thousands of places from their hints). A chunk
// of a `RowList` moves as a whole, so a hint that names the chunk (by a serial number the list keeps
// for it, whatever its index among the chunks) and the row's offset in it only drifts by the edits
// inside that chunk, which holds at most `2 × chunkSize` rows.
//
// A whole-state update writes plain indices (it makes each section's rows one new chunk, or keeps
// a list whose rows it numbers again): a list keeps, for each chunk, a lower bound of the plain
// hints of its rows (`RowList` origins), so a plain hint also finds its chunk after edits.

/// A row's place in its section's `RowList`, as `Row.indexHint` holds it: a list index, or a chunk
/// (its serial in the list) and the row's offset in it.
struct RowHint: Equatable {
    /// The bits as stored in `Row.indexHint`.
    let raw: UInt32

    /// Set for a chunk and offset; clear for a list index.
    private static let chunkFlag: UInt32 = 1 << 31
    /// Bits of the offset: a chunk holds at most `2 × RowList.largestChunkSize` rows.
    private static let offsetBits: UInt32 = 11
    /// Offsets a hint can name (chunks are at most this long once edited).
    static let offsetLimit = 1 << offsetBits
    /// Serials a hint can name; a larger serial is stored modulo this, and the lookup that finds
    /// another chunk there searches on (a hint is never trusted).
    static let serialLimit = 1 << (31 - offsetBits)

    init(raw: UInt32) { self.raw = raw }

    /// A list index (a whole-state update's, or a row's in a list of one long chunk).
    init(index: Int) { raw = UInt32(truncatingIfNeeded: index) & ~Self.chunkFlag }

    /// The chunk with serial `serial`, at `offset` in it (< `offsetLimit`).
    init(serial: Int, offset: Int) {
        raw = Self.chunkFlag
            | (UInt32(truncatingIfNeeded: serial % Self.serialLimit) << Self.offsetBits)
            | UInt32(truncatingIfNeeded: offset & (Self.offsetLimit - 1))
    }

    /// The list index, when the hint is one.
    var index: Int? { raw & Self.chunkFlag == 0 ? Int(raw) : nil }

    /// The chunk's serial and the offset in it, when the hint names a chunk.
    var chunk: (serial: Int, offset: Int)? {
        guard raw & Self.chunkFlag != 0 else { return nil }
        return (Int((raw & ~Self.chunkFlag) >> Self.offsetBits), Int(raw & UInt32(Self.offsetLimit - 1)))
    }
}
