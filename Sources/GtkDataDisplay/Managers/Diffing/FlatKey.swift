// Whole-state diffing: the keys one update's rows are matched by, in the cheapest form its ids allow.
//
// A `RowKey` holds a `DiffKey` (an enum that may box any Hashable), so copying, comparing and
// hashing one goes through value witnesses; at a million rows that was most of what a diff cost.
// An update whose ids are all integers or object identities (or all short ASCII strings) is diffed
// with keys of plain words instead (one word when all are integers of plain rows), one whose ids are
// all strings with keys of the string, one that mixes them (headers with string ids over rows with
// numbers) with keys of either, and anything else with `RowKey`.

/// A row key (role, depth, diff id) in the form one whole-state update matches its rows by.
protocol FlatKey: Hashable {
    /// The key of a row in `slot` (`RowSlot`) with id `id`; nil when this form cannot hold the id.
    init?(slot: UInt32, id: DiffKey)
    /// A hash cheaper than `hashValue` for filters (collisions are allowed: a filter checks again);
    /// nil when the key has none that agrees with `==` for sure: a string with other than ASCII
    /// characters, since Swift compares strings by canonical equivalence ("é" as one scalar equals
    /// "e" and a combining accent; the Kelvin sign equals "K"), not by their bytes.
    var quickHash: Int? { get }
    /// Whether `keys` are in strictly increasing order of their ids, so that none repeats: one pass
    /// that spares a first fill the hashing of every id (rows often come sorted by id). False
    /// when this form has no order.
    static func strictlyIncreasing(_ keys: [Self]) -> Bool
    /// The hash the shown-id table of single operations places this key by (`ShownDiffIDs`), when
    /// this form gives it without reading the row; nil otherwise.
    var shownIDHash: UInt? { get }
}

extension FlatKey {
    var shownIDHash: UInt? { nil }
}

/// A row's role and depth packed in one word: role in the low two bits (0 for a row, so a plain
/// row at depth 0 is 0), depth above.
enum RowSlot {
    static let plain: UInt32 = 0

    static func make(_ role: RowRole, _ depth: Int) -> UInt32 {
        let roleBits: UInt32
        switch role {
        case .row: roleBits = 0
        case .header: roleBits = 1
        case .footer: roleBits = 2
        }
        return UInt32(truncatingIfNeeded: depth) << 2 | roleBits
    }

    static func role(_ slot: UInt32) -> RowRole {
        switch slot & 3 {
        case 1: return .header
        case 2: return .footer
        default: return .row
        }
    }

    static func depth(_ slot: UInt32) -> Int { Int(slot >> 2) }
}

/// A key whose id is an integer or an object identity: two words, no references.
struct WordKey: FlatKey {
    /// The slot, shifted, with the id's kind (integer 0, object 1) in the low bit.
    let tag: Int
    let value: Int

    init?(slot: UInt32, id: DiffKey) {
        guard let word = id.word else { return nil }
        tag = Int(slot) << 1 | word.kind
        value = word.value
    }

    var quickHash: Int? { wordQuickHash(value, tag) }

    var shownIDHash: UInt? { ShownDiffIDs.wordHash(slot: UInt32(truncatingIfNeeded: tag >> 1), kind: tag & 1, value: value) }

    /// Values strictly increasing: no two keys are equal, whatever their tags.
    static func strictlyIncreasing(_ keys: [WordKey]) -> Bool { valuesStrictlyIncrease(keys) { $0.value } }

    /// Two words mixed (SplitMix64's finalizer) with the table's seed: what `Set` and the diff's
    /// table hash by. Hashing them through `Hasher` (SipHash) cost more than the rest of a lookup.
    func _rawHashValue(seed: Int) -> Int {
        mixWords(value, tag, seed: seed)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }
}

/// A key whose id is an integer, for a state of plain rows only (no headers, footers or child rows):
/// the integer alone, 8 bytes where `WordKey` takes 16 — half the memory the kept keys take and half
/// the traffic of reading them in a diff at a million rows.
struct PlainIntKey: FlatKey, CustomStringConvertible {
    let value: Int

    /// The id, as a `RowKey` of a plain row writes it.
    var description: String { String(value) }

    init?(slot: UInt32, id: DiffKey) {
        guard slot == RowSlot.plain, let word = id.word, word.kind == 0 else { return nil }
        value = word.value
    }

