// State and lookup: the flat hash table behind the manager's per-row lookups (`RowLookup`,
// `ShownDiffIDs`). One array of small entries, linear probing, at most half full, removal by
// shifting later entries back (no tombstones). At a million rows a lookup in it reads one cache
// line where `Dictionary` and `Set` read two or three (their bitmap, keys and values live apart),
// which is most of what a single operation costs at that size.

/// An entry of a `LinearProbeTable`.
protocol LinearProbeEntry {
    /// An entry that holds nothing.
    static var empty: Self { get }
    /// Whether this entry holds nothing.
    var isEmpty: Bool { get }
    /// The entry's hash: its home slot is taken from the top bits, so they must be well mixed.
    var hash: UInt { get }
}

/// Entries placed by their hash; the table finds candidates, its owner decides which one matches.
struct LinearProbeTable<Entry: LinearProbeEntry> {
    /// How many entries ahead a pass that places many asks for their home slots (`prefetchHome`).
    static var prefetchDistance: Int { 16 }
    private(set) var entries: [Entry]
    private(set) var count = 0
    /// log2(entries.count).
    private var capacityBits: Int

    /// An empty table that holds `capacity` entries before it grows.
    init(capacity: Int = 0) {
        capacityBits = 3
        while (1 << capacityBits) < 2 * capacity { capacityBits += 1 }
        entries = Array(repeating: .empty, count: 1 << capacityBits)
    }

    private var mask: Int { entries.count - 1 }

    /// The first slot an entry with hash `hash` is looked for in.
    func home(_ hash: UInt) -> Int { Int(hash >> UInt(UInt.bitWidth - capacityBits)) }

    /// The slot after `slot`, wrapping.
    func next(_ slot: Int) -> Int { (slot + 1) & mask }

    /// The slot of the first entry from `hash`'s home on for which `matches` holds, before the
    /// first empty slot; nil when there is none.
    func firstSlot(hash: UInt, where matches: (Entry) -> Bool) -> Int? {
        var slot = home(hash)
        while true {
            let entry = entries[slot]
            if entry.isEmpty { return nil }
            if entry.hash == hash && matches(entry) { return slot }
            slot = next(slot)
        }
    }

    /// A hint that an entry with `hash` is about to be placed or looked for: its home slot's cache
    /// line is asked for now (a pass placing many entries asks a few entries ahead, so the misses on
    /// a table of tens of megabytes overlap instead of following one another).
    @inline(__always)
    func prefetchHome(_ hash: UInt) {
        entries.withUnsafeBufferPointer { CacheHint.fetch($0.baseAddress! + home(hash)) }
    }

    /// Adds `entry` (the owner checked it is not there yet when that matters).
    mutating func insert(_ entry: Entry) {
        if 2 * (count + 1) > entries.count { grow() }
        place(entry)
        count += 1
    }

    /// Grows the table, if need be, to hold `capacity` entries before it grows again (one regrowth
    /// for many entries that come at once instead of one each time the table is half full).
    mutating func reserve(_ capacity: Int) {
        guard 2 * capacity > entries.count else { return }
        var bits = capacityBits
        while (1 << bits) < 2 * capacity { bits += 1 }
        rebuild(capacityBits: bits)
    }

    /// Overwrites the entry in `slot` with one of the same hash.
    mutating func replace(at slot: Int, with entry: Entry) {
        precondition(entry.hash == entries[slot].hash, "an entry is replaced by one of the same hash")
        entries[slot] = entry
    }

    /// Empties `slot` and moves back the entries after it that probed past it, so every entry stays
    /// reachable from its home without a marker left behind.
    mutating func remove(at slot: Int) {
        var hole = slot
        var current = next(slot)
        while !entries[current].isEmpty {
            let home = home(entries[current].hash)
            // The entry may fill the hole unless its home lies cyclically in (hole, current].
            let homeAfterHole = hole <= current ? (home > hole && home <= current) : (home > hole || home <= current)
            if !homeAfterHole {
                entries[hole] = entries[current]
                hole = current
            }
            current = next(current)
        }
        entries[hole] = .empty
        count -= 1
    }

    private mutating func place(_ entry: Entry) {
        var slot = home(entry.hash)
        while !entries[slot].isEmpty { slot = next(slot) }
        entries[slot] = entry
    }

    private mutating func grow() {
        rebuild(capacityBits: capacityBits + 1)
    }

    private mutating func rebuild(capacityBits bits: Int) {
        let old = entries
        capacityBits = bits
        entries = Array(repeating: .empty, count: 1 << bits)
        for entry in old where !entry.isEmpty { place(entry) }
    }
}

/// Two words mixed with a seed by SplitMix64's finalizer, which spreads their bits over all 64 (so
/// the top bits place an entry well): what the flat keys give `Set` and the diff's table, and what
/// the manager's own tables place generators and shown ids by.
@inline(__always)
func mixWords(_ value: Int, _ tag: Int, seed: Int) -> Int {
    var x = UInt64(bitPattern: Int64(value)) &+ UInt64(bitPattern: Int64(tag)) &* 0x9E37_79B9_7F4A_7C15
    x ^= UInt64(bitPattern: Int64(seed))
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(bitPattern: UInt(x ^ (x >> 31)))
}
