import GtkDataDisplay

/// The product's row templates: `.ui` text of its own, checked by its tests, so a template that
/// does not build is a defect of the product, never of the app's data. libadwaita's rows are
/// `GtkListBoxRow`s, here outside a `GtkListBox`, where a row taking the focus is a GTK critical: an
/// action or switch row takes no focus (nor does its switch: the list item or box row around it
/// takes the keyboard's activation, which flips it), an entry row gives it to its text.
@MainActor
enum AdwaitaTemplates {
    /// The template of `object` (an `<object>` with id `row`), its bindings added by `configure`.
    static func make<Model>(_ model: Model.Type, _ object: String,
                            _ configure: (RowTemplate<Model>) -> RowTemplate<Model>) -> RowTemplate<Model> {
        Adwaita.registerTypes()
        do {
            return configure(try RowTemplate<Model>(string: "<interface>\n\(object)\n</interface>"))
        } catch {
            fatalError("GtkDataDisplayAdwaita: its own row template does not parse: \(error)")
        }
    }

    /// The template of `object` (an `<object>` with id `row` whose `title` and `subtitle` show the
    /// content's, and a prefix `GtkImage` with id `icon` showing its icon), named for screen readers
    /// by title and subtitle: an action row, an expander row.
    static func titledRow(_ object: String) -> RowTemplate<ActionRowContent> {
        make(ActionRowContent.self, object) {
            $0.bind("row", .property("title"), to: \.title)
                .bind("row", .property("subtitle"), to: \.subtitle)
                .bind("icon", .iconName, to: \.iconName)
                .bind("icon", .visible, to: { $0.iconName != nil })
                .accessibleLabel { accessibleName(title: $0.title, subtitle: $0.subtitle) }
        }
    }

    /// A row's name for screen readers: its title, and its subtitle after a comma when it has one.
    static func accessibleName(title: String, subtitle: String) -> String {
        subtitle.isEmpty ? title : "\(title), \(subtitle)"
    }
}
