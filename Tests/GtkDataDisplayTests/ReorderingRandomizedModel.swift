import GtkDataDisplay

// The reference model of the randomized reordering suite: a tree of sections and rows where every
// row stands in one list of siblings (a section's own rows, or a foldable's children), written from
// the documented rules (MovableItem, ReorderingPlugin, `move(_:to:)`, `move(_:after:)`,
// DropDestinationTests), not from the library's code.
//
// - A shown row is a section's row, or a child of an expanded foldable that is shown.
// - Moving a row takes it out of its list of siblings and puts it at the destination's index in the
//   destination list (indices count the siblings without it); it carries its children.
// - A section's own row may go to any section; a child row stays among its siblings, and only when
//   its parent lets its children be reordered.
// - A user's move (drop, step, `reorder`) also follows the row's rule: its own (`MovableItem`), or the
//   plugin's `unmarked` one. Fixed rows never move; rows that move within their section do not leave it.

/// A rule for users' moves.
enum ReorderRule: CaseIterable {
    case fixed, withinSection, anywhere

    var library: MoveRule {
        switch self {
        case .fixed: .fixed
        case .withinSection: .withinSection
        case .anywhere: .anywhere
        }
    }
}

/// A generator instance of a reordering sequence.
struct ReorderNode {
    enum Role { case row, header, footer }
    let key: Int
    let role: Role
    /// Foldable: its children, whether shown, and whether the manager may reorder them.
    var isFoldable = false
    var reorderableChildren = true
    var expanded = false
    var children: [Int] = []
    /// The rule of a `MovableItem` (nil: not one; the plugin's `unmarked` rule applies).
    var rule: ReorderRule?
}

struct ReorderSection {
    var header: Int?
    var rows: [Int]
    var footer: Int?
}

/// Where a shown row stands: its section, its parent (nil: a section's own row), its index among
/// its siblings and its depth.
struct ReorderLocation: Equatable {
    let section: Int
    let parent: Int?
    let index: Int
    let depth: Int
}

/// What an operation must do: an error (the name of its `DataDisplayError` case), or a move.
enum ReorderOutcome: Equatable {
    case error(String)
    /// Refused or nothing to do (a drop or a step: `false`).
    case none
    /// Moved (a drop or a step: `true`): the row, its parent, its position before and after.
    case moved(key: Int, parent: Int?, from: RowPosition, to: RowPosition)
    /// Succeeded without moving (a move to where the row stands; a fold).
    case unchanged
}

struct ReorderModel {
    var nodes: [Int: ReorderNode] = [:]
    var sections: [ReorderSection] = []

    // MARK: Reading

    /// The store: headers, shown rows with their depth, footers.
    var flat: [(key: Int, depth: Int)] {
        var items: [(key: Int, depth: Int)] = []
        func walk(_ key: Int, _ depth: Int) {
            items.append((key, depth))
            if let node = nodes[key], node.isFoldable, node.expanded { node.children.forEach { walk($0, depth + 1) } }
        }
        for section in sections {
            if let h = section.header { items.append((h, 0)) }
            section.rows.forEach { walk($0, 0) }
            if let f = section.footer { items.append((f, 0)) }
        }
        return items
    }

    /// Where a shown row stands (nil for headers, footers and rows not shown).
    func location(_ key: Int) -> ReorderLocation? {
        func find(in list: [Int], section: Int, parent: Int?, depth: Int) -> ReorderLocation? {
            for (i, k) in list.enumerated() {
                if k == key { return ReorderLocation(section: section, parent: parent, index: i, depth: depth) }
                if let node = nodes[k], node.isFoldable, node.expanded,
                   let found = find(in: node.children, section: section, parent: k, depth: depth + 1) { return found }
            }
            return nil
        }
        for (s, section) in sections.enumerated() {
            if let found = find(in: section.rows, section: s, parent: nil, depth: 0) { return found }
        }
        return nil
    }

    /// The section whose header or footer `key` is.
    func sectionOf(headerOrFooter key: Int) -> Int? { sections.firstIndex { $0.header == key || $0.footer == key } }

    func isShown(_ key: Int) -> Bool { location(key) != nil || sectionOf(headerOrFooter: key) != nil }

    func siblings(_ l: ReorderLocation) -> [Int] {
        l.parent.map { nodes[$0]!.children } ?? sections[l.section].rows
    }

    /// Whether `key` is `ancestor` or stands below it.
    func isWithin(_ key: Int, _ ancestor: Int) -> Bool {
        var k: Int? = key
        while let current = k {
            if current == ancestor { return true }
            k = location(current)?.parent
        }
        return false
    }

    /// The error a shown header or footer, or a row not shown, gives as a row to move.
    private func notARow(_ key: Int) -> ReorderOutcome {
        sectionOf(headerOrFooter: key) != nil ? .error("invalidAnchor") : .error("generatorNotFound")
    }

    // MARK: Moves

    /// `move(_:to:)`: any shown row, to a valid index of its own list (a child) or any section.
    func checkMove(_ key: Int, to destination: RowPosition) -> ReorderOutcome? {
        guard let l = location(key) else { return notARow(key) }
        if l.depth == 0 {
            guard sections.indices.contains(destination.section) else { return .error("indexOutOfRange") }
            let count = sections[destination.section].rows.count - (destination.section == l.section ? 1 : 0)
            guard (0...count).contains(destination.index) else { return .error("indexOutOfRange") }
            return nil
        }
        guard destination.section == l.section, nodes[l.parent!]!.reorderableChildren else { return .error("moveRefused") }
        guard siblings(l).indices.contains(destination.index) else { return .error("indexOutOfRange") }
        return nil
    }

