import GtkDataDisplay

// The reference model of the randomized row-menu suite, from RowActionsPlugin's documentation:
//
// - The menu opens (from code or a right click) for a shown row that has actions, and shows them.
// - An update that takes the menu's row away (its id no longer shown) closes the menu, and the focus
//   goes to the view; one that keeps the row by its id with another generator shows that generator's
//   actions, or closes the menu when it has none; one that keeps the generator keeps the menu.
// - Choosing an enabled entry of the open menu closes it and runs that action of the generator the
//   menu shows; a disabled entry does nothing. Choosing from code (`choose(actionWithID:of:in:)`) runs
//   the enabled action of any shown row, menu or not.
// - Background updates: the latest intent applies when they return; any newer operation of the
//   app's supersedes one in flight.

/// A generator instance: its id, and whether it offers actions ("a", "b" disabled, "c").
struct RowMenuNode {
    let key: Int
    let id: String
    let hasActions: Bool
    let isHeader: Bool
}

/// A section: header key, row keys.
struct RowMenuSection {
    var header: Int?
    var rows: [Int]
}

/// The actions every row with actions offers, in menu order, and whether each is enabled.
let rowMenuActions: [(id: String, enabled: Bool)] = [("a", true), ("b", false), ("c", true)]

struct RowMenuModel {
    var nodes: [Int: RowMenuNode] = [:]
    var sections: [RowMenuSection] = []
    /// The generator whose menu is open.
    var menu: Int?
    /// Background calls in flight: their state, and whether a newer intent came.
    var background: [(sections: [RowMenuSection], superseded: Bool)] = []
    /// Actions run so far: generator key, action id.
    var ran: [(key: Int, action: String)] = []
    /// How often each notable path was taken (for the run's summary).
    var paths: [String: Int] = [:]

    mutating func note(_ path: String) { paths[path, default: 0] += 1 }

    var flat: [Int] { sections.flatMap { ($0.header.map { [$0] } ?? []) + $0.rows } }
    var shownRows: [Int] { sections.flatMap(\.rows) }

    func isShown(_ key: Int) -> Bool { shownRows.contains(key) }

    // MARK: The menu

    /// `openMenu(for:)` and a right click: whether it opens.
    mutating func open(_ key: Int) -> Bool {
        guard isShown(key), nodes[key]!.hasActions else { return false }
        menu = key
        return true
    }

    mutating func close() { menu = nil }

    /// An entry of the open menu chosen: whether its action ran.
    mutating func chooseEntry(_ index: Int) -> Bool {
        guard let key = menu, rowMenuActions[index].enabled else { return false }
        note("entry chosen")
        menu = nil
        ran.append((key, rowMenuActions[index].id))
        return true
    }

    /// `choose(actionWithID:of:in:)`: whether the action ran.
    mutating func choose(_ action: String, of key: Int) -> Bool {
        guard isShown(key), nodes[key]!.hasActions, rowMenuActions.contains(where: { $0.id == action && $0.enabled }) else { return false }
        ran.append((key, action))
        return true
    }

    // MARK: Updates

    /// The rows change to `new` (an app's update, or a background update that applies). Returns
    /// whether the menu closed because its row left.
    mutating func show(_ new: [RowMenuSection]) -> Bool {
        sections = new
        guard let key = menu else { return false }
        let id = nodes[key]!.id
        guard let kept = shownRows.first(where: { nodes[$0]!.id == id }) else {
            note("menu's row left")
            menu = nil
            return true
        }
        if kept != key {
            note(nodes[kept]!.hasActions ? "menu shows a new generator's actions" : "menu closed: new generator without actions")
            menu = nodes[kept]!.hasActions ? kept : nil
        } else {
            note("menu kept through an update")
        }
        return false
    }

    /// A synchronous update of the app's: a newer intent than every background call in flight.
    mutating func update(_ new: [RowMenuSection]) -> Bool {
        for i in background.indices { background[i].superseded = true }
        return show(new)
    }

    mutating func startBackground(_ new: [RowMenuSection]) {
        for i in background.indices { background[i].superseded = true }
        background.append((new, false))
    }

    /// Every background call returns: what each returned; the latest intent applies.
    mutating func finishBackground() -> (results: [Bool], menuRowLeft: Bool) {
        let winner = background.lastIndex { !$0.superseded }
        if background.count > (winner == nil ? 0 : 1) { note("background update superseded") }
        if winner != nil { note("background update applied") }
        let results = background.indices.map { $0 == winner }
        let left = winner.map { show(background[$0].sections) } ?? false
        background = []
        return (results, left)
    }
}
