// State and lookup: the shown row keys, for single operations' duplicate-id check.

/// The row keys (role, depth, diff id) a manager shows, so single operations enforce the rule that
/// whole-state updates enforce with their diff: a diff id stands once among the rows of one role at
/// one depth. Built on the first check after a whole-state update, then kept up to date by single
/// operations, so a `setState` costs nothing more and a run of single operations O(rows they touch).
///
/// A flat table (`LinearProbeTable`) of each shown row under its key's hash: the key itself is not
/// stored, a row whose hash agrees is confirmed by comparing its key. A free id (what every insert
/// brings) is told from its slot alone, without reading any row; a row leaves by identity.
@MainActor
struct ShownDiffIDs {
    fileprivate struct Entry: LinearProbeEntry {
        /// The key's hash with its lowest bit set, so 0 marks an empty entry.
        var hash: UInt
        /// The row showing the key (a handle: every row in the table stands in the manager; rows
        /// leave the table when they leave the manager; whole-state updates drop the table).
        var row: Row?

        static var empty: Entry { Entry(hash: 0, row: nil) }
        var isEmpty: Bool { hash == 0 }
    }

    private var table: LinearProbeTable<Entry>?

    /// Forgets the table (a whole-state update or a batch replaced the rows).
    mutating func invalidate() { table = nil }

    /// Asks for the table slots the keys of `generators`, as plain rows (depth 0), are looked for
    /// in, ahead of `check`: an insert reads them while it finds its anchor, so at a million rows the
    /// table's cache misses overlap the anchor's instead of following them. Only for a few
    /// generators (a hint costs a hash each); nothing without a table.
    func prefetchSlots(ofPlainRows generators: [any RowGenerator]) {
        guard let table, generators.count <= 4 else { return }
        for generator in generators { table.prefetchHome(Self.hash(slot: RowSlot.plain, id: generator.diffKey)) }
    }

    /// A row entered the manager.
    mutating func add(_ row: Row) {
        guard table != nil else { return }
        table!.insert(Entry(hash: Self.hash(row.key), row: row))
    }

    /// Rows entered the manager, with their keys' hashes (`EnteringRows.hashes`, in the same order).
    mutating func add(_ rows: [Row], hashes: ArraySlice<UInt>) {
        precondition(rows.count == hashes.count, "a hash for each row")
        guard table != nil else { return }
        table!.reserve(table!.count + rows.count)
        let ahead = LinearProbeTable<Entry>.prefetchDistance
        for (offset, (row, hash)) in zip(rows, hashes).enumerated() {
            if offset + ahead < hashes.count { table!.prefetchHome(hashes[hashes.startIndex + offset + ahead]) }
            table!.insert(Entry(hash: hash, row: row))
        }
    }

    /// A row left the manager.
    mutating func remove(_ row: Row) {
        guard table != nil else { return }
        guard let slot = table!.firstSlot(hash: Self.hash(row.key), where: { $0.row == row }) else { return }
        table!.remove(at: slot)
    }

    /// Throws `.duplicateDiffID` unless every key in `entering` (distinct among themselves: see
    /// `EnteringRows.checkDistinct`) is free: not shown except by a row in `leaving` (rows the same
    /// operation takes out). The table is built from `shown`'s rows when there is none: with `hashes`
    /// of their keys (in the same order) when they come with them, else from each row's key.
    mutating func check(_ entering: EnteringRows, leaving: [Row] = [],
                        shown: () -> (rows: [Row], hashes: [UInt]?)) throws(DataDisplayError) {
        if table == nil { table = Self.build(shown()) }
        var leavingSet: Set<Row>?
        func isLeaving(_ row: Row) -> Bool {
            // An operation takes out few rows (a collapsed subtree at most): a scan is cheaper than a set.
            guard leaving.count > 16 else { return leaving.contains { $0 === row } }
            if leavingSet == nil { leavingSet = Set(leaving) }
            return leavingSet!.contains(row)
        }
        for index in 0..<entering.count {
            // Rows are read only where a hash agrees: in effect, only for a key shown already.
            let shownElsewhere = table!.firstSlot(hash: entering.hashes[index]) { entry in
                let row = entry.row!
                return row.key == entering.key(at: index) && !isLeaving(row)
            }
            if shownElsewhere != nil { throw .duplicateDiffID("\(entering.key(at: index)) is already shown") }
        }
    }

