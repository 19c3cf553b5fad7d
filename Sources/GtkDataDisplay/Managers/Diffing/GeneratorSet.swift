// Whole-state diffing: generator instances by identity, for the repeated-generator check.

/// Generator instances by identity, with a one-word filter in front of the table: most lookups
/// of a state with few headers and footers are answered by the filter. The table holds instance
/// addresses, placed by a multiplicative hash, linearly probed, at most half full: a tree's child
/// rows all pass through it, and `Set<ObjectIdentifier>` (SipHash, growing by rehashing) was a
/// sixth of flattening a 100k-row tree.
struct GeneratorSet {
    private var filter: UInt64 = 0
    /// 0 for an empty slot, else an instance's address.
    private var slots: [UInt] = []
    private var count = 0

    var isEmpty: Bool { count == 0 }

    /// Adds `generator`; false when it was there already.
    mutating func insert(_ generator: any RowGenerator) -> Bool {
        let address = UInt(bitPattern: ObjectIdentifier(generator))
        filter |= Self.bit(address)
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = home(address)
        while slots[slot] != 0 {
            if slots[slot] == address { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = address
        count += 1
        return true
    }

    func contains(_ generator: any RowGenerator) -> Bool {
        let address = UInt(bitPattern: ObjectIdentifier(generator))
        guard filter & Self.bit(address) != 0, !slots.isEmpty else { return false }
        let mask = slots.count - 1
        var slot = home(address)
        while slots[slot] != 0 {
            if slots[slot] == address { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// The slot an address is looked for from: the top bits of its multiplicative hash.
    private func home(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> UInt(UInt.bitWidth - slots.count.trailingZeroBitCount))
    }

    /// Doubles the table (64 slots to begin with) and places its addresses again.
    private mutating func grow() {
        let previous = slots
        slots = [UInt](repeating: 0, count: max(64, previous.count * 2))
        let mask = slots.count - 1
        for address in previous where address != 0 {
            var slot = home(address)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = address
        }
    }

    private static func bit(_ address: UInt) -> UInt64 {
        1 << (UInt64(address &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}
