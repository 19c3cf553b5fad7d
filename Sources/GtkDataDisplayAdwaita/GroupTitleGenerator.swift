import GtkDataDisplay

/// A section's title as libadwaita titles a group of settings (`AdwPreferencesGroup`): a bold
/// "heading" label over the group's rows. Use it as a section header; screen readers read it as
/// a heading.
///
///     try manager.addSection(header: GroupTitleGenerator(title: "Network", id: "network"), rows: [wifi, vpn])
@MainActor
open class GroupTitleGenerator: TemplateHeaderGenerator<String> {
    /// A group title showing `title` (plain text), matched across updates by `id`.
    public init<ID: Hashable>(title: String, id: ID) {
        super.init(template: Self.template, model: title, id: id)
    }

    /// The template (its id: `row`, a `GtkLabel` of style class `heading`).
    public static let template: RowTemplate<String> = AdwaitaTemplates.make(String.self, """
        <object class="GtkLabel" id="row">
          <property name="xalign">0</property>
          <property name="wrap">true</property>
          <style><class name="heading"/></style>
        </object>
        """) {
        $0.bind("row", .label, to: { $0 })
            .accessibleLabel { $0 }
    }
}