    var quickHash: Int? { wordQuickHash(value, 0) }

    var shownIDHash: UInt? { ShownDiffIDs.wordHash(slot: RowSlot.plain, kind: 0, value: value) }

    /// The key of a plain row whose id is an integer, not a repeat (`occurrence` 0); nil otherwise.
    init?(_ key: RowKey) {
        guard key.occurrence == 0 else { return nil }
        self.init(slot: RowSlot.make(key.role, key.depth), id: key.id)
    }

    /// The row key this key was made from.
    var rowKey: RowKey { RowKey(role: .row, depth: 0, id: DiffKey(value)) }

    /// Values strictly increasing: no two keys are equal.
    static func strictlyIncreasing(_ keys: [PlainIntKey]) -> Bool { valuesStrictlyIncrease(keys) { $0.value } }

    /// Mixed as `WordKey` mixes an integer in a plain row's slot: what `Set` and the diff's table hash by.
    func _rawHashValue(seed: Int) -> Int { mixWords(value, 0, seed: seed) }

    func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }
}

/// A key whose id is a string, with a 32-bit hash of it made once with the key (`canonicalHash`):
/// the diff's table and sets hash by that word, and two keys whose hashes differ compare unequal
/// without reading their strings (ids of a few dozen bytes live in their own allocations, and a
/// large change compares and hashes every row's). The hash sits where the slot's padding was: a key
/// is 24 bytes either way.
struct StringKey: FlatKey {
    let slot: UInt32
    let hash: UInt32
    let value: String

    init?(slot: UInt32, id: DiffKey) {
        guard let string = id.string else { return nil }
        self.slot = slot
        hash = canonicalHash(string)
        value = string
    }

    static func == (a: StringKey, b: StringKey) -> Bool {
        a.slot == b.slot && a.hash == b.hash && a.value == b.value
    }

    /// Strings strictly increasing (`<` agrees with `==`, so none repeats). Stops at the first pair
    /// out of order, so an unsorted list costs a few comparisons.
    static func strictlyIncreasing(_ keys: [StringKey]) -> Bool {
        var i = 1
        while i < keys.count {
            if !(keys[i - 1].value < keys[i].value) { return false }
            i += 1
        }
        return true
    }

    /// The stored hash and the slot, mixed: it agrees with `==` for every string.
    var quickHash: Int? { wordQuickHash(Int(hash), Int(slot)) }

    /// The stored hash and the slot mixed with the table's seed: what `Set` and the diff's table hash by.
    func _rawHashValue(seed: Int) -> Int { mixWords(Int(hash), Int(slot), seed: seed) }

    func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }
}

/// A key whose id is a short ASCII string (at most `ShortStringKey.capacity` bytes: "row-42",
/// "contact-1234") in a slot below 256: the bytes and the slot in two words, no references. Two
/// ASCII strings are equal exactly when their bytes are, so the words compare and hash as ids do,
/// without `Hasher` (SipHash) or a string comparison — and a key is 16 bytes where `StringKey`'s
/// is 24, which at a million rows is a third less of the diff's memory traffic.
struct ShortStringKey: FlatKey {
    /// The string's first eight bytes (the first in the low byte), zero-padded.
    let low: UInt64
    /// Bytes 8 to 13 in the low six bytes, zero-padded; the length in byte 6, the slot in byte 7.
    let high: UInt64

    /// Most bytes a string id may have to fit.
    static let capacity = 14

    init?(slot: UInt32, id: DiffKey) {
        guard slot < 256, let string = id.string, let words = Self.words(of: string) else { return nil }
        low = words.low
        high = words.high | UInt64(slot) << 56
    }

    /// The hash `ShownDiffIDs` places this key by: of the words, not of a `String` made again, so a
    /// manager's shown-id table is built from the last update's keys without reading a row.
    var shownIDHash: UInt? {
        ShownDiffIDs.shortStringHash(slot: UInt32(truncatingIfNeeded: high >> 56), low: low, high: high & 0x00FF_FFFF_FFFF_FFFF)
    }

    /// Whether `string` fits this form (read once, for the first id, before a whole pass is tried).
    static func fits(_ string: String) -> Bool { words(of: string) != nil }

