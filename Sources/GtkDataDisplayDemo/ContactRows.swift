// The Contacts page's rows, all from GtkBuilder templates in `Resources/ui/`: a contact
// (`contact-row.ui`), a favourite (the same template, movable), the Favourites group
// (`favourites-group.ui`) and a letter header (`letter-header.ui`).

import GtkDataDisplay
import GtkDataDisplayShell

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

/// A letter section's header: the letter in bold, the section's count at the end (`letter-header.ui`).
final class LetterHeader: TemplateHeaderGenerator<LetterHeading> {
    init(model: LetterHeading, id: String) {
        super.init(template: Self.template, model: model, id: id)
    }

    static let template: RowTemplate<LetterHeading> = DemoResources.template("letter-header.ui") {
        $0.bind("letter", .label, to: \.letter)
            .bind("count", .label, to: { grouped($0.count) })
    }
}

/// The Favourites group: folds open and closed; the row itself is not a contact, so it is not
/// selectable (Delete never takes it), but activating it (Enter, double click) folds it. Its row
/// (`favourites-group.ui`) shows a star, "Favourites" and how many there are.
final class FavouritesGroup: TemplateFoldableRowGenerator<Int> {
    init(model: Int, id: String, children: [any RowGenerator], expanded: Bool?) {
        super.init(template: Self.template, model: model, id: id, children: children, expanded: expanded)
    }

    override var isSelectable: Bool { false }
    override var isActivatable: Bool { true }

    static let template: RowTemplate<Int> = DemoResources.template("favourites-group.ui") {
        $0.bind("count", .label, to: { grouped($0) })
    }
}

/// The contact row's template: initials on a coloured avatar, name over email and phone, and a
/// star that makes the contact a favourite. `onStar` gets the contact's id and the new state.
@MainActor
enum ContactRowTemplate {
    static func make(onStar: @escaping @MainActor @Sendable (_ id: Int, _ isFavourite: Bool) -> Void) -> RowTemplate<Contact> {
        DemoResources.template("contact-row.ui") { template in
            var template = template
                .bind("name", .label, to: \.name)
                .bind("detail", .label, to: \.detail)
                .bind("star", .active, to: \.isFavourite)
                .bind("star", .iconName, to: { $0.isFavourite ? "starred-symbolic" : "non-starred-symbolic" })
                .bind("star", .tooltip, to: { $0.isFavourite ? "Remove from favourites" : "Add to favourites" })
                .onToggled("star") { row, isActive in onStar(row.model.id, isActive) }
                // The avatar's initials come first in the row: screen readers should say the name.
                .accessibleLabel { $0.name }
                .bind("avatar", .label, to: \.initials)
            for colour in 0..<5 {
                template = template.bind("avatar", .cssClass("avatar-\(colour)"), to: { $0.avatarColour == colour })
            }
            return template
        }
    }
}
