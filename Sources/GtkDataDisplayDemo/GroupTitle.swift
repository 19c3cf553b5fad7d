// The Box page's footer note (`group-title.ui`). Its settings rows are GtkDataDisplayAdwaita's
// switch, entry and expander rows, its section titles that product's group titles. A row template
// from the demo's resource bundle: no C calls.

import GtkDataDisplay

/// A group's note (`group-title.ui`), as a section footer.
@MainActor
enum GroupTitle {
    static let template: RowTemplate<String> = DemoResources.template("group-title.ui") {
        $0.bind("row", .label, to: { $0 })
    }

    static func footer(_ title: String, id: String) -> TemplateFooterGenerator<String> {
        TemplateFooterGenerator(template: template, model: title, id: id)
    }
}