    /// `string`'s bytes and length as the two words hold them, nil when it is longer than `capacity`
    /// bytes or not all ASCII.
    static func words(of string: String) -> (low: UInt64, high: UInt64)? {
        // Native strings (small ones too) are read in place; other forms (rare) are not short keys.
        let read = string.utf8.withContiguousStorageIfAvailable { bytes -> (low: UInt64, high: UInt64)? in
            let count = bytes.count
            guard count <= capacity else { return nil }
            guard let base = bytes.baseAddress, count > 0 else { return (0, 0) }
            let (low, high) = loadWords(UnsafeRawPointer(base), count: count)
            guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }  // ASCII only
            return (low, high | UInt64(count) << 48)
        }
        return read ?? nil
    }

    /// `count` (1...14) bytes at `bytes` as two little-endian words, zero-padded, with loads that
    /// stay within the bytes (two overlapping loads, whose common bytes agree, instead of a copy).
    @inline(__always)
    private static func loadWords(_ bytes: UnsafeRawPointer, count: Int) -> (low: UInt64, high: UInt64) {
        if count >= 8 {
            let low = bytes.loadUnaligned(as: UInt64.self)
            guard count > 8 else { return (low, 0) }
            // The last eight bytes, shifted down to leave bytes 8..<count.
            return (low, bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) >> UInt64(8 * (16 - count)))
        }
        if count >= 4 {
            let first = UInt64(bytes.loadUnaligned(as: UInt32.self))
            let last = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return (first | last << UInt64(8 * (count - 4)), 0)
        }
        var low: UInt64 = 0
        for index in 0..<count { low |= UInt64(bytes.load(fromByteOffset: index, as: UInt8.self)) << UInt64(8 * index) }
        return (low, 0)
    }

    var quickHash: Int? { wordQuickHash(Int(bitPattern: UInt(low)), Int(bitPattern: UInt(high))) }

    /// Strictly increasing in byte order of the strings (as `String`'s `<` orders ASCII strings),
    /// then by slot: no two keys are equal. Stops at the first pair out of order.
    static func strictlyIncreasing(_ keys: [ShortStringKey]) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            var i = 1
            while i < keys.count {
                if !(keys[i - 1].orderWords < keys[i].orderWords) { return false }
                i += 1
            }
            return true
        }
    }

    /// The key as words whose order is the strings' byte order (a shorter string before a longer
    /// one it begins), then the slot's.
    private var orderWords: (UInt64, UInt64, UInt64) {
        (low.byteSwapped, (high & 0xFFFF_FFFF_FFFF).byteSwapped, high >> 48 & 0xFF | (high >> 56) << 8)
    }

    /// The two words mixed as `WordKey`'s are: what `Set` and the diff's table hash by.
    func _rawHashValue(seed: Int) -> Int {
        mixWords(Int(bitPattern: UInt(low)), Int(bitPattern: UInt(high)), seed: seed)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }
}

/// A key whose id is an integer, an object identity or a string: for lists that mix them, most
/// often headers with string ids over rows with numbers. Words hash as `WordKey`'s do; only
/// string ids go through `Hasher`.
struct MixedKey: FlatKey {
    /// The slot, shifted, with the id's kind (integer 0, object 1, string 2) in the low two bits.
    let tag: Int
    /// The integer or object identity; 0 for a string.
    let value: Int
    /// The string; empty (no allocation) for a word.
    let string: String

    init?(slot: UInt32, id: DiffKey) {
        if let word = id.word {
            tag = Int(slot) << 2 | word.kind
            value = word.value
            string = ""
        } else if let text = id.string {
            tag = Int(slot) << 2 | 2
            value = 0
            string = text
        } else {
            return nil
        }
    }

    private var isString: Bool { tag & 3 == 2 }

    static func == (a: MixedKey, b: MixedKey) -> Bool {
        a.tag == b.tag && a.value == b.value && (!a.isString || a.string == b.string)
    }

    var quickHash: Int? {
        guard isString else { return wordQuickHash(value, tag) }
        return asciiHash(string, seed: UInt64(bitPattern: Int64(tag)))
    }

    var shownIDHash: UInt? {
        let slot = UInt32(truncatingIfNeeded: tag >> 2)
        return isString ? ShownDiffIDs.hash(slot: slot, id: DiffKey(string)) : ShownDiffIDs.wordHash(slot: slot, kind: tag & 3, value: value)
    }

    /// No order across kinds: a first fill is hashed.
    static func strictlyIncreasing(_ keys: [MixedKey]) -> Bool { keys.count < 2 }

