import GtkDataDisplay
import GtkDataDisplayShell

/// The contacts screen: a search entry, Delete and Reload buttons, and the list.
@MainActor
final class ContactsScreen {
    let manager = BaseListManager()
    let adapter: ListViewAdapter
    let search = SearchEntry(placeholder: "Search contacts")
    let deleteButton = Button(label: "Delete")
    let reloadButton = Button(label: "Reload")
    let content: Box

    /// What the app knows: the contacts loaded so far, in name order.
    private(set) var loaded: [Contact] = []
    /// Starred contacts' ids, in the order the user keeps them.
    private(set) var favouriteOrder: [Int] = []
    private(set) var filter = ""
    /// Whether the Favourites group is open: the app keeps it, since the group leaves the list
    /// while a search matches no favourite.
    private(set) var favouritesOpen = false
    private(set) var isLoading = false
    private(set) var reachedEnd = false
    private var deleted = Set<Int>()
    private let book: ContactBook
    private var contactRow: RowTemplate<Contact>!

    init(book: ContactBook) {
        self.book = book
        adapter = manager.listViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: .foldable()).build()
        let buttons = Box(.horizontal, spacing: 6, search, deleteButton, reloadButton)
        search.hexpand = true
        content = Box(.vertical, spacing: 6, buttons, adapter.scrolledWindow)
        content.setMargins(8)
        contactRow = try! RowTemplate<Contact>(string: contactRowUI)
            .bind("name", .label, to: \.name)
            .bind("email", .label, to: \.email)
            .bind("email", .visible, to: { !$0.email.isEmpty })
            .bind("star", .active, to: \.starred)
            .onToggled("star") { [weak self] row, isActive in self?.setStarred(row.model.id, isActive) }

        deleteButton.isSensitive = false
        adapter.selectionChanged += { [weak self] _ in
            guard let self else { return }
            self.deleteButton.isSensitive = self.adapter.selectedCount > 0
        }
        deleteButton.onClicked { [weak self] in self?.deleteSelected() }
        reloadButton.onClicked { [weak self] in Task { await self?.reload() } }
        search.onSearchChanged { [weak self] text in self?.setFilter(text) }
        loadNextPage()
    }

    // MARK: What the user does

    func setFilter(_ text: String) {
        filter = text
        render()
    }

    func setStarred(_ id: Int, _ starred: Bool) {
        guard let i = loaded.firstIndex(where: { $0.id == id }), loaded[i].starred != starred else { return }
        loaded[i].starred = starred
        if starred { favouriteOrder.append(id) } else { favouriteOrder.removeAll { $0 == id } }
        render()
    }

    func deleteSelected() {
        let ids = Set(adapter.selectedGenerators.compactMap { ($0 as? TemplateRowGenerator<Contact>)?.model.id })
        deleted.formUnion(ids)
        loaded.removeAll { ids.contains($0.id) }
        favouriteOrder.removeAll { ids.contains($0) }
        render()
    }

    /// Moves a favourite one place up or down in the Favourites group.
    func moveFavourite(_ id: Int, by offset: Int) {
        guard let i = favouriteOrder.firstIndex(of: id), favouriteOrder.indices.contains(i + offset) else { return }
        favouriteOrder.swapAt(i, i + offset)
        render()
    }

    /// Fetches every page loaded so far again and shows it, diffed off the main thread.
    @discardableResult
    func reload() async -> Bool {
        var fresh: [Contact] = []
        while fresh.count < loaded.count + deleted.count, case let page = book.page(at: fresh.count), !page.isEmpty {
            fresh += page
        }
        let starred = Set(favouriteOrder)
        loaded = fresh.filter { !deleted.contains($0.id) }.map { var c = $0; c.starred = starred.contains(c.id) || c.starred; return c }
        for contact in loaded where contact.starred && !favouriteOrder.contains(contact.id) { favouriteOrder.append(contact.id) }
        do {
            return try await manager.setStateInBackground(sections())
        } catch {
            print("reload failed: \(error)")
            return false
        }
    }

    // MARK: Loading

    /// Loads the next page, as a remote source would, unless one is loading or all are here.
    func loadNextPage() {
        guard !isLoading, !reachedEnd else { return }
        isLoading = true
        Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(30))   // the network
            let page = book.page(at: loaded.count + deleted.count).filter { !deleted.contains($0.id) }
            isLoading = false
            reachedEnd = page.isEmpty
            loaded += page
            for contact in page where contact.starred { favouriteOrder.append(contact.id) }
            render()
        }
    }

    // MARK: Rendering

    private func render() {
        do {
            try manager.setState(sections())
        } catch {
            print("render failed: \(error)")
        }
    }

    /// The whole screen as sections: Favourites (foldable), then one section per letter.
    func sections() -> [Section] {
        let matches = filter.isEmpty ? loaded : loaded.filter { $0.name.localizedCaseInsensitiveContains(filter) }
        var result: [Section] = []
        let byID = Dictionary(uniqueKeysWithValues: matches.map { ($0.id, $0) })
        let favourites = favouriteOrder.compactMap { byID[$0] }
        if !favourites.isEmpty {
            let children = favourites.map { TemplateRowGenerator(template: contactRow, model: $0, id: $0.id) }
            let group = Folder(model: "Favourites (\(favourites.count))", id: "favourites", children: children, expanded: favouritesOpen)
            group.didFoldEvent += { [weak self] isOpen in self?.favouritesOpen = isOpen }
            result.append(Section(rows: [group]))
        }
        var letter = ""
        var rows: [any RowGenerator] = []
        func close() {
            guard !rows.isEmpty else { return }
            result.append(Section(header: LetterHeader(model: letter, id: "letter " + letter), rows: rows))
            rows = []
        }
        for contact in matches {
            if contact.letter != letter { close(); letter = contact.letter }
            rows.append(TemplateRowGenerator(template: contactRow, model: contact, id: contact.id))
        }
        close()
        // Infinite scroll: the last row coming into view asks for the next page.
        if filter.isEmpty, !reachedEnd, let last = result.last?.rows.last as? TemplateRowGenerator<Contact> {
            last.willDisplayEvent += { [weak self] in self?.loadNextPage() }
        }
        return result
    }
}

typealias Folder = FoldableRowGenerator<GroupView>
typealias LetterHeader = BaseHeaderGenerator<LetterView>
