import CGtkDataDisplay

/// A row view built from a `RowTemplate`: the template's widgets, its bindings applied on bind,
/// its signal handlers connected once and routed to the generator the view shows now.
///
/// `TemplateRowGenerator` makes and binds these; app code rarely touches one. `child(_:)` and
/// `object(_:)` reach the .ui's objects by id for what the bindings do not cover.
@MainActor
public final class TemplateRowView<Model>: ConfigurableRowView {
    /// The root widget.
    public let widget: OwnedWidget
    /// The template it was built from.
    public let template: RowTemplate<Model>
    /// The generator whose row the view shows now (nil while it shows none).
    public internal(set) weak var generator: TemplateRowGenerator<Model>?
    private let built: BuiltTemplate
    /// The object of each binding, in the template's order.
    private let bindingTargets: [GObjectPointer]
    /// True while a bind sets properties: the changes it makes raise no handler.
    private var isBinding = false

    init(template: RowTemplate<Model>) {
        let definition = template.definition
        do {
            built = try TemplateBuilder.build(definition)
        } catch {
            fatalError(error.description)
        }
        widget = built.root
        self.template = template
        bindingTargets = definition.bindings.map { [built] in built.pointers[$0.id]! }
        for route in definition.signals {
            route.connect(built.pointers[route.id]!, self)
        }
    }

    /// A template view is built from its template: `TemplateRowGenerator` does it.
    public static func make() -> TemplateRowView<Model> {
        fatalError("TemplateRowView is built from a RowTemplate: show it with TemplateRowGenerator(template:model:id:)")
    }

    /// Sets every bound property from `model`.
    public func configure(with model: Model) {
        isBinding = true
        defer { isBinding = false }
        let definition = template.definition
        for (index, object) in bindingTargets.enumerated() {
            if let problem = definition.bindings[index].apply(object, model) {
                definition.report(problem, ofBinding: index)
            }
        }
    }

    /// Forgets the generator: the view shows no row until the next bind.
    public func prepareForReuse() {
        generator = nil
    }

    /// The widget with `id` in the .ui (nil when there is none, or it is not a widget).
    public func child(_ id: String) -> OwnedWidget? { built.widgets[id] }

    /// The object with `id` in the .ui, widget or not, as a `GObject` pointer.
    public func object(_ id: String) -> GObjectPointer? { built.pointers[id] }

    /// Runs a handler with the generator shown now, unless none is shown or a bind is under way.
    func deliver(_ handler: (TemplateRowGenerator<Model>) -> Void) {
        guard !isBinding, let generator else { return }
        handler(generator)
    }
}
