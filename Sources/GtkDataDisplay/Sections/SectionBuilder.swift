/// Builds a section's rows declaratively: `Section(header: h) { row1; row2; if x { row3 }; for m in ms { MyRow(model: m) } }`.
@MainActor
@resultBuilder
public enum RowsBuilder {
    /// One generator is one row.
    public static func buildExpression(_ generator: any RowGenerator) -> [any RowGenerator] { [generator] }
    /// An array of generators of one type (`models.map { … }`) adds them all, in order.
    public static func buildExpression<G: RowGenerator>(_ generators: [G]) -> [any RowGenerator] { generators }
    /// An array of generators of any types adds them all, in order.
    public static func buildExpression(_ generators: [any RowGenerator]) -> [any RowGenerator] { generators }
    /// The rows of every statement of the block, in order.
    public static func buildBlock(_ parts: [any RowGenerator]...) -> [any RowGenerator] { parts.flatMap { $0 } }
    /// An `if` without `else` adds its rows only when its condition holds.
    public static func buildOptional(_ part: [any RowGenerator]?) -> [any RowGenerator] { part ?? [] }
    /// The rows of an `if`/`else` or `switch` branch taken.
    public static func buildEither(first part: [any RowGenerator]) -> [any RowGenerator] { part }
    /// The rows of an `if`/`else` or `switch` branch taken.
    public static func buildEither(second part: [any RowGenerator]) -> [any RowGenerator] { part }
    /// A `for` loop adds the rows of every iteration, in order.
    public static func buildArray(_ parts: [[any RowGenerator]]) -> [any RowGenerator] { parts.flatMap { $0 } }
}

/// Builds a whole state declaratively: `manager.setState { Section(header: a) { … }; Section { … } }`.
@MainActor
@resultBuilder
public enum SectionsBuilder {
    /// One section.
    public static func buildExpression(_ section: Section) -> [Section] { [section] }
    /// An array of sections adds them all, in order.
    public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
    /// The sections of every statement of the block, in order.
    public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
    /// An `if` without `else` adds its sections only when its condition holds.
    public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
    /// The sections of an `if`/`else` or `switch` branch taken.
    public static func buildEither(first part: [Section]) -> [Section] { part }
    /// The sections of an `if`/`else` or `switch` branch taken.
    public static func buildEither(second part: [Section]) -> [Section] { part }
    /// A `for` loop adds the sections of every iteration, in order.
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
