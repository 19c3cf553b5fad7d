// What the Contacts page knows, apart from widgets: every contact in name order, the order the
// user keeps favourites in, and the search. The page renders it into sections after each change.

/// The address book's state: plain values, changed by the page's actions and read by its render.
struct ContactList {
    /// Every contact, in name order.
    private(set) var contacts: [Contact]
    /// Favourites' ids in the order the user keeps them (starring adds at the end).
    private(set) var favouriteOrder: [Int]
    /// The search text ("" shows everyone).
    var query = ""

    init(contacts: [Contact]) {
        self.contacts = ContactDirectory.sorted(contacts)
        favouriteOrder = self.contacts.filter(\.isFavourite).map(\.id)
    }

    /// The favourites the search lets through, in the user's order.
    var matchingFavourites: [Contact] {
        let byID = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) })
        return favouriteOrder.compactMap { byID[$0] }.filter { ContactDirectory.matches($0, query: query) }
    }

    /// The contact with `id`, if it is still in the book.
    func contact(id: Int) -> Contact? { contacts.first { $0.id == id } }

    /// Stars or unstars a contact; returns whether anything changed.
    @discardableResult
    mutating func setFavourite(_ id: Int, _ isFavourite: Bool) -> Bool {
        guard let i = contacts.firstIndex(where: { $0.id == id }), contacts[i].isFavourite != isFavourite else { return false }
        contacts[i].isFavourite = isFavourite
        if isFavourite { favouriteOrder.append(id) } else { favouriteOrder.removeAll { $0 == id } }
        return true
    }

    /// Removes the contacts with these ids (from Favourites too); returns how many were removed.
    @discardableResult
    mutating func delete(_ ids: Set<Int>) -> Int {
        let before = contacts.count
        contacts.removeAll { ids.contains($0.id) }
        favouriteOrder.removeAll { ids.contains($0) }
        return before - contacts.count
    }

    /// Takes the favourites' order from the list after a user moved one (drag, Alt+Up/Down).
    /// Favourites hidden by the search keep their places relative to each other, after the shown ones.
    mutating func reorderFavourites(shown ids: [Int]) {
        let shown = Set(ids)
        favouriteOrder = ids.filter { favouriteOrder.contains($0) } + favouriteOrder.filter { !shown.contains($0) }
    }
}
