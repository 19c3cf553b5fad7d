// The Box page's group titles (`group-title.ui`): the footer note and the foldable "Advanced" row.
// Its settings rows are GtkDataDisplayAdwaita's switch and entry rows, its section titles that
// product's group titles. A row template from the demo's resource bundle: no C calls.

import GtkDataDisplay

/// A group's title (`group-title.ui`), as a footer or the foldable "Advanced" row.
@MainActor
enum GroupTitle {
    static let template: RowTemplate<String> = DemoResources.template("group-title.ui") {
        $0.bind("row", .label, to: { $0 })
    }

    static func footer(_ title: String, id: String) -> TemplateFooterGenerator<String> {
        TemplateFooterGenerator(template: template, model: title, id: id)
    }

    static func foldable(_ title: String, id: String, children: [any RowGenerator], expanded: Bool) -> TemplateFoldableRowGenerator<String> {
        TemplateFoldableRowGenerator(template: template, model: title, id: id, children: children, expanded: expanded)
    }
}
