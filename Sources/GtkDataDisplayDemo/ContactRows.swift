// The Contacts page's rows: a contact (a GtkBuilder template, `Resources/ui/contact-row.ui`,
// with bindings), a favourite (the same template, movable), the Favourites group and a letter header.

import GtkDataDisplay

/// A contact in its letter section: stays in name order (not movable).
typealias ContactRow = TemplateRowGenerator<Contact>

/// A contact in the Favourites group: the user orders favourites by drag and Alt+Up/Down, among
/// themselves (a child row of a foldable moves among its siblings only).
final class FavouriteRow: TemplateRowGenerator<Contact>, MovableItem {}

/// The heading of one letter section: the letter and how many contacts it shows.
struct LetterHeading: Equatable {
    var letter: String
    var count: Int
}

/// A letter section's header.
typealias LetterHeader = BaseHeaderGenerator<LetterHeaderView>

/// The Favourites group: folds open and closed; the row itself is not a contact, so it is not
/// selectable (Delete never takes it), but activating it (Enter, double click) folds it.
final class FavouritesGroup: FoldableRowGenerator<FavouritesGroupView> {
    override var isSelectable: Bool { false }
    override var isActivatable: Bool { true }
}

/// A letter in bold with the section's count at the end, as a list heading.
@MainActor
final class LetterHeaderView: ConfigurableRowView {
    let widget: Widget
    private let letter = Label(xalign: 0)
    private let count = Label(xalign: 1)

    static func make() -> LetterHeaderView { LetterHeaderView() }

    private init() {
        letter.addCSSClass("gdd-title")
        letter.hexpand = true
        count.addCSSClass("dim-label")
        let box = Box(.horizontal, spacing: 12, letter, count)
        box.addCSSClass("section-header")
        widget = box.widget
    }

    func configure(with model: LetterHeading) {
        letter.text = model.letter
        count.text = grouped(model.count)
    }
}

/// The Favourites group's row: a star, "Favourites" and how many there are.
@MainActor
final class FavouritesGroupView: ConfigurableRowView {
    let widget: Widget
    private let title = Label("Favourites", xalign: 0)
    private let count = Label(xalign: 1)

    static func make() -> FavouritesGroupView { FavouritesGroupView() }

    private init() {
        let star = Image(iconName: "starred-symbolic")
        title.addCSSClass("heading")
        title.hexpand = true
        count.addCSSClass("dim-label")
        let box = Box(.horizontal, spacing: 8, star, title, count)
        box.addCSSClass("favourites-group")
        widget = box.widget
    }

    func configure(with count: Int) {
        self.count.text = grouped(count)
    }
}

/// The contact row's template: initials on a coloured avatar, name over email and phone, and a
/// star that makes the contact a favourite. `onStar` gets the contact's id and the new state.
@MainActor
enum ContactRowTemplate {
    static func make(onStar: @escaping @MainActor @Sendable (_ id: Int, _ isFavourite: Bool) -> Void) -> RowTemplate<Contact> {
        var template: RowTemplate<Contact>
        do {
            template = try RowTemplate<Contact>(resource: DemoResources.basePath + "/ui/contact-row.ui")
        } catch {
            DemoResources.warn("\(error): using a plain contact row")
            template = try! RowTemplate<Contact>(string: fallbackUI)  // a constant that parses
        }
        template = template
            .bind("name", .label, to: \.name)
            .bind("detail", .label, to: \.detail)
            .bind("star", .active, to: \.isFavourite)
            .bind("star", .iconName, to: { $0.isFavourite ? "starred-symbolic" : "non-starred-symbolic" })
            .bind("star", .tooltip, to: { $0.isFavourite ? "Remove from favourites" : "Add to favourites" })
            .onToggled("star") { row, isActive in onStar(row.model.id, isActive) }
            // The avatar's initials come first in the row: screen readers should say the name.
            .accessibleLabel { $0.name }
        if template.objectIDs.contains("avatar") {
            template = template.bind("avatar", .label, to: \.initials)
            for colour in 0..<5 {
                template = template.bind("avatar", .cssClass("avatar-\(colour)"), to: { $0.avatarColour == colour })
            }
        }
        return template
    }

    /// The row without the bundle (which holds `ui/contact-row.ui`): name, detail, star.
    private static let fallbackUI = """
    <interface>
      <object class="GtkBox" id="row">
        <property name="spacing">12</property>
        <child><object class="GtkBox"><property name="orientation">vertical</property><property name="hexpand">true</property>
          <child><object class="GtkLabel" id="name"><property name="xalign">0</property></object></child>
          <child><object class="GtkLabel" id="detail"><property name="xalign">0</property></object></child>
        </object></child>
        <child><object class="GtkToggleButton" id="star"><property name="valign">center</property></object></child>
      </object>
    </interface>
    """
}
