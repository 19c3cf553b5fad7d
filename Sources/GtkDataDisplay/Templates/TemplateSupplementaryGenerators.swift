/// A section header or footer shown with a `RowTemplate`: the template's widgets, its bindings
/// set from `model` on every bind. Not selectable or activatable, like every header and footer.
///
/// A header has no row for handlers to get, so its template has bindings only: a template with
/// `onClicked`/`onToggled`/… stops the program when the generator is created, with that
/// message (handle such signals in a `TemplateRowGenerator` row).
@MainActor
open class TemplateSupplementaryGenerator<Model>: SupplementaryRowGenerator<TemplateRowView<Model>> {
    /// The template the header or footer is shown with.
    public let template: RowTemplate<Model>

    /// A header or footer showing `model` with `template`; `id` identifies it across whole-state updates.
    public init<ID: Hashable>(template: RowTemplate<Model>, model: Model, id: ID) {
        Self.checkHasNoSignals(template)
        self.template = template
        super.init(model: model, id: id)
    }

    /// A header or footer showing `model` with `template`, identified by this instance.
    public init(template: RowTemplate<Model>, model: Model) {
        Self.checkHasNoSignals(template)
        self.template = template
        super.init(model: model)
    }

    open override var reuseIdentifier: ReuseIdentifier { template.reuseIdentifier }

    open override func makeView() -> any RowView { TemplateRowView(template: template) }

    open override func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
        guard let other = other as? TemplateSupplementaryGenerator<Model>,
              other.template.definition === template.definition else { return false }
        return super.isContentEqual(to: other)
    }

    /// The view shows the model only (no handler reaches the generator): an equal one needs nothing.
    open override func adopt(_ view: any RowView, from previous: any RowGenerator) {}

    private static func checkHasNoSignals(_ template: RowTemplate<Model>) {
        let signals = template.definition.signals.map(\.usage)
        precondition(signals.isEmpty, "RowTemplate \(template.sourceName): a header or footer template takes bindings only, "
                     + "but it has \(signals.joined(separator: ", ")); handle the signal in a row")
    }
}

/// A section header shown with a `RowTemplate` (`BaseHeaderGenerator` for templates).
///
///     let letterHeader = try RowTemplate<String>(resource: "/org/example/letter-header.ui")
///         .bind("letter", .label, to: { $0 })
///     Section(header: TemplateHeaderGenerator(template: letterHeader, model: "A", id: "letter A"), rows: rows)
@MainActor
open class TemplateHeaderGenerator<Model>: TemplateSupplementaryGenerator<Model>, HeaderGenerator {}

/// A section footer shown with a `RowTemplate` (`BaseFooterGenerator` for templates).
@MainActor
open class TemplateFooterGenerator<Model>: TemplateSupplementaryGenerator<Model>, FooterGenerator {}
