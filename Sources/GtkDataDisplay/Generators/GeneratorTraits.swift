// What a generator's dynamic type conforms to, decided once per type. Whole-state updates ask
// this of every row; a protocol cast costs a trip through the runtime's conformance cache, while
// rows of one list are mostly of one type, so the last answer is kept at hand.

/// Per-type facts about generators.
@MainActor
enum GeneratorTraits {
    @exclusivity(unchecked) private static var lastType: ObjectIdentifier?
    @exclusivity(unchecked) private static var lastFoldable = false
    private static var foldable: [ObjectIdentifier: Bool] = [:]

    /// Whether `generator`'s type conforms to `FoldableItem`.
    static func isFoldable(_ generator: any RowGenerator) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: generator))
        if type == lastType { return lastFoldable }
        let answer: Bool
        if let known = foldable[type] {
            answer = known
        } else {
            answer = generator is any FoldableItem
            foldable[type] = answer
        }
        lastType = type
        lastFoldable = answer
        return answer
    }

    /// `generator` as a `FoldableItem`, casting only when its type is one.
    static func foldable(_ generator: any RowGenerator) -> (any FoldableItem)? {
        isFoldable(generator) ? generator as? any FoldableItem : nil
    }
}
