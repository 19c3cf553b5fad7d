// The Base page's badge row (icon, title over caption, a count in a pill): a row template whose
// widgets are described by `Resources/ui/badge-row.ui`, bound to a `StockItem`.

import GtkDataDisplay
import GtkDataDisplayShell

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

    /// The template `badge-row.ui` from the demo's resource bundle, read and checked once.
    static let template: RowTemplate<StockItem> = DemoResources.template("badge-row.ui", root: "root") {
        $0.bind("icon", .iconName, to: { Optional($0.icon) })
            .bind("title", .label, to: { $0.name })
            .bind("caption", .label, to: { $0.caption })
            .bind("count", .label, to: { String($0.count) })
    }
}
