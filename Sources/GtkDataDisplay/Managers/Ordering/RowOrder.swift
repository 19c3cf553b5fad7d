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
    let permutation: @MainActor @Sendable ([any RowGenerator], Bool) -> [Int]

    /// Rows sorted by `key` of their generator (nil: a row the key does not apply to).
    public init<Key: Comparable>(id: String, ascending: Bool = true,
                                 key: @escaping @MainActor @Sendable (any RowGenerator) -> Key?) {
        self.id = id
        self.ascending = ascending
        permutation = { generators, ascending in
            Self.sortedIndices(generators.map(key), ascending: ascending)
        }
    }

    /// Rows that show a `Model` (`BaseRowGenerator`'s model, headers' and footers' models aside),
    /// sorted by `key` of it: `RowOrder(id: "size", model: FileEntry.self) { $0.size }`.
    public init<Model, Key: Comparable>(id: String, ascending: Bool = true, model: Model.Type,
                                        key: @escaping @MainActor @Sendable (Model) -> Key) {
        self.init(id: id, ascending: ascending) { (generator: any RowGenerator) -> Key? in
            generator.model(as: Model.self).map(key)
        }
    }

    private init(id: String, ascending: Bool, permutation: @escaping @MainActor @Sendable ([any RowGenerator], Bool) -> [Int]) {
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
        let order = permutation(generators, ascending)
        return order.map { generators[$0] }
    }

    /// The indices of `keys` in sorted order: keyed rows by key (ties by index), then the rows
    /// without a key by index.
    static func sortedIndices<Key: Comparable>(_ keys: [Key?], ascending: Bool) -> [Int] {
        var keyed: [Int] = []
        var unkeyed: [Int] = []
        keyed.reserveCapacity(keys.count)
        for index in keys.indices {
            if keys[index] != nil { keyed.append(index) } else { unkeyed.append(index) }
        }
        keys.withUnsafeBufferPointer { keys in
            keyed.sort { a, b in
                let x = keys[a].unsafelyUnwrapped, y = keys[b].unsafelyUnwrapped
                if x == y { return a < b }
                return ascending ? x < y : y < x
            }
        }
        return keyed + unkeyed
    }
}
