// State and lookup: the generators a single operation brings in, as `validateNew` checks them.

/// The generators an operation brings into a manager, in the order their rows are made — a header,
/// the rows each followed by the shown descendants of an expanded foldable one, a footer — with each
/// one's slot (`RowSlot`) and the hash the shown-id table places its key by (`ShownDiffIDs`).
///
/// Each id is read and hashed once, here: the checks compare hashes in flat tables and read ids again
/// only where two hashes agree, and the rows made for the generators are placed in the shown-id table
/// by the same hashes. (Adding 100k rows to a million checked them through two `Set`s, of generators
/// and of keys, then hashed every key again to place its row.)
@MainActor
struct EnteringRows {
    /// The generators, in the order their rows are made.
    private(set) var generators: [any RowGenerator] = []
    /// Each generator's `RowSlot` (its role and depth).
    private(set) var slots: [UInt32] = []
    /// Each generator's key hash, as `ShownDiffIDs` places it.
    private(set) var hashes: [UInt] = []
    /// Generators entering as other than a plain row at depth 0 (headers, footers, child rows).
    private var others = GeneratorSet()
    /// The last integer id appended while every id so far was an integer greater than the one
    /// before; nil once one was not (rows often come sorted by id: then no key can repeat, and
    /// none is tabled to find out).
    private var increasingUpTo: Int? = Int.min

    /// Generators entering.
    var count: Int { generators.count }

    /// The key of the generator at `index`.
    func key(at index: Int) -> RowKey {
        RowKey(role: RowSlot.role(slots[index]), depth: RowSlot.depth(slots[index]), id: generators[index].diffKey)
    }

    /// Adds `generator` entering as a `role` row at `depth`. Throws `.wrongRole` when its type does
    /// not take that role, `.duplicateGenerator` when it entered already as other than a plain row
    /// (plain rows repeated are found by `checkDistinct`).
    mutating func append(_ generator: any RowGenerator, role: RowRole, depth: Int) throws(DataDisplayError) {
        try GeneratorTraits.check(generator, as: role)
        let slot = RowSlot.make(role, depth)
        if slot != RowSlot.plain, !others.insert(generator) { throw .duplicateGenerator(describe(generator)) }
        let key = generator.diffKey
        if let last = increasingUpTo {
            if let word = key.word, word.kind == 0, word.value > last { increasingUpTo = word.value } else { increasingUpTo = nil }
        }
        generators.append(generator)
        slots.append(slot)
        hashes.append(ShownDiffIDs.hash(slot: slot, id: key))
    }

    /// Throws `.duplicateGenerator` when a generator enters twice, else (with `keys`) `.duplicateDiffID`
    /// when a key does. A plain row repeated has one key, so one pass over the keys finds it too; the
    /// instance check runs only then, so a repeated instance is reported as such wherever it stands.
    func checkDistinct(keys: Bool) throws(DataDisplayError) {
        if !others.isEmpty {
            for index in generators.indices where slots[index] == RowSlot.plain && others.contains(generators[index]) {
                throw .duplicateGenerator(describe(generators[index]))
            }
        }
        let repeated = keys ? firstRepeatedKey() : nil
        guard repeated != nil || !keys else { return }
        var seen = Set<ObjectIdentifier>()
        for generator in generators where !seen.insert(ObjectIdentifier(generator)).inserted {
            throw .duplicateGenerator(describe(generator))
        }
        if let repeated { throw .duplicateDiffID("\(key(at: repeated)) twice among the new rows") }
    }

    /// The index of the first generator whose key an earlier one has, or nil.
    private func firstRepeatedKey() -> Int? {
        func sameKey(_ a: Int, _ b: Int) -> Bool {
            slots[a] == slots[b] && generators[a].diffKey == generators[b].diffKey
        }
        if count <= 8 {
            return generators.indices.first { index in (0..<index).contains { sameKey($0, index) } }
        }
        // Plain rows whose integer ids increase: none repeats.
        if increasingUpTo != nil && others.isEmpty { return nil }
        precondition(count < Int(UInt32.max), "fewer than 2^32 rows enter at once")
        var table = LinearProbeTable<IndexEntry>(capacity: count)
        for index in generators.indices {
            let entry = IndexEntry(hash: hashes[index], index: index)
            if table.firstSlot(hash: entry.hash, where: { sameKey($0.index, index) }) != nil { return index }
            table.insert(entry)
        }
        return nil
    }
}

/// An entering generator's index under the top half of its hash, in one word (a million entering
/// rows make a 16 MB table, not 32): equal halves are confirmed by comparing keys.
private struct IndexEntry: LinearProbeEntry {
    private let word: UInt

    init(hash: UInt, index: Int) {
        word = hash & ~UInt(UInt32.max) | UInt(index + 1)
    }

    private init(word: UInt) { self.word = word }

    static var empty: IndexEntry { IndexEntry(word: 0) }
    var isEmpty: Bool { word == 0 }
    /// The top half of the hash, the lowest bit set (what `LinearProbeTable` places and compares).
    var hash: UInt { word & ~UInt(UInt32.max) | 1 }
    var index: Int { Int(word & UInt(UInt32.max)) - 1 }
}