    /// `reorder(_:to:unmarked:)`: a move as above, then the row's rule.
    func checkReorder(_ key: Int, to destination: RowPosition, unmarked: ReorderRule) -> ReorderOutcome? {
        if let error = checkMove(key, to: destination) { return error }
        switch nodes[key]!.rule ?? unmarked {
        case .fixed: return .error("moveRefused")
        case .withinSection where destination.section != location(key)!.section: return .error("moveRefused")
        default: return nil
        }
    }

    /// Moves a shown row (checked) to `destination` among its siblings; the outcome says what moved.
    mutating func apply(_ key: Int, to destination: RowPosition) -> ReorderOutcome {
        let l = location(key)!
        let from = RowPosition(section: l.section, index: l.index)
        guard from != destination else { return .unchanged }
        if let p = l.parent {
            nodes[p]!.children.remove(at: l.index)
            nodes[p]!.children.insert(key, at: destination.index)
        } else {
            sections[l.section].rows.remove(at: l.index)
            sections[destination.section].rows.insert(key, at: destination.index)
        }
        return .moved(key: key, parent: l.parent, from: from, to: destination)
    }

    /// Where a drop of `dragged` before `target` (after it, with `after`) lands, if anywhere.
    func dropDestination(_ dragged: Int, onto target: Int, after: Bool) -> RowPosition? {
        guard let d = location(dragged) else { return nil }
        var destination: RowPosition
        if let t = sectionOf(headerOrFooter: target) {
            guard d.depth == 0 else { return nil }
            let count = sections[t].rows.count
            switch (sections[t].header == target, after) {
            case (true, true): destination = RowPosition(section: t, index: 0)
            case (true, false): destination = t > 0 ? RowPosition(section: t - 1, index: sections[t - 1].rows.count) : RowPosition(section: t, index: 0)
            case (false, false): destination = RowPosition(section: t, index: count)
            case (false, true): destination = t + 1 < sections.count ? RowPosition(section: t + 1, index: 0) : RowPosition(section: t, index: count)
            }
        } else {
            guard let t = location(target) else { return nil }
            if isWithin(target, dragged) { return nil }
            guard t.depth >= d.depth else { return nil }
            // The target, or its ancestor at the dragged row's level: the drop goes after that one's subtree.
            var a = target, al = t
            while al.depth > d.depth { a = al.parent!; al = location(a)! }
            if d.depth > 0 { guard al.section == d.section, al.parent == d.parent else { return nil } }
            destination = RowPosition(section: al.section, index: al.index + (a != target || after ? 1 : 0))
        }
        // Indices count the siblings without the dragged row (a child's destination is among its own).
        if destination.section == d.section, destination.index > d.index { destination.index -= 1 }
        return destination == RowPosition(section: d.section, index: d.index) ? nil : destination
    }

    /// What one Alt+arrow step does: the next or previous place among the siblings, past the end of
    /// a section into the next one (the start of the previous one) for a section's own row.
    func stepDestination(_ key: Int, forward: Bool) -> RowPosition? {
        guard let l = location(key) else { return nil }
        let count = siblings(l).count
        if forward {
            if l.index + 1 < count { return RowPosition(section: l.section, index: l.index + 1) }
            return l.parent == nil && l.section + 1 < sections.count ? RowPosition(section: l.section + 1, index: 0) : nil
        }
        if l.index > 0 { return RowPosition(section: l.section, index: l.index - 1) }
        return l.parent == nil && l.section > 0 ? RowPosition(section: l.section - 1, index: sections[l.section - 1].rows.count) : nil
    }

    /// `move(_:after:)` (`after`) or `move(_:before:)`: a section's own row right after a row's
    /// subtree or a header, or right before a row or a footer.
    mutating func moveNextTo(_ key: Int, anchor: Int, after: Bool) -> ReorderOutcome {
        guard let l = location(key) else { return notARow(key) }
        guard l.depth == 0 else { return .error("invalidAnchor") }
        if anchor == key { return .unchanged }
        guard isShown(anchor) else { return .error("generatorNotFound") }
        if let s = sectionOf(headerOrFooter: anchor) {
            guard (sections[s].header == anchor) == after else { return .error("invalidAnchor") }
        } else if location(anchor)!.depth > 0 {
            return .error("invalidAnchor")
        }
        let from = RowPosition(section: l.section, index: l.index)
        sections[l.section].rows.remove(at: l.index)
        let to: RowPosition
        if let s = sectionOf(headerOrFooter: anchor) {
            to = RowPosition(section: s, index: after ? 0 : sections[s].rows.count)
        } else {
            let a = location(anchor)!
            to = RowPosition(section: a.section, index: a.index + (after ? 1 : 0))
        }
        sections[to.section].rows.insert(key, at: to.index)
        return from == to ? .unchanged : .moved(key: key, parent: nil, from: from, to: to)
    }

    // MARK: Other changes

    mutating func toggle(_ key: Int) { nodes[key]!.expanded.toggle() }

    mutating func remove(_ key: Int) {
        let l = location(key)!
        sections[l.section].rows.remove(at: l.index)
    }
}
