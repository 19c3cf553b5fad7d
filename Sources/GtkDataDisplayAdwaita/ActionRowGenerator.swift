import GtkDataDisplay

/// What an action row shows: a title, a dimmed subtitle under it, an optional icon before them.
public struct ActionRowContent: Equatable, Sendable {
    /// The title (plain text).
    public var title: String
    /// The subtitle under the title (plain text); empty shows none.
    public var subtitle: String
    /// A themed icon before the title; nil shows none.
    public var iconName: String?

    /// An action row's content.
    public init(title: String, subtitle: String = "", iconName: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.iconName = iconName
    }
}

/// A row as libadwaita apps show settings and navigation entries: an `AdwActionRow` with a title, a
/// subtitle and an icon. Activating it (a click, Enter) fires `didActivateEvent`. In a
/// `BoxAdapter` styled as a boxed list (`boxedList()`) rows read as one of GNOME's settings pages.
///
///     let about = ActionRowGenerator(title: "About", subtitle: "Version 1.0", iconName: "help-about-symbolic", id: "about")
///     about.didActivateEvent += { showAbout() }
///
/// The texts are shown as they are (no Pango markup), and the row is named by its title and
/// subtitle for screen readers.
@MainActor
open class ActionRowGenerator: AdwaitaRowGenerator<ActionRowContent> {
    /// A row showing `content`, matched across updates by `id`.
    public init<ID: Hashable>(_ content: ActionRowContent, id: ID) {
        super.init(template: Self.template, model: content, id: id)
    }

    /// A row with these texts and icon, matched across updates by `id`.
    public convenience init<ID: Hashable>(title: String, subtitle: String = "", iconName: String? = nil, id: ID) {
        self.init(ActionRowContent(title: title, subtitle: subtitle, iconName: iconName), id: id)
    }

    /// An action row is activated, not selected.
    open override var isSelectable: Bool { false }
    /// Activating the row fires `didActivateEvent`.
    open override var isActivatable: Bool { true }

    /// The `AdwActionRow` template (its ids: `row`, `icon`).
    public static let template: RowTemplate<ActionRowContent> = AdwaitaTemplates.titledRow("""
        <object class="AdwActionRow" id="row">
          <property name="use-markup">false</property>
          <property name="focusable">false</property>
          <property name="can-focus">false</property>
          <property name="activatable">true</property>
          <child type="prefix"><object class="GtkImage" id="icon"><property name="accessible-role">presentation</property></object></child>
        </object>
        """)
}
