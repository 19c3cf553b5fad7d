import GtkDataDisplay

/// One step of a randomized reordering sequence.
enum ReorderOperation: CustomStringConvertible {
    /// `ReorderingPlugin.drop`: the dragged row dropped on the upper (lower, `after`) half of a row.
    case drop(Int, onto: Int, after: Bool, unmarked: ReorderRule)
    /// `ReorderingPlugin.step`: Alt+Up (Alt+Down, `forward`) on a row.
    case step(Int, forward: Bool, unmarked: ReorderRule)
    case reorder(Int, to: RowPosition, unmarked: ReorderRule)
    case move(Int, to: RowPosition)
    case moveAfter(Int, anchor: Int)
    case moveBefore(Int, anchor: Int)
    /// Expands or collapses a shown foldable.
    case toggle(Int)
    /// Adds new rows to the last section.
    case add([Int])
    /// Removes a section's own row (with its children).
    case remove(Int)

    var description: String {
        func at(_ p: RowPosition) -> String { "(\(p.section), \(p.index))" }
        switch self {
        case .drop(let k, let t, let after, let rule): return "drop \(k) on \(t) \(after ? "after" : "before") [unmarked \(rule)]"
        case .step(let k, let forward, let rule): return "step \(k) \(forward ? "forward" : "back") [unmarked \(rule)]"
        case .reorder(let k, let to, let rule): return "reorder(\(k), to: \(at(to)), unmarked: \(rule))"
        case .move(let k, let to): return "move(\(k), to: \(at(to)))"
        case .moveAfter(let k, let a): return "move(\(k), after: \(a))"
        case .moveBefore(let k, let a): return "move(\(k), before: \(a))"
        case .toggle(let k): return "toggle(\(k))"
        case .add(let keys): return "add(\(keys))"
        case .remove(let k): return "remove(\(k))"
        }
    }
}

/// Draws a starting tree and random operations on it: mostly rows that are shown, now and then a
/// header, a footer, a hidden child or a row that left, and destinations in and out of range.
struct ReorderOperationSource {
    var rng: RandomizedRNG
    private var nextKey = 0

    init(seed: UInt64) { rng = RandomizedRNG(seed: seed) }

    private mutating func key() -> Int {
        nextKey += 1
        return nextKey
    }

    // MARK: The starting tree

    /// One to four sections with or without header and footer, rows (some foldable, nested up to
    /// three levels, some whose children cannot be reordered) with and without their own rules.
    mutating func startingModel() -> ReorderModel {
        var model = ReorderModel()
        for _ in 0..<rng.int(1...4) {
            var section = ReorderSection(header: nil, rows: [], footer: nil)
            if rng.chance(0.75) { section.header = node(.header, into: &model) }
            section.rows = (0..<rng.int(0...5)).map { _ in row(depth: 0, into: &model) }
            if rng.chance(0.3) { section.footer = node(.footer, into: &model) }
            model.sections.append(section)
        }
        return model
    }

    private mutating func node(_ role: ReorderNode.Role, into model: inout ReorderModel) -> Int {
        let k = key()
        model.nodes[k] = ReorderNode(key: k, role: role)
        return k
    }

    mutating func row(depth: Int, into model: inout ReorderModel) -> Int {
        let k = key()
        var node = ReorderNode(key: k, role: .row)
        if rng.chance(0.5) { node.rule = rng.pick(ReorderRule.allCases) }
        if depth < 3, rng.chance(0.35) {
            node.isFoldable = true
            node.expanded = rng.chance(0.6)
            node.reorderableChildren = rng.chance(0.8)
            if !node.reorderableChildren { node.rule = nil }  // a FixedChildrenFolder is no MovableItem
            node.children = (0..<rng.int(0...4)).map { _ in row(depth: depth + 1, into: &model) }
        }
        model.nodes[k] = node
        return k
    }

    // MARK: Operations

    /// Nodes the model knows that are not shown: hidden children, rows that were removed.
    private func hidden(_ model: ReorderModel) -> [Int] {
        model.nodes.keys.filter { !model.isShown($0) }.sorted()
    }

    /// A generator to move: usually a shown row, sometimes a header, a footer or a row not shown.
    private mutating func subject(_ model: ReorderModel, shownRows: [Int], shownAll: [Int]) -> Int? {
        if rng.chance(0.9), let k = rng.pick(shownRows) { return k }
        if rng.chance(0.5), let k = rng.pick(hidden(model)) { return k }
        return rng.pick(shownAll)
    }

    /// A destination near the row's own lists, in range or just out of it.
    private mutating func destination(_ model: ReorderModel, for key: Int) -> RowPosition {
        let s = rng.chance(0.15) ? rng.int(-1...model.sections.count) : rng.below(max(1, model.sections.count))
        var count = model.sections.indices.contains(s) ? model.sections[s].rows.count : 1
        if let l = model.location(key), l.depth > 0, rng.chance(0.8) {
            count = model.siblings(l).count
            return RowPosition(section: rng.chance(0.9) ? l.section : s, index: rng.int(-1...count))
        }
        return RowPosition(section: s, index: rng.int(-1...(count + 1)))
    }

    mutating func next(_ model: inout ReorderModel) -> ReorderOperation {
        let flat = model.flat.map(\.key)
        let shownRows = flat.filter { model.nodes[$0]!.role == .row }
        let rule = rng.pick(ReorderRule.allCases)!
        while true {
            switch rng.weighted([40, 20, 10, 8, 5, 5, 9, 2, 2]) {
            case 0:
                guard let d = subject(model, shownRows: shownRows, shownAll: flat),
                      let t = rng.chance(0.95) ? rng.pick(flat) : rng.pick(hidden(model)) else { continue }
                return .drop(d, onto: t, after: rng.chance(0.5), unmarked: rule)
            case 1:
                guard let k = subject(model, shownRows: shownRows, shownAll: flat) else { continue }
                return .step(k, forward: rng.chance(0.5), unmarked: rule)
            case 2:
                guard let k = subject(model, shownRows: shownRows, shownAll: flat) else { continue }
                return .reorder(k, to: destination(model, for: k), unmarked: rule)
            case 3:
                guard let k = subject(model, shownRows: shownRows, shownAll: flat) else { continue }
                return .move(k, to: destination(model, for: k))
            case 4, 5:
                guard let k = subject(model, shownRows: shownRows, shownAll: flat),
                      let a = rng.chance(0.95) ? rng.pick(flat) : rng.pick(hidden(model)) else { continue }
                return rng.chance(0.5) ? .moveAfter(k, anchor: a) : .moveBefore(k, anchor: a)
            case 6:
                guard let f = rng.pick(shownRows.filter { model.nodes[$0]!.isFoldable }) else { continue }
                return .toggle(f)
            case 7:
                guard !model.sections.isEmpty else { continue }
                return .add((0..<rng.int(1...2)).map { _ in row(depth: 1, into: &model) })
            default:
                guard let k = rng.pick(shownRows.filter { model.location($0)!.depth == 0 }) else { continue }
                return .remove(k)
            }
        }
    }
}
