import GtkDataDisplay

/// Reading a store back as generators, to compare with what a test expects.
extension RowStore {
    /// Every generator in the store, read back item by item from the real store.
    @MainActor
    public var generators: [any RowGenerator] {
        (0..<count).compactMap { generator(at: $0) }
    }

    /// Whether the store shows exactly `expected`, in order, by identity.
    @MainActor
    public func shows(_ expected: [any RowGenerator]) -> Bool {
        let actual = generators
        return actual.count == expected.count && zip(actual, expected).allSatisfy { $0 === $1 }
    }
}
