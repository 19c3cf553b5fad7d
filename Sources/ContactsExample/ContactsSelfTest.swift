import GtkDataDisplay
import GtkDataDisplayShell

/// Drives the screen the way a user would and checks what the list shows after each step.
@MainActor
struct ContactsSelfTest {
    let screen: ContactsScreen
    private var manager: BaseListManager { screen.manager }
    private var adapter: ListViewAdapter { screen.adapter }

    /// Lets the main loop run (page loads, binds, idle work).
    private func settle(_ milliseconds: Int = 150) async {
        try? await Task.sleep(for: .milliseconds(milliseconds))
    }

    private var contactRows: [TemplateRowGenerator<Contact>] {
        manager.flatGenerators.compactMap { $0 as? TemplateRowGenerator<Contact> }
    }

    private var favourites: Folder? { manager.flatGenerators.first as? Folder }

    func run() async -> [String] {
        var failures: [String] = []
        func check(_ condition: Bool, _ what: String) {
            print((condition ? "ok    " : "FAIL  ") + what)
            if !condition { failures.append(what) }
        }
        await settle(400)

        // The first page, in letter sections under a Favourites group.
        let firstPage = screen.loaded.count
        check(firstPage == ContactBook.pageSize, "the first page of \(ContactBook.pageSize) contacts is shown (\(firstPage))")
        check(favourites != nil, "a Favourites group leads the list")

        // Infinite scroll: reaching the end loads the next page, until all are loaded.
        var scrolls = 0
        while !screen.reachedEnd && scrolls < 40 {
            adapter.scrollTo(position: manager.store.count - 1)
            await settle(120)
            scrolls += 1
        }
        check(screen.reachedEnd && screen.loaded.count == 5_000, "scrolling to the end loads every page (\(screen.loaded.count) in \(scrolls) scrolls)")
        let letters = Set(screen.loaded.map(\.letter)).count
        check(manager.numberOfSections == letters + 1, "Favourites and \(letters) letter sections (\(manager.numberOfSections))")

        // Favourites fold; re-rendering with new generators keeps the group open.
        if let group = favourites {
            try? manager.expand(group)
            let shown = contactRows.count
            screen.setFilter("")
            check(favourites?.isExpanded == true && contactRows.count == shown, "Favourites stays open when the list is rendered again")
        }

        // Search filters with setState; clearing it brings everything back.
        screen.search.search("Zoe Moss")
        await settle(500)   // GtkSearchEntry reports a search after a short pause
        check(!contactRows.isEmpty && contactRows.allSatisfy { $0.model.name.contains("Zoe Moss") }, "searching shows only matches (\(contactRows.count))")
        screen.search.search("")
        await settle(500)
        check(contactRows.count == 5_000 + screen.favouriteOrder.count, "clearing the search shows every contact again")

        // The star toggle in a template row reaches the generator shown now.
        await settle()
        let before = screen.favouriteOrder.count
        if let row = contactRows.first(where: { !$0.model.starred && adapter.view(for: $0) != nil }),
           let star = (adapter.view(for: row) as? TemplateRowView<Contact>)?.child("star") {
            Property.set(star.raw, "active", true)   // what a click does
            await settle()
            check(screen.favouriteOrder.count == before + 1 && screen.favouriteOrder.last == row.model.id,
                  "the star toggle of a row makes it a favourite")
        } else {
            check(false, "a bound row with a star toggle is on screen")
        }

        // Favourites can be reordered.
        let order = screen.favouriteOrder
        if order.count >= 2 {
            screen.moveFavourite(order[1], by: -1)
            let shown = favourites?.children.compactMap { ($0 as? TemplateRowGenerator<Contact>)?.model.id } ?? []
            check(Array(shown.prefix(2)) == [order[1], order[0]], "moving a favourite up reorders the group")
        }

        // Multi-select + Delete.
        let doomed = Array(contactRows.suffix(3))
        var changes = 0
        adapter.selectionChanged += { _ in changes += 1 }
        adapter.select(doomed)
        check(adapter.selectedCount == 3 && screen.deleteButton.isSensitive, "three rows selected, Delete enabled")
        screen.deleteButton.click()
        await settle()
        check(screen.loaded.count == 4_997 && adapter.selectedCount == 0 && !screen.deleteButton.isSensitive,
              "Delete removes the selected rows and the selection with them")
        check(changes == 2, "one selection change to select, one when the rows left (\(changes))")

        // An async reload, diffed off the main thread, lands and keeps the deletions.
        let reloaded = await screen.reload()
        check(reloaded && screen.loaded.count == 4_997 && contactRows.count == 4_997 + screen.favouriteOrder.count,
              "an async reload lands with the same rows")
        check(manager.lastUpdate?.inserted == 0 && manager.lastUpdate?.removed == 0, "and changes nothing on screen")
        return failures
    }
}
