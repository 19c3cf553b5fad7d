// The checks that run before a whole state changes anything: no id and no generator instance stands
// twice. A `Set` of 663k row keys took 180 ms on the diff's thread (a `Hasher` run and a copy of each
// key); a `LinearProbeTable` of indices under the keys' own mixed hashes takes a third.

/// Finds the first value of a list that repeats an earlier one.
enum RepeatFinder {
    /// A value's index under its hash (lowest bit set: 0 marks an empty entry).
    private struct Entry: LinearProbeEntry {
        var hash: UInt
        var index: Int
        static var empty: Entry { Entry(hash: 0, index: 0) }
        var isEmpty: Bool { hash == 0 }
    }

    /// The first repeat in `values`: the index of the value seen first and of its repeat; nil when
    /// every value stands once. `hash` must give equal values equal hashes, well mixed (a table's
    /// slot is taken from its top bits).
    static func firstRepeat<T>(in values: [T], hash: (T) -> UInt, equal: (T, T) -> Bool) -> (first: Int, second: Int)? {
        guard values.count > 1 else { return nil }
        var table = LinearProbeTable<Entry>(capacity: values.count)
        return values.withUnsafeBufferPointer { values in
            for index in values.indices {
                let value = values[index], hash = hash(value) | 1
                if let slot = table.firstSlot(hash: hash, where: { equal(values[$0.index], value) }) {
                    return (table.entries[slot].index, index)
                }
                table.insert(Entry(hash: hash, index: index))
            }
            return nil
        }
    }

    /// The first repeat among keys whose hash values are well mixed (`RowKey`, `PlainIntKey`: no
    /// `Hasher` run).
    static func firstRepeat<K: Hashable>(in keys: [K]) -> (first: Int, second: Int)? {
        firstRepeat(in: keys, hash: { UInt(bitPattern: $0.hashValue) }, equal: ==)
    }
}
