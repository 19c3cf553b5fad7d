// State and lookup: the row of each shown generator, by the generator's identity (what every single
// operation starts with). A flat table (`LinearProbeTable`) of identity and row side by side.

/// Rows by generator identity. Holds each row (one reference), like the dictionary it replaces.
struct RowLookup: ExpressibleByDictionaryLiteral {
    fileprivate struct Entry: LinearProbeEntry {
        /// The generator's `ObjectIdentifier` as a word; 0 for an empty entry (no object lives at 0).
        var identity: UInt
        var row: Row?

        static var empty: Entry { Entry(identity: 0, row: nil) }
        var isEmpty: Bool { identity == 0 }
        var hash: UInt { RowLookup.hash(identity) }
    }

    private var table: LinearProbeTable<Entry>

    /// Where a generator's identity is placed (addresses are not chosen by input: no seed).
    fileprivate static func hash(_ identity: UInt) -> UInt { UInt(bitPattern: mixWords(Int(bitPattern: identity), 0, seed: 0)) }

    /// An empty lookup with room for `capacity` rows before it grows.
    init(capacity: Int = 0) { table = LinearProbeTable(capacity: capacity) }

    /// `[:]`: an empty lookup (the literal takes no elements otherwise).
    init(dictionaryLiteral elements: (ObjectIdentifier, Row)...) {
        self.init(capacity: elements.count)
        for (id, row) in elements { self[id] = row }
    }

    /// Rows held.
    var count: Int { table.count }

    private func slot(of id: ObjectIdentifier) -> Int? {
        let identity = UInt(bitPattern: id)
        return table.firstSlot(hash: Self.hash(identity)) { $0.identity == identity }
    }

    /// The row of the generator `id`; setting nil removes it.
    subscript(id: ObjectIdentifier) -> Row? {
        get { slot(of: id).flatMap { table.entries[$0].row } }
        set {
            let identity = UInt(bitPattern: id)
            switch (slot(of: id), newValue) {
            case (let slot?, let row?): table.replace(at: slot, with: Entry(identity: identity, row: row))
            case (let slot?, nil): table.remove(at: slot)
            case (nil, let row?): table.insert(Entry(identity: identity, row: row))
            case (nil, nil): break
            }
        }
    }
}
