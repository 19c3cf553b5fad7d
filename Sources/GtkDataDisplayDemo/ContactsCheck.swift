// The self-test of the Contacts page: search, sections, favourites, selection, deletion, the row
// menu and reordering, each checked against the page's real store.

import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// What the store shows, read row by row from the store.
@MainActor
struct ContactsStoreView {
    /// The Favourites group's rows (ids, in order), nil when there is no group.
    var favourites: [Int]?
    /// Letter sections in order: the header's heading and the contacts under it.
    var sections: [(heading: LetterHeading, contacts: [Contact])] = []
    /// Rows the walk did not expect where they were.
    var strays: [String] = []

    init(_ store: RowStore) {
        for position in 0..<store.count {
            switch store.generator(at: position) {
            case is FavouritesGroup:
                favourites = []
            case let row as FavouriteRow:
                if favourites == nil || !sections.isEmpty { strays.append("favourite \(row.model.name) at \(position)") }
                favourites?.append(row.model.id)
            case let header as LetterHeader:
                sections.append((header.model, []))
            case let row as ContactRow:
                if sections.isEmpty { strays.append("contact \(row.model.name) before any letter at \(position)") } else {
                    sections[sections.count - 1].contacts.append(row.model)
                }
            default:
                strays.append("unknown row at \(position)")
            }
        }
    }

    var contacts: [Contact] { sections.flatMap(\.contacts) }

    /// What is wrong with the sections: a contact under another letter, a header whose count
    /// differs from its rows, letters out of order or repeated, names out of order.
    var sectionProblems: [String] {
        var problems = strays
        var previous = ""
        for (heading, contacts) in sections {
            if heading.letter <= previous { problems.append("letter \(heading.letter) after \(previous)") }
            previous = heading.letter
            if heading.count != contacts.count { problems.append("\(heading.letter) says \(heading.count), holds \(contacts.count)") }
            if contacts.isEmpty { problems.append("\(heading.letter) is empty") }
            for contact in contacts where contact.letter != heading.letter {
                problems.append("\(contact.name) under \(heading.letter)")
            }
            for (a, b) in zip(contacts, contacts.dropFirst()) where (a.sortKey, a.id) > (b.sortKey, b.id) {
                problems.append("\(a.name) before \(b.name)")
            }
        }
        return problems
    }
}

@MainActor
struct ContactsCheck {
    let page: ContactsPage
    let report: SelfTestReport

    private var store: ContactsStoreView { ContactsStoreView(page.manager.store) }

    /// Ids of the contacts of a fresh address book that `query` matches, by this check's own
    /// reading of the rule: the folded query inside the folded name, the email or the phone.
    private func expectedIDs(_ book: [Contact], _ query: String) -> Set<Int> {
        let folded = ContactDirectory.fold(query)
        return Set(book.filter { folded.isEmpty || ContactDirectory.fold($0.name).contains(folded)
            || $0.email.contains(folded) || $0.phone.contains(folded) }.map(\.id))
    }

    private func search(_ text: String) async {
        page.search.search(text)
        await settle(600)   // GtkSearchEntry reports a search after a short pause
    }

