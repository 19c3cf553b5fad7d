import GtkDataDisplay

/// The base of the product's row generators: a row template of a libadwaita row, whose inner
/// parts (images, gizmos, scroll bars) are kept out of the accessibility tree or named once the row
/// is bound, so that a screen reader reads the row by its title, never a part by its GTK type.
@MainActor
open class AdwaitaRowGenerator<Model>: TemplateRowGenerator<Model> {
    /// A row of `template` showing `model`, matched across updates by `id`.
    public override init<ID: Hashable>(template: RowTemplate<Model>, model: Model, id: ID) {
        Adwaita.registerTypes()
        super.init(template: template, model: model, id: id)
    }

    /// Binds as a template row does, then tidies the row's inner parts (once per view suffices;
    /// it is a walk of a few widgets).
    open override func bind(_ view: any RowView) {
        super.bind(view)
        InternalWidgetNames.tidyInnerParts(under: view.widget.pointer)
    }
}
