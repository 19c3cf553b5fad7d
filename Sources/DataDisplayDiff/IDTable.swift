// A flat open-addressed table from ids to rows of either list, for the rows the matching has to hash.
// One `Int` per slot: the high bits of the id's hash value, then the row (its index and its list).
// The id itself is not stored: a slot whose hash bits agree is confirmed by comparing the row's id in
// its list. Linear probing, at most half full, grown by doubling; growing re-places slots from their
// stored hash bits, without hashing any id again.

/// Rows of the old and new lists, keyed by id, for one diff.
@usableFromInline
internal struct IDTable {
    /// 0 = empty; otherwise `hashBits & ~payloadMask | (payload + 1)`, payload = `index << 1 | side`.
    @usableFromInline var slots: [Int]
    /// `slots.count - 1` (a power of two minus one).
    @usableFromInline var mask: Int
    /// log2(slots.count): a slot's home is the top `capacityBits` bits of its hash.
    @usableFromInline var capacityBits: Int
    /// Rows stored.
    @usableFromInline var count: Int
    /// The low bits of a slot that hold the row.
    @usableFromInline var payloadMask: Int
    /// Bits of the row part; the hash bits above it place slots of tables up to 2^(64 - payloadBits).
    @usableFromInline var payloadBits: Int
    /// Rows that may end up stored when the change is large: once a sixteenth of them are, the table
    /// grows to hold them all at once instead of doubling its way there.
    @usableFromInline var largeCount: Int

    /// A row found in the table.
    @usableFromInline
    internal struct Row {
        @usableFromInline var index: Int
        @usableFromInline var isNew: Bool
        @inlinable init(index: Int, isNew: Bool) { self.index = index; self.isNew = isNew }
    }

    /// A table for rows whose indices are below `indexLimit`, sized for `expected` rows to begin with
    /// and for `largeCount` once it holds a sixteenth of that.
    @inlinable
    init(indexLimit: Int, expected: Int, largeCount: Int) {
        self.largeCount = largeCount
        let largestPayload = ((indexLimit << 1) | 1) + 1
        payloadBits = Int.bitWidth - largestPayload.leadingZeroBitCount
        payloadMask = (1 << payloadBits) - 1
        capacityBits = 4
        while (1 << capacityBits) < 2 * expected { capacityBits += 1 }
        slots = [Int](repeating: 0, count: 1 << capacityBits)
        mask = slots.count - 1
        count = 0
    }

    /// A seed for `hash`, drawn once per process (so no input can be made to collide on purpose
    /// more than with `Hasher`, whose seed is per process too).
    @usableFromInline static let hashSeed = Int.random(in: Int.min...Int.max)

    /// The hash a table places `id` by: an `Int` mixed with `seed` by SplitMix64's finalizer (one
    /// word through `Hasher`'s SipHash cost more than the rest of a lookup), any other id its
    /// `hashValue`. Only the table's layout depends on it, never which rows match.
    @inlinable @inline(__always)
    static func hash<ID: Hashable>(_ id: ID, seed: Int) -> Int {
        guard ID.self == Int.self else { return id.hashValue }
        var x = UInt64(bitPattern: Int64((id as! Int) ^ seed))  // a no-op cast once specialised for `Int`
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(bitPattern: UInt(x ^ (x >> 31)))
    }

    /// The home slot of a hash value.
    @inlinable @inline(__always)
    func home(_ hash: Int) -> Int {
        Int(UInt(bitPattern: hash) >> UInt(Int.bitWidth - capacityBits))
    }

    /// The row with an id equal to `id` (hash value `hash`); if none, stores `id`'s own row
    /// (`index`, `isNew`) and returns nil. `old` and `new` are the lists the rows index (arrays, or
    /// their buffers: an id read from a buffer is not retained and released).
    @inlinable @inline(__always)
    mutating func findOrInsert<ID: Hashable, Rows: RandomAccessCollection<ID>>(
        _ id: ID, hash: Int, index: Int, isNew: Bool, old: Rows, new: Rows
    ) -> Row? where Rows.Index == Int {
        if 2 * (count + 1) > slots.count { grow(old: old, new: new) }
        return findOrPlace(hash: hash, index: index, isNew: isNew) { rowIndex, rowIsNew in
            (rowIsNew ? new[rowIndex] : old[rowIndex]) == id
        }
    }

