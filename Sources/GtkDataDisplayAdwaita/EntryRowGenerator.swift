import GtkDataDisplay

/// What an entry row shows: its title (over the text, or in it while empty) and its text.
public struct EntryRowContent: Equatable, Sendable {
    /// The title (plain text).
    public var title: String
    /// The text in the entry.
    public var text: String

    /// An entry row's content.
    public init(title: String, text: String = "") {
        self.title = title
        self.text = text
    }
}

/// A text setting as libadwaita shows one: an `AdwEntryRow` (libadwaita 1.2), the title inside the
/// row while the text is empty and above it once typed. Each edit changes `model.text` and fires
/// `textChanged`. Not activatable: the entry takes its own clicks and keys.
///
///     let name = EntryRowGenerator(title: "Device name", text: settings.name, id: "name")
///     name.textChanged += { settings.name = $0 }
@MainActor
open class EntryRowGenerator: AdwaitaRowGenerator<EntryRowContent> {
    /// Fires with the new text after each edit.
    public let textChanged = Event<String>()

    /// A row showing `content`, matched across updates by `id`.
    public init<ID: Hashable>(_ content: EntryRowContent, id: ID) {
        super.init(template: Self.template, model: content, id: id)
    }

    /// A row with this title and text, matched across updates by `id`.
    public convenience init<ID: Hashable>(title: String, text: String = "", id: ID) {
        self.init(EntryRowContent(title: title, text: text), id: id)
    }

    /// An entry row is neither selected nor activated.
    open override var isSelectable: Bool { false }
    /// The entry takes the clicks.
    open override var isActivatable: Bool { false }

    /// The template (its id: `row`, the `AdwEntryRow`, a `GtkEditable`).
    public static let template: RowTemplate<EntryRowContent> = AdwaitaTemplates.make(EntryRowContent.self, """
        <object class="AdwEntryRow" id="row">
          <property name="use-markup">false</property>
          <property name="focusable">false</property>
        </object>
        """) {
        $0.bind("row", .property("title"), to: \.title)
            .bind("row", .text, to: \.text)
            .onTextChanged("row") { row, text in
                guard let row = row as? EntryRowGenerator, text != row.model.text else { return }
                row.model.text = text
                row.textChanged.invoke(with: text)
            }
            .accessibleLabel { $0.title }
    }
}