    /// A word mixed as `WordKey` mixes it; a string through `Hasher`.
    func _rawHashValue(seed: Int) -> Int {
        guard !isString else {
            var hasher = Hasher()
            hasher.combine(seed)
            hasher.combine(tag)
            hasher.combine(string)
            return hasher.finalize()
        }
        return mixWords(value, tag, seed: seed)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }
}

/// Whether `value` of `keys` strictly increases (one pass, stopping at the first pair out of order).
@inline(__always)
private func valuesStrictlyIncrease<K>(_ keys: [K], _ value: (K) -> Int) -> Bool {
    keys.withUnsafeBufferPointer { keys in
        var i = 1
        while i < keys.count {
            if value(keys[i - 1]) >= value(keys[i]) { return false }
            i += 1
        }
        return true
    }
}

/// Two words in one, cheaply, for the duplicate-id filter (`FlatKey.quickHash` of a word).
@inline(__always)
private func wordQuickHash(_ value: Int, _ tag: Int) -> Int { (value &+ tag &* 0x9E37_79B9) &* 0x2545_F491_4F6C_DD1D }

/// A hash of the UTF-8 bytes of `text` when they are all ASCII (two ASCII strings are equal exactly
/// when their bytes are); nil otherwise (see `FlatKey.quickHash`). Eight bytes a step (FNV-1a's
/// multiply on whole words, then a shift to bring high bits down): byte by byte it cost 145
/// instructions for an id like "row-12345", a word at a time about 75.
private func asciiHash(_ text: String, seed: UInt64) -> Int? {
    // Native strings (small ones too) are read in place; others are copied into native form first.
    if let hash = text.utf8.withContiguousStorageIfAvailable({ asciiHash(bytes: $0, seed: seed) }) { return hash }
    var text = text
    return text.withUTF8 { asciiHash(bytes: $0, seed: seed) }
}

/// `asciiHash` of UTF-8 bytes.
@inline(__always)
private func asciiHash(bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Int? {
    var hash: UInt64 = (0xCBF2_9CE4_8422_2325 ^ seed) &+ UInt64(bytes.count)
    var high: UInt64 = 0  // every byte ORed in: ASCII when its top bits stay clear
    @inline(__always) func mix(_ word: UInt64) {
        high |= word
        hash = (hash ^ word) &* 0x100_0000_01B3
        hash ^= hash >> 29
    }
    guard let base = bytes.baseAddress else { return Int(bitPattern: UInt(hash)) }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= bytes.count {
        mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
    }
    if offset < bytes.count {
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
        mix(tail)
    }
    guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
    return Int(bitPattern: UInt(hash))
}

/// A 32-bit hash of `text` that agrees with Swift's `==` on strings (canonical equivalence): equal
/// strings hash alike. All-ASCII text (most ids) is hashed by its bytes (`asciiHash`). Three scalars
/// are canonically equal to an ASCII one (U+212A KELVIN SIGN to "K", U+037E GREEK QUESTION MARK to
/// ";", U+1FEF GREEK VARIA to "`": checked over every scalar by their NFC forms), so text of ASCII and
/// those three is hashed as the ASCII text it equals. Any other text is canonically equal to no ASCII
/// text, and is hashed by `hashValue` (`Hasher`, which hashes the canonical form).
func canonicalHash(_ text: String) -> UInt32 {
    if let hash = asciiHash(text, seed: 0) { return UInt32(truncatingIfNeeded: hash ^ hash >> 32) }
    var ascii: [UInt8] = []
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0..<0x80: ascii.append(UInt8(scalar.value))
        case 0x212A: ascii.append(UInt8(ascii: "K"))
        case 0x037E: ascii.append(UInt8(ascii: ";"))
        case 0x1FEF: ascii.append(UInt8(ascii: "`"))
        default: return UInt32(truncatingIfNeeded: text.hashValue)
        }
    }
    let hash = ascii.withUnsafeBufferPointer { asciiHash(bytes: $0, seed: 0) }!
    return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
}

extension RowKey: FlatKey {
    init?(slot: UInt32, id: DiffKey) {
        self.init(role: RowSlot.role(slot), depth: RowSlot.depth(slot), id: id)
    }

    var quickHash: Int? { hashValue }

    static func strictlyIncreasing(_ keys: [RowKey]) -> Bool { keys.count < 2 }
}
