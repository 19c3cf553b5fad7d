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

    /// The keys, when they are in form `K` and describe `rows` as the manager shows them now.
    func keys<K: FlatKey>(_: K.Type, for rows: [Row], version now: Int) -> [K]? {
        guard now == version &+ 1, count == rows.count else { return nil }
        return keys as? [K]
    }
}
