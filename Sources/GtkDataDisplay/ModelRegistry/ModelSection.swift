/// A section of plain model values: an optional header model, the row models and an optional
/// footer model, each shown by the row its type is registered for (`ModelRegistry`). A value that
/// is already a `RowGenerator` is used as it is.
///
/// `controller` owns the events of the section's rows and decides for them (`SectionController`).
@MainActor
public struct ModelSection {
    /// The header's model (or generator), shown above the rows; nil for none.
    public var header: Any?
    /// The rows' models (or generators), in order; any mix of registered types.
    public var models: [Any]
    /// The footer's model (or generator), shown below the rows; nil for none.
    public var footer: Any?
    /// The section's controller (nil: the one the section shown with the same header id has, if any).
    public var controller: (any SectionController)?

    /// A section of these models.
    public init(header: Any? = nil, models: [Any] = [], footer: Any? = nil, controller: (any SectionController)? = nil) {
        self.header = header
        self.models = models
        self.footer = footer
        self.controller = controller
    }

    /// The section of generators that `registry` makes for these models.
    public func section(using registry: ModelRegistry) throws(DataDisplayError) -> Section {
        Section(header: try header.map { m throws(DataDisplayError) in try registry.generator(for: m, role: .header) },
                rows: try registry.generators(for: models),
                footer: try footer.map { m throws(DataDisplayError) in try registry.generator(for: m, role: .footer) },
                controller: controller)
    }
}