    /// Whether another shown row has the key of one of `rows` (rows the table holds: shown ones).
    /// The table is built from `shown` when there is none.
    mutating func repeatsKey(of rows: [Row], shown: () -> (rows: [Row], hashes: [UInt]?)) -> Bool {
        if table == nil { table = Self.build(shown()) }
        for row in rows {
            let key = row.key
            let other = table!.firstSlot(hash: Self.hash(key)) { entry in
                let candidate = entry.row!
                return candidate !== row && candidate.key == key
            }
            if other != nil { return true }
        }
        return false
    }

    /// The table of `shown.rows`. With `hashes`, the rows are not read (at a million rows, reading
    /// each row's generator for its key was a cache miss or two a row).
    private static func build(_ shown: (rows: [Row], hashes: [UInt]?)) -> LinearProbeTable<Entry> {
        var built = LinearProbeTable<Entry>(capacity: shown.rows.count)
        let ahead = LinearProbeTable<Entry>.prefetchDistance
        shown.rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                if let hashes = shown.hashes, index + ahead < hashes.count { built.prefetchHome(hashes[index + ahead]) }
                let row = rows[index]
                let hash = shown.hashes?[index] ?? Self.hash(row.key)
                built.insert(Entry(hash: hash, row: row))
            }
        }
        return built
    }

    /// Mixed into every integer id's hash, drawn once per process (as `Hasher` seeds its own), so no
    /// choice of ids can be made to pile up in one run of slots on purpose.
    private nonisolated static let seed = Int.random(in: Int.min...Int.max)

    /// The hash a key is placed by: integer and object ids mixed as words (no `Hasher`), other ids
    /// by their hash value; role and depth mixed in. The lowest bit is set (see `Entry.hash`).
    nonisolated static func hash(_ key: RowKey) -> UInt {
        hash(slot: RowSlot.make(key.role, key.depth), id: key.id)
    }

    /// The hash of a key with id `id` in `slot` (`RowSlot`).
    nonisolated static func hash(slot: UInt32, id: DiffKey) -> UInt {
        if let word = id.word { return wordHash(slot: slot, kind: word.kind, value: word.value) }
        if let string = id.string, let words = ShortStringKey.words(of: string) {
            return shortStringHash(slot: slot, low: words.low, high: words.high)
        }
        return mixed(id.hashValue, Int(slot) << 2 | 2)
    }

    /// The hash of a key whose id is a short ASCII string, as `ShortStringKey.words(of:)` gives its
    /// bytes and length, in `slot`: what the whole-state update's short string keys give the table
    /// (`ShortStringKey.shownIDHash`). The second word is mixed into the first's mix, not added to it:
    /// which strings collide depends on the seed (with a sum of the words, some pairs would for every seed).
    nonisolated static func shortStringHash(slot: UInt32, low: UInt64, high: UInt64) -> UInt {
        let first = mixWords(Int(bitPattern: UInt(low)), Int(slot) << 2 | 3, seed: seed)
        return UInt(bitPattern: mixWords(first, Int(bitPattern: UInt(high)), seed: seed)) | 1
    }

    /// The hash of a key whose id is a word (`DiffKey.word`: an integer, kind 0, or an object
    /// identity, kind 1) in `slot` (`RowSlot`): what the whole-state update's word keys give the
    /// table (`FlatKey.shownIDHash`).
    nonisolated static func wordHash(slot: UInt32, kind: Int, value: Int) -> UInt {
        mixed(value, Int(slot) << 2 | kind)
    }

    /// A value mixed with its tag (slot and kind of id) and the seed; the lowest bit set.
    private nonisolated static func mixed(_ value: Int, _ tag: Int) -> UInt {
        UInt(bitPattern: mixWords(value, tag, seed: seed)) | 1
    }
}
