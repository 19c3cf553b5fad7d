// Comparing row lists by identity, buffer by buffer, without retaining a row: what lets a
// whole-state update keep a section's list, and a batch find what it left alone.

extension RowList {
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
}
