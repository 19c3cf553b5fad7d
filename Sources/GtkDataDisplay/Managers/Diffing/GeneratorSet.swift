// Whole-state diffing: generator instances by identity, for the repeated-generator check.

/// Generator instances by identity, with a one-word filter in front of the table: most lookups
/// of a state with few headers and footers are answered by the filter.
struct GeneratorSet {
    private var filter: UInt64 = 0
    private var members = Set<ObjectIdentifier>()

    var isEmpty: Bool { members.isEmpty }

    /// Adds `generator`; false when it was there already.
    mutating func insert(_ generator: any RowGenerator) -> Bool {
        let id = ObjectIdentifier(generator)
        filter |= Self.bit(id)
        return members.insert(id).inserted
    }

    func contains(_ generator: any RowGenerator) -> Bool {
        let id = ObjectIdentifier(generator)
        return filter & Self.bit(id) != 0 && members.contains(id)
    }

    private static func bit(_ id: ObjectIdentifier) -> UInt64 {
        1 << (UInt64(UInt(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}
