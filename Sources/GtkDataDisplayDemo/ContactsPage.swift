import GtkDataDisplay
import GtkDataDisplayShell

/// The "Contacts" page: an address book of 5,000 people in letter sections, written as app code
/// (GtkDataDisplay only, no C).
///
/// Every change — a search, a star, a deletion — changes the `ContactList` and renders it again
/// as a whole state (`setState`): the manager diffs it by contact id, so only the rows that
/// changed are spliced, and the selection and scroll position stay where they can. On top, a
/// foldable Favourites group holds the starred contacts in the user's order: drag them or press
/// Alt+Up/Down to reorder them. Contacts in letter sections stay in name order and do not move.
/// Several contacts can be selected (Ctrl/Shift+click) and deleted with the Delete button or key;
/// each row has a context menu (star, copy email, delete). A search that matches nobody shows
/// the empty state.
@MainActor
final class ContactsPage: DemoPage {
    let name = PageName.contacts
    let title = "Contacts"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: toolbar.gtkWidget, list: adapter.gtkWidget,
                                                                       footer: footer)
    /// The search, the Delete button and the hint (kept: the wrapper owns its widget's reference).
    private lazy var toolbar = makeToolbar()
    let manager = BaseListManager()
    let adapter: ListViewAdapter
    let search = SearchEntry(placeholder: "Search names, emails, phone numbers")
    let deleteButton = Button(mnemonic: "_Delete")
    let empty: EmptyStatePlugin
    let rowActions: RowActionsPlugin
    let reordering = ReorderingPlugin(unmarked: .fixed)
    /// What the page shows, before it becomes rows.
    private(set) var list = ContactList(contacts: ContactDirectory.generate())
    /// Whether the Favourites group is open (the page keeps it: the group leaves the list while
    /// the search matches no favourite).
    private(set) var favouritesOpen = true
    private let footer: StatusFooter
    private var template: RowTemplate<Contact>!

    init() {
        empty = .emptyState(iconName: "edit-find-symbolic", title: "No contacts match",
                            description: "Try another name, email address or phone number.", actionLabel: "Clear search")
        var actions: ((any RowGenerator) -> [RowAction])?
        rowActions = .rowActions { generator in actions?(generator) ?? [] }
        adapter = manager.listViewBuilder
            .add(plugin: .selectable(.multiple))
            .add(plugin: .foldable())
            .add(plugin: empty)
            .add(plugin: reordering)
            .add(plugin: rowActions)
            .build()
        adapter.accessibleName = "Contacts"
        adapter.vexpand = true   // the empty state fills the page too, not only the list
        footer = StatusFooter(adapter: adapter) { [unowned manager] in
            "\(grouped(Self.contactRows(in: manager))) contact rows shown"
        }
        template = ContactRowTemplate.make { [weak self] id, isFavourite in self?.setFavourite(id, isFavourite) }
        actions = { [weak self] generator in self?.rowActions(for: generator) ?? [] }

        search.widget.setAccessibleLabel("Search contacts")   // GTK 4.8 reads the placeholder to nobody
        deleteButton.tooltip = "Delete the selected contacts (Delete)"
        deleteButton.isSensitive = false
        deleteButton.onClicked { [weak self] in self?.deleteSelected() }
        adapter.selectionChanged += { [weak self] _ in self?.selectionChanged() }
        try? adapter.itemView.addShortcut("Delete") { [weak self] in self?.deleteSelected() ?? false }
        search.onSearchChanged { [weak self] text in self?.setQuery(text) }
        empty.actionActivated += { [weak self] in self?.search.search("") }
        manager.didMove += { [weak self] move in self?.moved(move) }
        render("Loaded \(grouped(list.contacts.count)) contacts")
    }

    private func makeToolbar() -> Box {
        search.hexpand = true
        let line = Box(.horizontal, spacing: 6, search, deleteButton)
        let hint = Label("Star a contact to add it to Favourites; drag favourites or press Alt+Up/Down to reorder them. "
                         + "Ctrl+click or Shift+click selects several; Delete removes them. Right click or Menu opens a row’s actions.",
                         xalign: 0, wrap: true)
        hint.addCSSClass("hint")
        let toolbar = Box(.vertical, spacing: 6, line, hint)
        toolbar.addCSSClass("toolbar")
        return toolbar
    }

    // MARK: What the user does

    /// Filters the list by `text` (name, email or phone; case and accents ignored).
    func setQuery(_ text: String) {
        list.query = text
        empty.placeholder.title = text.isEmpty ? "No contacts" : "No contacts match “\(text)”"
        render(text.isEmpty ? "Search cleared" : "Search “\(text)”: \(plural(list.matching.count, "contact")) match")
    }

    /// Stars or unstars a contact (its star toggle, or its menu).
    func setFavourite(_ id: Int, _ isFavourite: Bool) {
        guard list.setFavourite(id, isFavourite), let contact = list.contact(id: id) else { return }
        render(isFavourite ? "Added “\(contact.name)” to Favourites" : "Removed “\(contact.name)” from Favourites")
    }

    /// Deletes the selected contacts; false when none is selected (the Delete key then goes on).
    @discardableResult
    func deleteSelected() -> Bool {
        let ids = Set(adapter.selectedGenerators.compactMap { ($0 as? ContactRow)?.model.id })
        guard !ids.isEmpty else { return false }
        delete(ids)
        return true
    }

    /// Deletes the contacts with these ids.
    func delete(_ ids: Set<Int>) {
        let names = ids.count == 1 ? list.contact(id: ids.first!).map { "“\($0.name)”" } : nil
        let removed = list.delete(ids)
        render("Deleted \(names ?? plural(removed, "contact"))")
    }

    // MARK: Rendering

    /// Renders the list as a whole state; the footer says what reached the store.
    private func render(_ headline: String) {
        footer.perform { () throws(DataDisplayError) in
            try manager.setState(sections())
            return headline
        }
    }

    /// The list as sections: Favourites (a foldable group, when the search shows any), then one
    /// section per initial letter, each under a header with its letter and count.
    func sections() -> [Section] {
        var result: [Section] = []
        let favourites = list.matchingFavourites
        if !favourites.isEmpty {
            let children = favourites.map { FavouriteRow(template: template, model: $0, id: "favourite \($0.id)") }
            let group = FavouritesGroup(model: favourites.count, id: "favourites", children: children, expanded: favouritesOpen)
            group.didFoldEvent += { [weak self] isOpen in self?.favouritesOpen = isOpen }
            result.append(Section(rows: [group]))
        }
        var rows: [any RowGenerator] = []
        var letter = ""
        func closeSection() {
            guard !rows.isEmpty else { return }
            result.append(Section(header: LetterHeader(model: LetterHeading(letter: letter, count: rows.count), id: "letter \(letter)"),
                                  rows: rows))
            rows = []
        }
        for contact in list.matching {
            if contact.letter != letter {
                closeSection()
                letter = contact.letter
            }
            rows.append(ContactRow(template: template, model: contact, id: contact.id))
        }
        closeSection()
        return result
    }

    // MARK: Reactions

    private func selectionChanged() {
        let count = adapter.selectedCount
        deleteButton.isSensitive = count > 0
        deleteButton.label = count > 1 ? "_Delete \(count)" : "_Delete"
        deleteButton.setCSSClass("delete-contacts", count > 0)
    }

    /// A favourite was dragged or moved by Alt+Up/Down: the list keeps the new order.
    private func moved(_ move: RowMove) {
        guard let group = move.parent as? FavouritesGroup, let row = move.generator as? FavouriteRow else { return }
        list.reorderFavourites(shown: group.children.compactMap { ($0 as? FavouriteRow)?.model.id })
        footer.show("Moved “\(row.model.name)” to the \(ordinal(move.to.index + 1)) place in Favourites")
    }

    /// A contact's context menu: star or unstar, copy the email address, delete.
    private func rowActions(for generator: any RowGenerator) -> [RowAction] {
        guard let row = generator as? ContactRow else { return [] }
        let contact = row.model
        return [
            RowAction(id: "star", label: contact.isFavourite ? "Remove from Favourites" : "Add to Favourites",
                      icon: contact.isFavourite ? "non-starred-symbolic" : "starred-symbolic") { [weak self] in
                self?.setFavourite(contact.id, !contact.isFavourite)
            },
            RowAction(id: "copy-email", label: "Copy Email Address", icon: "edit-copy-symbolic") { [weak self] in
                let copied = Clipboard.copy(contact.email)
                self?.footer.show(copied ? "Copied \(contact.email)" : "No clipboard to copy to")
            },
            RowAction(id: "delete", label: "Delete", icon: "user-trash-symbolic", isDestructive: true) { [weak self] in
                self?.delete([contact.id])
            },
        ]
    }

    /// Contact rows in the store (favourites count twice: in their group and their letter).
    private static func contactRows(in manager: BaseListManager) -> Int {
        manager.flatGenerators.lazy.filter { $0 is ContactRow }.count
    }
}
