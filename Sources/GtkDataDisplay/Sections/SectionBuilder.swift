/// Builds a section's rows declaratively: `Section(header: h) { row1; row2; if x { row3 }; for m in ms { Row(m) } }`.
@MainActor
@resultBuilder
public enum RowsBuilder {
    public static func buildExpression(_ generator: any RowGenerator) -> [any RowGenerator] { [generator] }
    public static func buildExpression<G: RowGenerator>(_ generators: [G]) -> [any RowGenerator] { generators }
    public static func buildExpression(_ generators: [any RowGenerator]) -> [any RowGenerator] { generators }
    public static func buildBlock(_ parts: [any RowGenerator]...) -> [any RowGenerator] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any RowGenerator]?) -> [any RowGenerator] { part ?? [] }
    public static func buildEither(first part: [any RowGenerator]) -> [any RowGenerator] { part }
    public static func buildEither(second part: [any RowGenerator]) -> [any RowGenerator] { part }
    public static func buildArray(_ parts: [[any RowGenerator]]) -> [any RowGenerator] { parts.flatMap { $0 } }
}

/// Builds a whole state declaratively: `manager.setState { Section(header: a) { … }; Section { … } }`.
@MainActor
@resultBuilder
public enum SectionsBuilder {
    public static func buildExpression(_ section: Section) -> [Section] { [section] }
    public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
    public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
    public static func buildEither(first part: [Section]) -> [Section] { part }
    public static func buildEither(second part: [Section]) -> [Section] { part }
    public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
}

extension Section {
    /// A section whose rows are built declaratively.
    public init(header: (any RowGenerator)? = nil, footer: (any RowGenerator)? = nil,
                controller: (any SectionController)? = nil, @RowsBuilder rows: () -> [any RowGenerator]) {
        self.init(header: header, rows: rows(), footer: footer, controller: controller)
    }
}

extension BaseListManager {
    /// Replaces everything with the sections built by `sections`, diffed (any manager).
    public func setState(@SectionsBuilder _ sections: () -> [Section]) throws(DataDisplayError) {
        try setState(sections())
    }
}
