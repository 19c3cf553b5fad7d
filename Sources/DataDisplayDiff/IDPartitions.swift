// The rows of one list's middle grouped by the top bits of their ids' hashes, for the bulk matching.
// A table of a million rows is larger than the cache, and each lookup in it a miss; grouped, the old
// and new rows of one group share a table of a few thousand slots that stays in the cache, and the
// groups are written and read in order. (The same grouping that radix-partitioned hash joins use.)

/// One list's rows grouped by hash: each entry packs 32 bits of the id's hash (the bits below the
/// group bits) over the row's index.
@usableFromInline
internal struct IDPartitions {
    /// The entries, group after group, each group in list order: `hashBits << 32 | index`.
    @usableFromInline let entries: [UInt64]
    /// `starts[g]..<starts[g + 1]`: the entries of group `g`.
    @usableFromInline let starts: [Int]

    /// Row indices must stay below this to fit an entry (with the bit `IDPartitions.newRow` free).
    @inlinable static var indexLimit: Int { (1 << 31) - 1 }

    /// Set in a table slot for a row of the new list.
    @inlinable static var newRow: UInt64 { 1 << 31 }

    /// The rows `range` of `ids` in `1 << groupBits` groups, by the top `groupBits` bits of
    /// `IDTable.hash(id, seed:)`.
    @inlinable
    init<ID: Hashable>(_ ids: [ID], _ range: Range<Int>, groupBits: Int, seed: Int) {
        let groups = 1 << groupBits
        var hashes = [UInt](repeating: 0, count: range.count)
        var starts = [Int](repeating: 0, count: groups + 1)
        hashes.withUnsafeMutableBufferPointer { hashes in
            starts.withUnsafeMutableBufferPointer { starts in
                for (k, index) in range.enumerated() {
                    let hash = UInt(bitPattern: IDTable.hash(ids[index], seed: seed))
                    hashes[k] = hash
                    starts[IDPartitions.group(hash, groupBits) &+ 1] &+= 1
                }
                for g in 0..<groups { starts[g &+ 1] &+= starts[g] }
            }
        }
        var next = starts
        var entries = [UInt64](repeating: 0, count: range.count)
        entries.withUnsafeMutableBufferPointer { entries in
            next.withUnsafeMutableBufferPointer { next in
                hashes.withUnsafeBufferPointer { hashes in
                    for k in 0..<hashes.count {
                        let hash = hashes[k]
                        let g = IDPartitions.group(hash, groupBits)
                        entries[next[g]] = IDPartitions.entry(hash, groupBits, index: range.lowerBound &+ k)
                        next[g] &+= 1
                    }
                }
            }
        }
        self.entries = entries
        self.starts = starts
    }

    /// The group of a hash: its top `groupBits` bits.
    @inlinable @inline(__always)
    static func group(_ hash: UInt, _ groupBits: Int) -> Int {
        groupBits == 0 ? 0 : Int(hash >> UInt(UInt.bitWidth &- groupBits))
    }

    /// The entry of row `index` with hash `hash`: the 32 hash bits below the group's, over the index.
    @inlinable @inline(__always)
    static func entry(_ hash: UInt, _ groupBits: Int, index: Int) -> UInt64 {
        UInt64((hash << UInt(groupBits)) >> 32) << 32 | UInt64(truncatingIfNeeded: index)
    }

    /// Group bits for a middle of `rows` rows (both lists): groups of about 4,096 rows, whose table
    /// (two slots a row, 8 bytes a slot) stays within a level-2 cache.
    @inlinable
    static func groupBits(rows: Int) -> Int {
        var bits = 0
        while (rows >> bits) > 4096 && bits < 16 { bits += 1 }
        return bits
    }
}
