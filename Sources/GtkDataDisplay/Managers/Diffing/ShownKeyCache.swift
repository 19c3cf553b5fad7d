// Whole-state diffing: the keys of the rows a `setState` left, kept for the next `setState`.

/// The new keys of the last `setState`, in list order. The next `setState` diffs against exactly
/// those rows when nothing changed the manager in between (every operation bumps
/// `mutationVersion`), so it takes their keys from here instead of asking every old generator
/// again — at a million rows that pass over cold generators cost more than the diff.
/// (Shown generators keep their diff ids: a repeated or changed id while shown is an error anyway.)
struct ShownKeyCache {
    /// `mutationVersion` while the `setState` that left these keys ran (it bumps it once after).
    let version: Int
    let keys: Any
    let count: Int

    init<K: FlatKey>(_ keys: [K], version: Int) {
        self.keys = keys
        self.count = keys.count
        self.version = version
    }

    /// The hash the shown-id table places each key by (`FlatKey.shownIDHash`), in list order, when
    /// the keys describe `rows` as the manager shows them now and their form gives such hashes: the
    /// first single operation after a `setState` builds its table from these instead of reading a
    /// million rows' generators.
    func shownIDHashes(for rows: [Row], version now: Int) -> [UInt]? {
        guard now == version &+ 1, count == rows.count else { return nil }
        if let keys = keys as? [PlainIntKey] { return Self.shownIDHashes(keys) }
        if let keys = keys as? [WordKey] { return Self.shownIDHashes(keys) }
        if let keys = keys as? [MixedKey] { return Self.shownIDHashes(keys) }
        if let keys = keys as? [ShortStringKey] { return Self.shownIDHashes(keys) }
        return nil
    }

    private static func shownIDHashes<K: FlatKey>(_ keys: [K]) -> [UInt]? {
        var hashes: [UInt] = []
        hashes.reserveCapacity(keys.count)
        for key in keys {
            guard let hash = key.shownIDHash else { return nil }
            hashes.append(hash)
        }
        return hashes
    }

    /// The keys, when they are in form `K` and describe `rows` as the manager shows them now.
    func keys<K: FlatKey>(_: K.Type, for rows: [Row], version now: Int) -> [K]? {
        guard now == version &+ 1, count == rows.count else { return nil }
        return keys as? [K]
    }
}