    /// `findOrInsert` for the id of row `index` of `old` or `new` (`isNew`), compared where it lies:
    /// an id bound to a local is a copy (a string id retained, its storage touched), one compared in
    /// a buffer is not.
    @inlinable @inline(__always)
    mutating func findOrInsert<ID: Hashable>(rowAt index: Int, isNew: Bool, hash: Int,
                                             old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) -> Row? {
        if 2 * (count + 1) > slots.count { grow(old: old, new: new) }
        let looked = isNew ? new.baseAddress! + index : old.baseAddress! + index
        return findOrPlace(hash: hash, index: index, isNew: isNew) { rowIndex, rowIsNew in
            (rowIsNew ? new.baseAddress! + rowIndex : old.baseAddress! + rowIndex).pointee == looked.pointee
        }
    }

    /// The stored row for which `isEqual(rowIndex, rowIsNew)` holds among those whose hash bits
    /// agree with `hash`; if none, stores row `index` (`isNew`) and returns nil. The table has room.
    @inlinable @inline(__always)
    mutating func findOrPlace(hash: Int, index: Int, isNew: Bool,
                              isEqual: (_ rowIndex: Int, _ rowIsNew: Bool) -> Bool) -> Row? {
        let tag = hash & ~payloadMask
        var slot = home(hash)
        while true {
            let entry = slots[slot]
            if entry == 0 {
                slots[slot] = tag | ((index << 1 | (isNew ? 1 : 0)) + 1)
                count += 1
                return nil
            }
            if entry & ~payloadMask == tag {
                let payload = (entry & payloadMask) - 1
                let rowIndex = payload >> 1, rowIsNew = payload & 1 == 1
                if isEqual(rowIndex, rowIsNew) { return Row(index: rowIndex, isNew: rowIsNew) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The new row whose id equals that of old row `index` (hash value `hash`), or nil, for a table
    /// of new rows only; stores nothing. Ids are compared where they lie (see above).
    @inlinable @inline(__always)
    func findNewRow<ID: Hashable>(matchingOldRowAt index: Int, hash: Int, old: UnsafeBufferPointer<ID>,
                                  new: UnsafeBufferPointer<ID>) -> Int? {
        let tag = hash & ~payloadMask
        var slot = home(hash)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry & ~payloadMask == tag {
                let rowIndex = ((entry & payloadMask) - 1) >> 1
                if (new.baseAddress! + rowIndex).pointee == (old.baseAddress! + index).pointee { return rowIndex }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Doubles the table (or more, see `largeCount`). Slots move by their stored hash bits while those still cover the larger
    /// home (tables below 2^(64 - payloadBits) slots); beyond that the ids are hashed again.
    @inlinable
    mutating func grow<ID: Hashable, Rows: RandomAccessCollection<ID>>(old: Rows, new: Rows) where Rows.Index == Int {
        let previous = slots
        capacityBits += 1
        if count >= largeCount >> 4 {
            while (1 << capacityBits) < 2 * largeCount { capacityBits += 1 }
        }
        slots = [Int](repeating: 0, count: 1 << capacityBits)
        mask = slots.count - 1
        let storedBitsSuffice = capacityBits <= Int.bitWidth - payloadBits
        for entry in previous where entry != 0 {
            var hash = entry
            if !storedBitsSuffice {
                let payload = (entry & payloadMask) - 1
                hash = IDTable.hash(payload & 1 == 1 ? new[payload >> 1] : old[payload >> 1], seed: IDTable.hashSeed)
            }
            var slot = home(hash)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
