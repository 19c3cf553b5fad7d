import CGtkDataDisplay

/// What one cell of a declared column shows: a widget and how to fill it from a row's generator.
/// Made once per GTK list item of the column (its factory's `setup`).
@MainActor
final class ColumnCellView {
    /// The cell's widget (the list item's child).
    let widget: OwnedWidget
    /// The view of a column of views (nil for a label).
    private let rowView: (any RowView)?
    /// Fills the widget from a generator; false when the generator shows no model of the column's type.
    private let fill: @MainActor (ColumnCellView, any RowGenerator) -> Bool
    /// Empties the widget (a row without a model of the column's type).
    private let clear: @MainActor () -> Void
    /// The text a label cell shows (what the testing kit and screen readers read), nil for views.
    private(set) var text: String?
    private let setsText: Bool

    private init(widget: OwnedWidget, rowView: (any RowView)? = nil, setsText: Bool, fill: @escaping @MainActor (ColumnCellView, any RowGenerator) -> Bool,
                 clear: @escaping @MainActor () -> Void) {
        self.widget = widget
        self.rowView = rowView
        self.setsText = setsText
        self.clear = clear
        self.fill = fill
    }

    /// Shows `generator`'s model, or nothing when it has none of the column's type.
    func show(_ generator: any RowGenerator) {
        if !fill(self, generator) {
            clear()
            text = setsText ? "" : nil
        }
    }

    /// A label showing `text(model)`, start-aligned and ellipsized at the end.
    static func label<Model>(_ text: @escaping @MainActor (Model) -> String) -> ColumnCellView {
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(gdd_label(untyped(label)), 0)
        gtk_label_set_ellipsize(gdd_label(untyped(label)), PANGO_ELLIPSIZE_END)
        let widget = OwnedWidget(label)
        return ColumnCellView(widget: widget, setsText: true, fill: { cell, generator in
            guard let model = generator.model(as: Model.self) else { return false }
            let shown = text(model)
            if cell.text != shown {
                // A cell with no text is kept out of the accessibility tree (GTK 4.8 would name
                // it "GtkLabel"; `InternalWidgetNames`).
                if shown.isEmpty != (cell.text ?? "").isEmpty || cell.text == nil {
                    AccessibleAttributes.setHidden(label, shown.isEmpty)
                }
                cell.text = shown
                shown.withCString { gtk_label_set_text(gdd_label(untyped(label)), $0) }
            }
            return true
        }, clear: {
            gtk_label_set_text(gdd_label(untyped(label)), "")
            AccessibleAttributes.setHidden(label, true)
        })
    }

    /// A template's widgets, bound to `value(model)`.
    static func template<Model, CellModel>(_ template: RowTemplate<CellModel>,
                                           _ value: @escaping @MainActor (Model) -> CellModel) -> ColumnCellView {
        configured(TemplateRowView(template: template), value)
    }

    /// A `View` configured with `value(model)`.
    static func view<Model, View: ConfigurableRowView>(_ type: View.Type,
                                                       _ value: @escaping @MainActor (Model) -> View.Model) -> ColumnCellView {
        configured(View.make(), value)
    }

    /// `view`, configured with `value(model)` for a row showing a `Model`, hidden for another row.
    private static func configured<Model, View: ConfigurableRowView>(_ view: View,
                                                                     _ value: @escaping @MainActor (Model) -> View.Model) -> ColumnCellView {
        ColumnCellView(widget: view.widget, rowView: view, setsText: false, fill: { cell, generator in
            guard let view = cell.rowView as? View else { return false }
            guard let model = generator.model(as: Model.self) else {
                gtk_widget_set_visible(view.widget.pointer, 0)
                return false
            }
            gtk_widget_set_visible(view.widget.pointer, 1)
            view.configure(with: value(model))
            return true
        }, clear: {})
    }
}
