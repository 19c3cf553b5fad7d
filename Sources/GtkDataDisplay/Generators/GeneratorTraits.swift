// What a generator's dynamic type conforms to, decided once per type. Whole-state updates ask
// this of every row; a protocol cast costs a trip through the runtime's conformance cache, while
// rows of one list are mostly of one type, so the last answer is kept at hand.

/// Per-type facts about generators.
@MainActor
enum GeneratorTraits {
    /// What one generator type conforms to.
    struct Traits {
        /// `FoldableItem`.
        let isFoldable: Bool
        /// `HeaderGenerator`.
        let isHeader: Bool
        /// `FooterGenerator`.
        let isFooter: Bool

        /// Whether a generator of this type may stand in `role`: a header generator only as a
        /// header, a footer generator only as a footer, any other only as a row.
        func fits(_ role: RowRole) -> Bool {
            switch role {
            case .row: !isHeader && !isFooter
            case .header: isHeader
            case .footer: isFooter
            }
        }
    }

    private static var lastType: ObjectIdentifier?
    private static var lastTraits = Traits(isFoldable: false, isHeader: false, isFooter: false)
    private static var known: [ObjectIdentifier: Traits] = [:]

    /// The traits of `generator`'s type.
    static func traits(_ generator: any RowGenerator) -> Traits {
        let type = ObjectIdentifier(Swift.type(of: generator))
        if type == lastType { return lastTraits }
        let answer: Traits
        if let found = known[type] {
            answer = found
        } else {
            answer = Traits(isFoldable: generator is any FoldableItem, isHeader: generator is any HeaderGenerator,
                            isFooter: generator is any FooterGenerator)
            known[type] = answer
        }
        lastType = type
        lastTraits = answer
        return answer
    }

    /// Whether `generator`'s type conforms to `FoldableItem`.
    static func isFoldable(_ generator: any RowGenerator) -> Bool {
        traits(generator).isFoldable
    }

    /// `generator` as a `FoldableItem`, casting only when its type is one.
    static func foldable(_ generator: any RowGenerator) -> (any FoldableItem)? {
        isFoldable(generator) ? generator as? any FoldableItem : nil
    }

    /// Throws `.wrongRole` unless `generator` may stand in `role` (`Traits.fits`).
    static func check(_ generator: any RowGenerator, as role: RowRole) throws(DataDisplayError) {
        let traits = traits(generator)
        guard !traits.fits(role) else { return }
        throw .wrongRole(wrongRoleMessage(generator, traits: traits, role: role))
    }

    private static func wrongRoleMessage(_ generator: any RowGenerator, traits: Traits, role: RowRole) -> String {
        let what = traits.isHeader ? "a header generator" : traits.isFooter ? "a footer generator" : "a row generator"
        let wanted = switch role {
        case .row: "a row (rows take generators that are neither HeaderGenerator nor FooterGenerator)"
        case .header: "a section header (headers take a HeaderGenerator)"
        case .footer: "a section footer (footers take a FooterGenerator)"
        }
        return "\(describe(generator)) is \(what), used as \(wanted)"
    }
}
