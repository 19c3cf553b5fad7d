/// An order a manager keeps its rows in: a key read from each row's generator, ascending or
/// descending (`BaseListManager.sort(by:)`; a table's sortable columns make one per click).
///
/// Rows sort within their own section, and children within their parent: headers, footers and
/// the nesting stay. Equal keys keep the order they had (the sort is stable), so sorting by one
/// column and then by another orders by the second, then the first, as GTK's column view does.
/// Rows the key does not apply to (it returns nil: another model type, a loading row) keep their
/// order after the rows it does, in either direction.
public struct RowOrder: Sendable {
    /// What the rows are sorted by: a table's column id, or any name the app chooses.
    public let id: String
    /// Smallest key first (true) or largest first (false).
    public let ascending: Bool
    /// Reads the keys of a sibling list and gives its sorted permutation.
    @usableFromInline let permutation: @MainActor @Sendable ([any RowGenerator], Bool) -> [Int]

    /// Rows sorted by `key` of their generator (nil: a row the key does not apply to).
    @inlinable
    public init<Key: Comparable>(id: String, ascending: Bool = true,
                                 key: @escaping @MainActor @Sendable (any RowGenerator) -> Key?) {
        self.init(id: id, ascending: ascending) { generators, ascending in
            Self.permutation(of: generators, ascending: ascending, key: key)
        }
    }

    /// Rows that show a `Model` (`BaseRowGenerator`'s model, headers' and footers' models aside),
    /// sorted by `key` of it: `RowOrder(id: "size", model: FileEntry.self) { $0.size }`.
    @inlinable
    public init<Model, Key: Comparable>(id: String, ascending: Bool = true, model: Model.Type,
                                        key: @escaping @Sendable (Model) -> Key) {
        self.init(id: id, ascending: ascending) { generators, ascending in
            Self.permutation(of: generators, ascending: ascending) { $0.model(as: Model.self).map(key) }
        }
    }

    /// The order of `generators` by `key`: the keyed rows by key (Swift's sort is stable: equal keys
    /// keep their order in either direction), then the rows without a key in their order.
    /// (Inlinable, so an app's `Key` and closure are specialized where it sorts: through witness
    /// tables, with a main-actor closure per row, 100,000 rows sorted in twice the time. Loops, not
    /// closures, on the main actor: Swift checks the executor in every call of an isolated closure.)
    @inlinable
    @MainActor
    static func permutation<Key: Comparable>(of generators: [any RowGenerator], ascending: Bool,
                                             key: @MainActor (any RowGenerator) -> Key?) -> [Int] {
        var keys: [Key] = [], keyed: [Int] = [], unkeyed: [Int] = []
        keys.reserveCapacity(generators.count)
        keyed.reserveCapacity(generators.count)
        for index in generators.indices {
            if let found = key(generators[index]) {
                keys.append(found)
                keyed.append(index)
            } else {
                unkeyed.append(index)
            }
        }
        let order = sortedPositions(keys, ascending: ascending)
        var result: [Int] = []
        result.reserveCapacity(generators.count)
        for position in order { result.append(keyed[position]) }
        result.append(contentsOf: unkeyed)
        return result
    }

    /// The positions of `keys` in sorted order (stable). Not isolated: the comparison is a plain closure.
    @inlinable
    nonisolated static func sortedPositions<Key: Comparable>(_ keys: [Key], ascending: Bool) -> [Int] {
        var order = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in
            if ascending { order.sort { keys[$0] < keys[$1] } } else { order.sort { keys[$1] < keys[$0] } }
        }
        return order
    }

    @usableFromInline
    init(id: String, ascending: Bool, permutation: @escaping @MainActor @Sendable ([any RowGenerator], Bool) -> [Int]) {
        self.id = id
        self.ascending = ascending
        self.permutation = permutation
    }

    /// The same key in the other direction.
    public var reversed: RowOrder { RowOrder(id: id, ascending: !ascending, permutation: permutation) }

    /// `generators` in this order (stable; rows without a key last, in their order).
    @MainActor
    public func sorted(_ generators: [any RowGenerator]) -> [any RowGenerator] {
        guard generators.count > 1 else { return generators }
        var result: [any RowGenerator] = []
        result.reserveCapacity(generators.count)
        for index in permutation(generators, ascending) { result.append(generators[index]) }
        return result
    }
}
