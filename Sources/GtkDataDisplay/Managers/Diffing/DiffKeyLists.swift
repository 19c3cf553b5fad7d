// The keys a background diff matches old and new rows by, in the cheapest form their ids allow.

/// The old and new rows' keys of a background update: integers alone when every id of both lists is
/// an integer of a plain row (a word a key, hashed without `Hasher`, and a first fill in order needs
/// no hashing: as `applyState`'s `PlainIntKey`s), else `RowKey`s.
enum DiffKeyLists: Sendable {
    case plainInts(old: [PlainIntKey], new: [PlainIntKey])
    case rowKeys(old: [RowKey], new: [RowKey])

    /// The lists `old` and `new` read: plain integers when both are.
    init(old: Builder, new: Builder) {
        switch (old.keys, new.keys) {
        case let (.plainInts(oldInts), .plainInts(newInts)): self = .plainInts(old: oldInts, new: newInts)
        default: self = .rowKeys(old: old.rowKeys, new: new.rowKeys)
        }
    }

    /// These lists with plain integer keys where both lists allow them (off the main thread).
    nonisolated var cheapest: DiffKeyLists {
        guard case let .rowKeys(old, new) = self else { return self }
        var oldKeys = Builder(capacity: old.count), newKeys = Builder(capacity: new.count)
        for key in old {
            oldKeys.append(key)
            if case .rowKeys = oldKeys.keys { return self }
        }
        for key in new {
            newKeys.append(key)
            if case .rowKeys = newKeys.keys { return self }
        }
        return DiffKeyLists(old: oldKeys, new: newKeys)
    }

    /// One list read a key at a time: plain integers while every key is one, row keys from the
    /// first that is not on (the integers read before it become row keys then).
    struct Builder {
        enum Keys {
            case plainInts([PlainIntKey])
            case rowKeys([RowKey])
        }

        private(set) var keys: Keys

        init(capacity: Int) {
            var ints: [PlainIntKey] = []
            ints.reserveCapacity(capacity)
            keys = .plainInts(ints)
        }

        mutating func append(_ key: RowKey) {
            switch keys {
            case .plainInts(var ints):
                if let int = PlainIntKey(key) {
                    // (Taken out of `keys` first, so that the array is appended to in place.)
                    keys = .rowKeys([])
                    ints.append(int)
                    keys = .plainInts(ints)
                } else {
                    var rows = ints.map(\.rowKey)
                    rows.append(key)
                    keys = .rowKeys(rows)
                }
            case .rowKeys(var rows):
                keys = .rowKeys([])
                rows.append(key)
                keys = .rowKeys(rows)
            }
        }

        /// The list as row keys.
        var rowKeys: [RowKey] {
            switch keys {
            case .plainInts(let ints): ints.map(\.rowKey)
            case .rowKeys(let rows): rows
            }
        }
    }
}
