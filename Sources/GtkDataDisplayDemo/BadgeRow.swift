// The Base page's badge row (icon, title over caption, a count in a pill): a row template whose
// widgets are described by `Resources/ui/badge-row.ui`, bound to a `StockItem`.

import GtkDataDisplay

/// A badge row (icon, title, count), shown with the `badge-row.ui` template.
final class BadgeRow: TemplateRowGenerator<StockItem>, DemoRow {
    var title: String { model.name }

    init<ID: Hashable>(model: StockItem, id: ID) {
        super.init(template: Self.template, model: model, id: id)
    }

    func changeContent() {
        // Never zero, never the same count: the change must be visible.
        model.count = max(1, model.count + [-3, -2, -1, 1, 2, 3, 5].randomElement()!)
    }

    func copy(changed: Bool) -> any DemoRow {
        let copy = BadgeRow(model: model, id: diffID)
        if changed { copy.changeContent() }
        return copy
    }

    /// The template from the demo's resource bundle, read and checked once; without the bundle
    /// (or with a broken file), the same widgets from `fallbackUI`.
    static let template: RowTemplate<StockItem> = {
        do {
            guard DemoResources.register() else { throw TemplateError.resourceNotFound(path: uiPath, reason: "no resource bundle") }
            let template = try bindings(RowTemplate(resource: uiPath, root: "root"))
            try template.validate()
            return template
        } catch {
            DemoResources.warn("\(error): using the built-in badge row")
            return try! bindings(RowTemplate(string: fallbackUI, root: "root"))
        }
    }()

    private static let uiPath = DemoResources.basePath + "/ui/badge-row.ui"

    private static func bindings(_ template: RowTemplate<StockItem>) -> RowTemplate<StockItem> {
        template
            .bind("icon", .iconName, to: { Optional($0.icon) })
            .bind("title", .label, to: { $0.name })
            .bind("caption", .label, to: { $0.caption })
            .bind("count", .label, to: { String($0.count) })
    }

    /// `badge-row.ui` in short, for a demo run without its resource bundle.
    private static let fallbackUI = """
    <interface><object class="GtkBox" id="root"><property name="spacing">12</property><style><class name="badge-row"/></style>
      <child><object class="GtkImage" id="icon"><property name="accessible-role">presentation</property><property name="pixel-size">24</property></object></child>
      <child><object class="GtkBox"><property name="orientation">vertical</property><property name="spacing">2</property><property name="hexpand">true</property>
        <child><object class="GtkLabel" id="title"><property name="xalign">0</property><property name="ellipsize">end</property><style><class name="title"/></style></object></child>
        <child><object class="GtkLabel" id="caption"><property name="xalign">0</property><property name="ellipsize">end</property><style><class name="subtitle"/></style></object></child>
      </object></child>
      <child><object class="GtkLabel" id="count"><property name="valign">center</property><style><class name="badge"/></style></object></child>
    </object></interface>
    """
}
