/// A row showing `model` with a `RowTemplate` (RDDM's generator for a cell loaded from a nib).
///
/// It is a `BaseRowGenerator`: diffable by `id`, content-equal when the template is the same and
/// the (Equatable) model is equal, selectable and activatable, with the same events
/// (`didSelectEvent`, `didActivateEvent`, `willDisplayEvent`…). Change `model`, then call the
/// manager's `update(_:)` (or pass it in a new state) to rebind.
///
///     let row = TemplateRowGenerator(template: contactRow, model: contact, id: contact.id)
///     row.didSelectEvent += { showDetails(contact) }
@MainActor
open class TemplateRowGenerator<Model>: BaseRowGenerator<TemplateRowView<Model>>, AccessibleItem {
    /// The template the row is shown with.
    public let template: RowTemplate<Model>
    /// The view that shows this row now; nil while the row is not shown (scrolled away, folded,
    /// not yet bound). For a change the row makes itself, between two binds by the manager:
    ///
    ///     row.model.isOn.toggle()
    ///     row.view?.configure(with: row.model)   // the switch follows, no handler runs
    public private(set) weak var view: TemplateRowView<Model>?

    /// A row showing `model` with `template`; `id` identifies it across whole-state updates.
    public init<ID: Hashable>(template: RowTemplate<Model>, model: Model, id: ID) {
        self.template = template
        super.init(model: model, id: id)
    }

    /// A row showing `model` with `template`, identified by this instance.
    public init(template: RowTemplate<Model>, model: Model) {
        self.template = template
        super.init(model: model)
    }

    open override var reuseIdentifier: ReuseIdentifier { template.reuseIdentifier }

    /// The template's `accessibleLabel(_:)` for this model; nil: the row's first label.
    open var accessibleLabel: String? { template.definition.accessibleLabel?(model) }

    open override func makeView() -> any RowView { TemplateRowView(template: template) }

    open override func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
        guard let other = other as? TemplateRowGenerator<Model>,
              other.template.definition === template.definition else { return false }
        return super.isContentEqual(to: other)
    }

    /// Points the view's handlers at this row, then sets the bound properties.
    open override func bind(_ view: any RowView) {
        let templateView = view as! TemplateRowView<Model>
        templateView.generator = self
        self.view = templateView
        super.bind(view)
    }

    /// Forgets the view (it goes to another row), then resets it.
    open override func unbind(_ view: any RowView) {
        if self.view === view { self.view = nil }
        super.unbind(view)
    }

    /// The view already shows this content; only its handlers (and `view`) must now reach this row.
    open override func adopt(_ view: any RowView, from previous: any RowGenerator) {
        let templateView = view as! TemplateRowView<Model>
        templateView.generator = self
        if let previous = previous as? TemplateRowGenerator<Model>, previous.view === templateView { previous.view = nil }
        self.view = templateView
    }
}