    func run() async {
        await settle(400)
        func check(_ condition: Bool, _ what: @autoclosure () -> String) { report.check(condition, what()) }
        let book = ContactDirectory.generate()
        let baseline = Diagnostics.liveRowObjects - page.manager.store.count

        // Sections.
        var shown = store
        check(book.count == 5_000 && shown.contacts.count == 5_000, "contacts: 5,000 contacts in letter sections (\(shown.contacts.count))")
        check(shown.sectionProblems.isEmpty, "contacts: every contact under its letter, headers count their rows, names in order \(shown.sectionProblems.prefix(3))")
        check(shown.sections.count == Set(book.map(\.letter)).count, "contacts: one section per initial letter (\(shown.sections.count))")
        let starred = ContactDirectory.sorted(book).filter(\.isFavourite).map(\.id)
        check(shown.favourites == starred && starred.count == 8, "contacts: the Favourites group leads with the 8 starred contacts")

        // Search "an", with a selected contact that matches and one that does not.
        let kept = page.manager.flatGenerators.compactMap { $0 as? ContactRow }.first { !($0 is FavouriteRow) && ContactDirectory.fold($0.model.name).contains("an") }!
        page.adapter.select(kept)
        let before = page.manager.store.count
        let splices = SpliceRecorder(page.manager.store)
        await search("an")
        splices.stop()
        shown = store
        let matching = expectedIDs(book, "an")
        check(!matching.isEmpty && matching.count < 5_000 && Set(shown.contacts.map(\.id)) == matching && shown.contacts.count == matching.count,
              "contacts: “an” leaves exactly the \(matching.count) matching contacts in the store")
        check(shown.sectionProblems.isEmpty, "contacts: and they stand in their right letter sections \(shown.sectionProblems.prefix(3))")
        let update = page.manager.lastUpdate
        check(update?.inserted == 0 && update?.removed == before - page.manager.store.count && !splices.splices.isEmpty,
              "contacts: the search was a diffed update: \(before - page.manager.store.count) rows removed, none inserted, \(splices.splices.count) splices")
        await selfTestShot("contacts-search-an")
        check(page.adapter.selectedGenerators.compactMap { ($0 as? ContactRow)?.model.id } == [kept.model.id],
              "contacts: the selected contact stays selected through the search")
        await search("")
        check(store.contacts.count == 5_000 && page.adapter.selectedCount == 1, "contacts: clearing the search brings every contact back, still selected")
        page.adapter.unselectAll()

        // Nothing matches: the empty state; its button clears the search.
        await search("zzqx")
        check(page.manager.store.count == 0 && page.empty.isShowingPlaceholder, "contacts: a search that matches nobody shows the empty state")
        await selfTestShot("contacts-empty")
        Button(wrapping: page.empty.placeholder.actionButton).click()
        await settle(600)
        check(page.search.text.isEmpty && store.contacts.count == 5_000 && !page.empty.isShowingPlaceholder,
              "contacts: the empty state’s Clear search button brings the list back")

        // The star toggle in a row makes a favourite, last in the group.
        await settle()
        if let row = page.manager.flatGenerators.compactMap({ $0 as? ContactRow }).first(where: { !$0.model.isFavourite && page.adapter.view(for: $0) != nil }),
           let star = (page.adapter.view(for: row) as? TemplateRowView<Contact>)?.child("star") {
            Property.set(star.raw, "active", true)   // what a click does
            await settle()
            check(page.list.favouriteOrder.last == row.model.id && store.favourites?.last == row.model.id,
                  "contacts: a row’s star toggle adds \(row.model.name) at the end of Favourites")
        } else {
            check(false, "contacts: a bound row with a star toggle is on screen")
        }

        // Reordering: a favourite moves up (Alt+Up), a contact in a letter section does not.
        let order = page.list.favouriteOrder
        if let last = page.manager.flatGenerators.compactMap({ $0 as? FavouriteRow }).last {
            let moved = page.reordering.step(last, forward: false)
            var expected = order
            expected.swapAt(order.count - 1, order.count - 2)
            check(moved && page.list.favouriteOrder == expected && store.favourites == expected,
                  "contacts: Alt+Up moves the last favourite one place up, and the page keeps the order")
            await search("a")
            await search("")
            check(store.favourites == expected, "contacts: the new order survives a search and its re-render")
        }
        if let letterRow = page.manager.flatGenerators.first(where: { $0 is ContactRow && !($0 is FavouriteRow) }) {
            check(!page.reordering.step(letterRow, forward: true), "contacts: contacts in letter sections keep their name order (not movable)")
        }

        // The row menu: star, copy email, delete.
        let target = page.manager.flatGenerators.compactMap { $0 as? ContactRow }.last { !($0 is FavouriteRow) }!
        let actions = page.rowActions.actions(for: target)
        check(actions.map(\.id) == ["star", "copy-email", "delete"], "contacts: a row’s menu offers star, copy email, delete")
        actions.first { $0.id == "copy-email" }?.didTrigger.invoke()
        page.rowActions.openMenu(for: target)
        await settle()
        await selfTestShot("contacts-menu")
        page.rowActions.closeMenu()
        check(Clipboard.localText == target.model.email, "contacts: Copy Email Address puts \(target.model.email) on the clipboard")
        let countBefore = page.list.contacts.count
        actions.first { $0.id == "delete" }?.didTrigger.invoke()
        await settle()
        check(page.list.contacts.count == countBefore - 1 && !store.contacts.contains { $0.id == target.model.id },
              "contacts: the menu’s Delete removes that contact from the store")

        // Multiple selection + Delete: exactly the selected contacts go, favourites' twins included.
        let letterRows = page.manager.flatGenerators.compactMap { $0 as? ContactRow }.filter { !($0 is FavouriteRow) }
        let favouriteID = page.list.favouriteOrder[0]
        let chosen = [letterRows[3], letterRows[1_000], letterRows.first { $0.model.id == favouriteID }!]
        let chosenIDs = Set(chosen.map(\.model.id))
        let idsBefore = Set(store.contacts.map(\.id))
        let anchor = letterRows[2_500]
        page.adapter.scrollTo(position: page.manager.position(of: anchor)!)
        await settle()
        let anchorShown = page.adapter.view(for: anchor) != nil
        page.adapter.select(chosen)
        await settle()
        await selfTestShot("contacts-selected")
        check(page.adapter.selectedCount == 3 && page.deleteButton.isSensitive && page.deleteButton.label == "_Delete 3",
              "contacts: three contacts selected: Delete is on and says how many")
        page.deleteButton.click()
        await settle()
        shown = store
        check(Set(shown.contacts.map(\.id)) == idsBefore.subtracting(chosenIDs) && shown.favourites?.contains(favouriteID) == false,
              "contacts: Delete removes exactly the three selected contacts (and the favourite’s row in the group)")
        check(page.adapter.selectedCount == 0 && !page.deleteButton.isSensitive, "contacts: the selection went with them; Delete is off")
        let anchorNow = page.manager.flatGenerators.first { ($0 as? ContactRow)?.model.id == anchor.model.id && !($0 is FavouriteRow) }
        check(anchorShown && anchorNow.map { page.adapter.view(for: $0) != nil } == true,
              "contacts: the list keeps its scroll position: the row scrolled to is still on screen after rows above it went")
        check(shown.sectionProblems.isEmpty, "contacts: the sections are still right after deleting")

        // The Delete key on the focused list removes the selection too (a real key press, through
        // the X server, when xdotool is there: scripts/install-deps --test installs it).
        let pair = Array(page.manager.flatGenerators.compactMap { $0 as? ContactRow }.filter { !($0 is FavouriteRow) }.prefix(2))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), pair.count == 2 {
            page.adapter.select(pair)
            let focused = page.adapter.focus(pair[0])
            await settle()
            let before = page.list.contacts.count
            let xdotool = Process()
            xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            xdotool.arguments = ["key", "--clearmodifiers", "Delete"]
            try? xdotool.run()
            xdotool.waitUntilExit()
            await settle(300)
            let gone = Set(pair.map(\.model.id))
            check(focused && page.list.contacts.count == before - 2 && !store.contacts.contains { gone.contains($0.id) },
                  "contacts: the Delete key on the list removes the two selected contacts")
        } else {
            print("skip  contacts: the Delete key (no /usr/bin/xdotool)")
        }

        // Nothing leaks: the row objects alive are the store's (and what was alive before).
        await settle(300)
        check(Diagnostics.liveRowObjects - page.manager.store.count == baseline,
              "contacts: no row object outlives its row (\(Diagnostics.liveRowObjects - page.manager.store.count) beyond the store, \(baseline) before)")
    }
}
