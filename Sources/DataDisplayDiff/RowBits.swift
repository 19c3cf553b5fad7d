// One bit per row of a list's middle: set once the row is matched. The matching skips matched rows a
// word (64 rows) at a time and marks a whole run with a few word writes, where an array of indices
// would cost a write and a read per row (and 64 times the memory).

/// A fixed-size set of row offsets `0..<count`, as bits.
@usableFromInline
internal struct RowBits {
    @usableFromInline var words: [UInt64]

    /// All `count` bits clear.
    @inlinable
    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) >> 6)
    }

    /// Whether `offset`'s bit is set.
    @inlinable @inline(__always)
    func contains(_ offset: Int) -> Bool {
        words[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }

    /// Sets `offset`'s bit.
    @inlinable @inline(__always)
    mutating func insert(_ offset: Int) {
        words[offset >> 6] |= 1 << UInt64(offset & 63)
    }

    /// Sets the bits of `range`.
    @inlinable @inline(__always)
    mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = range.lowerBound >> 6, last = (range.upperBound - 1) >> 6
        let lowMask = UInt64.max << UInt64(range.lowerBound & 63)
        let highMask = UInt64.max >> UInt64(63 - ((range.upperBound - 1) & 63))
        if first == last {
            words[first] |= lowMask & highMask
            return
        }
        insertWords(first: first, last: last, lowMask: lowMask, highMask: highMask)
    }

    /// The part of `insert` for a range over several words.
    @inlinable
    mutating func insertWords(first: Int, last: Int, lowMask: UInt64, highMask: UInt64) {
        words[first] |= lowMask
        var word = first + 1
        while word < last {
            words[word] = .max
            word += 1
        }
        words[last] |= highMask
    }

    /// The first offset in `from..<end` whose bit is clear, or `end`. `end` ≤ the set's count.
    @inlinable @inline(__always)
    func firstClear(from start: Int, below end: Int) -> Int {
        firstMatching(from: start, below: end, flip: .max)
    }

    /// The first offset in `from..<end` whose bit is set, or `end`. `end` ≤ the set's count.
    @inlinable
    func firstSet(from start: Int, below end: Int) -> Int {
        firstMatching(from: start, below: end, flip: 0)
    }

    /// The first offset in `start..<end` whose bit, xor-ed with `flip`'s, is set, or `end`.
    @inlinable @inline(__always)
    func firstMatching(from start: Int, below end: Int, flip: UInt64) -> Int {
        guard start < end else { return end }
        var word = start >> 6
        var bits = (words[word] ^ flip) & (UInt64.max << UInt64(start & 63))
        while bits == 0 {
            word += 1
            if word << 6 >= end { return end }
            bits = words[word] ^ flip
        }
        return Swift.min((word << 6) + bits.trailingZeroBitCount, end)
    }
}
