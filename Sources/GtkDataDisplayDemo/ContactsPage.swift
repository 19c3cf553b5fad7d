import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell

/// The "Contacts" page: an address book of 5,000 people in letter sections, written as app code
/// (GtkDataDisplay only, no C).
///
/// The letter sections are a `FilteredState` of the contacts: the search (name, email, phone; case
/// and accents ignored; typing on looks only at the last matches) and the sections by initial
/// letter, each a whole state the manager diffs by contact id, so only the rows that changed are
/// spliced, and the selection and scroll position stay where they can. A star or a deletion
/// changes the `ContactList` and hands its contacts over again. On top, a
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
    /// Typing on the list selects the first contact whose name starts with it.
    let finder = TypeToFindPlugin(\Contact.name)
    /// What the page shows, before it becomes rows.
    private(set) var list = ContactList(contacts: ContactDirectory.generate())
    /// Whether the Favourites group is open (the page keeps it: the group leaves the list while
    /// the search matches no favourite).
    private(set) var favouritesOpen = true
    private let footer: StatusFooter
    private var template: RowTemplate<Contact>!
    /// The contacts as the letter sections show them: searched and grouped.
    private var contacts: FilteredState<Contact>!

    init() {
        empty = .statusPage(iconName: "edit-find-symbolic", title: "No Contacts Match",
                            description: "Try another name, email address or phone number.", actionLabel: "Clear search")
        var actions: ((any RowGenerator) -> [RowAction])?
        rowActions = .rowActions { generator in actions?(generator) ?? [] }
        adapter = manager.listViewBuilder
            .add(plugin: .selectable(.multiple))
            .add(plugin: .foldable())
            .add(plugin: empty)
            .add(plugin: reordering)
            .add(plugin: rowActions)
            .add(plugin: finder)
            .add(plugin: .stickyHeaders())   // the letter of the contacts at the top stays pinned
            .build()
        adapter.accessibleName = "Contacts"
        adapter.vexpand = true   // the empty state fills the page too, not only the list
        footer = StatusFooter(adapter: adapter) { [unowned manager] in
            "\(grouped(Self.contactRows(in: manager))) contact rows shown"
        }
        let template = ContactRowTemplate.make { [weak self] id, isFavourite in self?.setFavourite(id, isFavourite) }
        self.template = template
        // No contacts yet: nothing that could be refused (they come with the first render below).
        contacts = try! FilteredState(manager: manager, models: [], text: \.searchText, ignoringAccents: true) {
            ContactRow(template: template, model: $0, id: $0.id)
        }
        try! contacts.group(by: \.letter) { letter, count in
            LetterHeader(model: LetterHeading(letter: letter, count: count), id: "letter \(letter)")
        }
        contacts.leadingSections = { [weak self] in self?.favouritesSections() ?? [] }
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
        finder.didFind += { [weak self] generator in
            guard let contact = (generator as? ContactRow)?.model else { return }
            self?.footer.show("Found “\(contact.name)”")
        }
        footer.perform { () throws(DataDisplayError) in
            try contacts.setModels(list.contacts)
            return "Loaded \(grouped(list.contacts.count)) contacts"
        }
    }

    private func makeToolbar() -> Box {
        search.hexpand = true
        let line = Box(.horizontal, spacing: 6, search, deleteButton)
        let hint = Label("Star a contact to add it to Favourites; drag favourites or press Alt+Up/Down to reorder them. "
                         + "Ctrl+click or Shift+click selects several; Delete removes them. Right click or Menu opens a row’s actions. "
                         + "Typing on the list jumps to the first name that starts with it (Up/Down: the others).",
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
        empty.placeholder.title = text.isEmpty ? "No Contacts" : "No Contacts Match “\(text)”"
        footer.perform { () throws(DataDisplayError) in
            try contacts.setQuery(text.trimmingCharacters(in: .whitespaces))
            guard let matches = contacts.matchCount else { return "Search cleared" }
            return "Search “\(text)”: \(plural(matches, "contact")) match"
        }
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

    /// Hands the contacts over again after a star or a deletion; the footer says what reached the store.
    private func render(_ headline: String) {
        footer.perform { () throws(DataDisplayError) in
            try contacts.setModels(list.contacts)
            return headline
        }
    }

    /// Above the letter sections: Favourites, a foldable group of the favourites the search lets
    /// through, in the user's order (none when it lets none through).
    private func favouritesSections() -> [Section] {
        let favourites = list.matchingFavourites
        guard !favourites.isEmpty else { return [] }
        let children = favourites.map { FavouriteRow(template: template, model: $0, id: "favourite \($0.id)") }
        let group = FavouritesGroup(model: favourites.count, id: "favourites", children: children, expanded: favouritesOpen)
        group.didFoldEvent += { [weak self] isOpen in self?.favouritesOpen = isOpen }
        return [Section(rows: [group])]
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
