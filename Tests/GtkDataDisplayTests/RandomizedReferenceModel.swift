// The plain-Swift reference model the randomized tests check every manager against. It knows
// nothing of GTK or of the library: each operation is implemented from shared/semantics.md,
// including the RDDM behaviours GtkDataDisplay fixes and every error it must report.
//
// Generators are named by an integer key (one key per instance); the harness maps keys to
// real generator objects. Fold state, children and content belong to the instance, as in the
// library: the model keeps one record per instance (`instances`), and sections name instances by
// key, so every place an instance stands (shown, or hidden below a collapsed foldable) sees the
// same state, and a foldable can contain itself (a cycle) exactly as a real object can.

/// Where a generator stands in a section.
enum RandomizedRole: Hashable, Sendable {
    case header, row, footer
}

/// Which manager a model stands for (they differ in ordering and in the operations they offer).
enum RandomizedManagerKind: String, Sendable {
    case base = "Base", manual = "Manual", gravity = "Gravity"
}

/// A generator as an operation names it: a fresh instance with its whole definition (fresh
/// children nested in it), or a reference (`isReference`) to an instance that exists already or
/// is defined elsewhere in the same operation (an ancestor, for a cycle): then only `key` counts.
/// What an existing instance is now (fold state, children, content) lives in the model only.
struct RandomizedNode: Sendable {
    var key: Int
    var id: String
    var role: RandomizedRole
    var isFoldable: Bool
    /// The heaviness of a `GravityItem`; nil for generators that are not one.
    var heaviness: Int?
    var content: String
    var isExpanded: Bool
    var children: [RandomizedNode]
    var isReference = false

    /// This instance named by its key only.
    var reference: RandomizedNode {
        var ref = self
        ref.children = []
        ref.isReference = true
        return ref
    }
}

/// One generator instance as the model knows it now.
struct RandomizedInstance: Sendable {
    var key: Int
    var id: String
    var role: RandomizedRole
    var isFoldable: Bool
    var heaviness: Int?
    var content: String
    var isExpanded: Bool
    /// Keys of the children, in order (they may include the instance itself or its ancestors).
    var children: [Int]

    /// A row's weight in a gravity manager (0 without heaviness).
    var rowWeight: Int { heaviness ?? 0 }
}

/// A section as an operation names it: optional header, top-level rows, optional footer.
struct RandomizedSection: Sendable {
    var header: RandomizedNode?
    var rows: [RandomizedNode] = []
    var footer: RandomizedNode?
}

/// A section as the model holds it: instances by key.
struct RandomizedModelSection: Sendable {
    var header: Int?
    var rows: [Int] = []
    var footer: Int?

    init(header: Int? = nil, rows: [Int] = [], footer: Int? = nil) {
        self.header = header
        self.rows = rows
        self.footer = footer
    }

    init(_ section: RandomizedSection) {
        self.init(header: section.header?.key, rows: section.rows.map(\.key), footer: section.footer?.key)
    }
}

/// One item of the flattened list.
struct RandomizedFlatItem: Hashable, Sendable {
    var key: Int
    var role: RandomizedRole
    var depth: Int
    var id: String
    var content: String

    /// What a diffed update matches rows by.
    var diffKey: RandomizedDiffKey { RandomizedDiffKey(role: role, depth: depth, id: id) }
}

struct RandomizedDiffKey: Hashable, Sendable {
    var role: RandomizedRole
    var depth: Int
    var id: String
}

/// A fold event: the foldable's key and the state the event reports.
struct RandomizedFoldEvent: Equatable, Sendable, CustomStringConvertible {
    var key: Int
    var expanded: Bool

    var description: String { "#\(key)\(expanded ? "+" : "-")" }
}

/// The errors the model predicts (`DataDisplayError` without its messages).
enum RandomizedExpectedError: Error, Equatable, Sendable, CustomStringConvertible {
    case generatorNotFound, sectionNotFound, duplicateGenerator, duplicateDiffID
    case indexOutOfRange(index: Int, count: Int)
    case invalidAnchor, notFoldable, missingHeaviness, foldingCycle, wrongRole, namedTwice

    var description: String {
        switch self {
        case .generatorNotFound: return "generatorNotFound"
        case .sectionNotFound: return "sectionNotFound"
        case .duplicateGenerator: return "duplicateGenerator"
        case .duplicateDiffID: return "duplicateDiffID"
        case .indexOutOfRange(let index, let count): return "indexOutOfRange(\(index), \(count))"
        case .invalidAnchor: return "invalidAnchor"
        case .notFoldable: return "notFoldable"
        case .missingHeaviness: return "missingHeaviness"
        case .foldingCycle: return "foldingCycle"
        case .wrongRole: return "wrongRole"
        case .namedTwice: return "namedTwice"
        }
    }

    /// The error's name without its values.
    var name: String {
        if case .indexOutOfRange = self { return "indexOutOfRange" }
        return description
    }
}

/// Where a shown generator is.
enum RandomizedLocation: Equatable, Sendable {
    case header(section: Int)
    case footer(section: Int)
    /// `top` indexes the section's rows: the top-level row whose shown block holds it.
    case row(section: Int, top: Int, depth: Int)
}

/// Which children a tree walk enters (as `FoldTree`'s scopes).
enum RandomizedScope: Sendable {
    /// The children of expanded foldables only: what the list shows.
    case shown
    /// The children of every foldable.
    case all
}

/// What an operation does to the model, read by the harness.
enum RandomizedOperation: Sendable {
    // Every manager.
    case addSection(header: RandomizedNode?, rows: [RandomizedNode], footer: RandomizedNode?)
    case add([RandomizedNode])
    case addToSection([RandomizedNode], header: Int)
    case insertAfter([RandomizedNode], anchor: Int)
    case insertBefore([RandomizedNode], anchor: Int)
    case remove(Int, removeEmptySection: Bool)
    case removeMany([Int], removeEmptySection: Bool)
    case replace(Int, with: RandomizedNode)
    case moveAfter(Int, anchor: Int)
    case moveBefore(Int, anchor: Int)
    /// Rebinds; a non-nil content is set on the generator first.
    case update([Int], contents: [String?])
    case expand(Int)
    case collapse(Int)
    case toggle(Int)
    case expandSubtree(Int)
    case collapseSubtree(Int)
    /// Sets the foldable's `children` (kept children keep their state), then `reloadChildren(of:)`.
    case reloadChildren(Int, children: [RandomizedNode])
    case removeAllFromSection(header: Int)
    case removeAllFromSectionAt(Int)
    case removeSection(header: Int)
    case removeSectionAt(Int)
    case clear
    case setState([RandomizedSection])
    case batch([RandomizedOperation])
    // Manual manager.
    case insertAtBeginning([RandomizedNode], header: Int)
    case insertAtBeginningAt([RandomizedNode], section: Int)
    case insertAtEnd([RandomizedNode], header: Int)
    case insertAtEndAt([RandomizedNode], section: Int)
    case insertSectionBefore(RandomizedSection, header: Int)
    case insertSectionAfter(RandomizedSection, header: Int)
    case insertSectionAt(RandomizedSection, index: Int)
    case swap(Int, Int)
    case reloadSection(header: Int)
    // Background whole-state updates (never inside a batch).
    /// `setStateInBackground` awaited alone: exactly `setState`.
    case background([RandomizedSection])
    /// A background update started, then a second background call (meant to fail validation)
    /// awaited while the first is in flight, then the first awaited.
    case backgroundThenBackground([RandomizedSection], [RandomizedSection])
    /// A background update started, then a synchronous operation while it is in flight.
    indirect case backgroundThenSync([RandomizedSection], RandomizedOperation)

    /// Whether the library applies it as one diffed update (`batch`, `setState`, a background update).
    /// The model's `appliedAsDiff` adds the cases that depend on the state.
    func isDiffed(in kind: RandomizedManagerKind) -> Bool {
        switch self {
        case .batch, .setState, .background: return true
        default: return false
        }
    }

    /// Whether the library must apply it as (at most) one splice of exactly the changed range.
    func isSingleSplice(in kind: RandomizedManagerKind) -> Bool {
        switch self {
        case .expandSubtree, .reloadChildren: return false  // a diff of the subtree: rows that stay keep their objects
        case .removeMany: return false  // a splice per run of removed items
        case .add(let nodes), .addToSection(let nodes, _) where kind == .gravity && nodes.count > 1:
            return false  // a splice per place the rows take
        case .backgroundThenBackground, .backgroundThenSync: return false
        default: return !isDiffed(in: kind)
        }
    }

    /// Whether a successful run of it supersedes a background update in flight (folding does not:
    /// the background update is diffed again against the rows shown then).
    var supersedesBackgroundUpdates: Bool {
        switch self {
        case .expand, .collapse, .toggle, .expandSubtree, .collapseSubtree, .reloadChildren: return false
        default: return true
        }
    }

    /// Every generator the operation names, nested operations included.
    func forEachNode(_ body: (RandomizedNode) -> Void) {
        func section(_ s: RandomizedSection) {
            if let h = s.header { body(h) }
            s.rows.forEach(body)
            if let f = s.footer { body(f) }
        }
        switch self {
        case .addSection(let h, let rows, let f):
            if let h { body(h) }
            rows.forEach(body)
            if let f { body(f) }
        case .add(let nodes), .addToSection(let nodes, _), .insertAfter(let nodes, _), .insertBefore(let nodes, _),
             .insertAtBeginning(let nodes, _), .insertAtBeginningAt(let nodes, _), .insertAtEnd(let nodes, _),
             .insertAtEndAt(let nodes, _), .reloadChildren(_, let nodes):
            nodes.forEach(body)
        case .replace(_, let node): body(node)
        case .setState(let sections), .background(let sections): sections.forEach(section)
        case .backgroundThenBackground(let a, let b): a.forEach(section); b.forEach(section)
        case .backgroundThenSync(let sections, let op): sections.forEach(section); op.forEachNode(body)
        case .insertSectionBefore(let s, _), .insertSectionAfter(let s, _), .insertSectionAt(let s, _): section(s)
        case .batch(let ops): for op in ops { op.forEachNode(body) }
        default: break
        }
    }
}

/// What a model shows, computed once per state: every change of `sections` or `instances` gives
/// the model a new (empty) cache, so copies that share one share a state.
final class RandomizedShownCache: @unchecked Sendable {
    /// Every shown generator in list order: key, role, depth, section, top row.
    var entries: [(key: Int, role: RandomizedRole, depth: Int, section: Int, top: Int)]?
    var flat: [RandomizedFlatItem]?
    /// Index in `entries` of each shown key.
    var positions: [Int: Int]?
    var all: Set<Int>?
}

/// The reference model: sections of instance keys, the instances, and what each operation does.
struct RandomizedReferenceModel: Sendable {
    let kind: RandomizedManagerKind
    var sections: [RandomizedModelSection] = [] { didSet { cache = RandomizedShownCache() } }
    /// Every instance the sequence created (in the manager or not), with its current state.
    var instances: [Int: RandomizedInstance] = [:] { didSet { cache = RandomizedShownCache() } }
    private var cache = RandomizedShownCache()
    /// Their keys in the order they were registered (a deterministic order without sorting).
    var registered: [Int] = []
    /// Keys rebound by `update` inside the batch being applied (nil outside a batch).
    var batchUpdates: Set<Int>?
    /// The keys `update` touched inside the last batch applied (the rows it must rebind).
    var lastBatchUpdates: Set<Int> = []
    /// Set when an operation that is usually one splice was applied as one diffed update
    /// (`collapseSubtree` refolding a foldable shown elsewhere, a gravity header of another weight).
    var appliedAsDiff = false
    /// The fold events the operations applied so far must have fired, in order.
    var foldEvents: [RandomizedFoldEvent] = []

    init(kind: RandomizedManagerKind) {
        self.kind = kind
    }

    // MARK: Instances

    func instance(_ key: Int) -> RandomizedInstance {
        guard let instance = instances[key] else { preconditionFailure("instance #\(key) was never registered") }
        return instance
    }

    /// The instance as a reference node, for operations that name it again.
    func reference(_ key: Int) -> RandomizedNode {
        let n = instance(key)
        return RandomizedNode(key: key, id: n.id, role: n.role, isFoldable: n.isFoldable, heaviness: n.heaviness,
                              content: n.content, isExpanded: n.isExpanded, children: [], isReference: true)
    }

    /// Records a fresh instance (and its fresh children) as the harness creates it; references
    /// and instances already known are left as they are.
    mutating func register(_ node: RandomizedNode) {
        guard !node.isReference, instances[node.key] == nil else { return }
        instances[node.key] = RandomizedInstance(key: node.key, id: node.id, role: node.role, isFoldable: node.isFoldable,
                                                 heaviness: node.heaviness, content: node.content,
                                                 isExpanded: node.isExpanded, children: node.children.map(\.key))
        registered.append(node.key)
        for child in node.children { register(child) }
    }

    mutating func register(_ op: RandomizedOperation) {
        op.forEachNode { register($0) }
    }

    // MARK: Reading

    /// Every shown generator in list order: (key, role, depth, section, top row).
    private func shownEntries() -> [(key: Int, role: RandomizedRole, depth: Int, section: Int, top: Int)] {
        if let entries = cache.entries { return entries }
        var entries: [(key: Int, role: RandomizedRole, depth: Int, section: Int, top: Int)] = []
        for s in sections.indices {
            let section = sections[s]
            if let h = section.header { entries.append((h, .header, 0, s, -1)) }
            for t in section.rows.indices {
                var path = Set<Int>()
                shownSubtree(section.rows[t], depth: 0, path: &path) { key, depth in entries.append((key, .row, depth, s, t)) }
            }
            if let f = section.footer { entries.append((f, .footer, 0, s, -1)) }
        }
        cache.entries = entries
        return entries
    }

    /// Calls `body` for every shown generator in list order: (key, role, depth, section, top row).
    func forEachShown(_ body: (Int, RandomizedRole, Int, Int, Int) -> Void) {
        for e in shownEntries() { body(e.key, e.role, e.depth, e.section, e.top) }
    }

    /// Where each shown key stands in `shownEntries()`.
    private func positions() -> [Int: Int] {
        if let positions = cache.positions { return positions }
        var positions: [Int: Int] = [:]
        let entries = shownEntries()
        for i in entries.indices where positions[entries[i].key] == nil { positions[entries[i].key] = i }
        cache.positions = positions
        return positions
    }

    /// `key` and its visible descendants. A foldable already on the path is not entered again
    /// (the model never holds a shown cycle; this only keeps a broken model from looping).
    private func shownSubtree(_ key: Int, depth: Int, path: inout Set<Int>, _ body: (Int, Int) -> Void) {
        body(key, depth)
        let node = instance(key)
        guard node.isFoldable, node.isExpanded, path.insert(key).inserted else { return }
        for child in node.children { shownSubtree(child, depth: depth + 1, path: &path, body) }
        path.remove(key)
    }

    /// The list the store must show: header, each row then its visible descendants, footer.
    func flatten() -> [RandomizedFlatItem] {
        if let flat = cache.flat { return flat }
        let flat = shownEntries().map { item($0.key, $0.role, $0.depth) }
        cache.flat = flat
        return flat
    }

    func item(_ key: Int, _ role: RandomizedRole, _ depth: Int) -> RandomizedFlatItem {
        let n = instance(key)
        return RandomizedFlatItem(key: key, role: role, depth: depth, id: n.id, content: n.content)
    }

    /// Keys of every shown generator.
    func shownKeys() -> Set<Int> {
        Set(positions().keys)
    }

    /// Keys of every instance in the tree, hidden descendants included.
    func allKeys() -> Set<Int> {
        if let all = cache.all { return all }
        var keys = Set<Int>()
        for section in sections {
            if let h = section.header { keys.insert(h) }
            if let f = section.footer { keys.insert(f) }
            for row in section.rows { collectAll(row, into: &keys) }
        }
        cache.all = keys
        return keys
    }

    /// `key` and everything below it, shown or hidden (each instance once, cycles included).
    func collectAll(_ key: Int, into keys: inout Set<Int>) {
        guard keys.insert(key).inserted else { return }
        for child in instance(key).children { collectAll(child, into: &keys) }
    }

    /// The keys shown below the row `key` (its visible descendants), empty when it is not shown.
    func shownBelow(_ key: Int) -> Set<Int> {
        let flat = flatten()
        guard let i = positions()[key], flat[i].role == .row else { return [] }
        var keys = Set<Int>()
        var j = i + 1
        while j < flat.count, flat[j].role == .row, flat[j].depth > flat[i].depth {
            keys.insert(flat[j].key)
            j += 1
        }
        return keys
    }

    /// Where `key` is shown, or nil when it is not (absent, or below a collapsed row).
    func locate(_ key: Int) -> RandomizedLocation? {
        guard let i = positions()[key] else { return nil }
        let e = shownEntries()[i]
        switch e.role {
        case .header: return .header(section: e.section)
        case .footer: return .footer(section: e.section)
        case .row: return .row(section: e.section, top: e.top, depth: e.depth)
        }
    }

    /// Visits `roots` and their descendants in list order like `FoldTree.walk`: at each generator
    /// first the cycle check (a foldable on the path of foldables the walk is inside, `ancestors`
    /// included), then `visit`; `leave` after a foldable's descendants.
    func walk(_ roots: [Int], scope: RandomizedScope, ancestors: [Int] = [],
              visit: (Int, Int) throws(RandomizedExpectedError) -> Void,
              leave: (Int) -> Void = { _ in }) throws(RandomizedExpectedError) {
        var onPath = Set(ancestors)
        try walkLevel(roots, depth: 0, scope: scope, onPath: &onPath, visit: visit, leave: leave)
    }

    private func walkLevel(_ keys: [Int], depth: Int, scope: RandomizedScope, onPath: inout Set<Int>,
                           visit: (Int, Int) throws(RandomizedExpectedError) -> Void,
                           leave: (Int) -> Void) throws(RandomizedExpectedError) {
        for key in keys {
            let node = instance(key)
            if node.isFoldable, onPath.contains(key) { throw .foldingCycle }
            try visit(key, depth)
            guard node.isFoldable, scope == .all || node.isExpanded else { continue }
            onPath.insert(key)
            try walkLevel(node.children, depth: depth + 1, scope: scope, onPath: &onPath, visit: visit, leave: leave)
            onPath.remove(key)
            leave(key)
        }
    }

    /// Whether a foldable below `key` (shown or hidden) contains itself, or `key` does.
    func hasCycle(below key: Int) -> Bool {
        do throws(RandomizedExpectedError) {
            try walk(instance(key).children, scope: .all, ancestors: [key]) { _, _ throws(RandomizedExpectedError) in }
            return false
        } catch {
            return true
        }
    }

    // MARK: Checks shared by the operations (the errors of semantics.md)

    private func sectionIndex(header key: Int) throws(RandomizedExpectedError) -> Int {
        guard case .header(let s)? = locate(key) else { throw .sectionNotFound }
        return s
    }

    /// The section `key` heads or closes: adding rows and reloading name a section either way.
    private func sectionIndex(headerOrFooter key: Int) throws(RandomizedExpectedError) -> Int {
        switch locate(key) {
        case .header(let s)?, .footer(let s)?: return s
        default: throw .sectionNotFound
        }
    }

    private func checkSection(_ index: Int) throws(RandomizedExpectedError) {
        guard index >= 0, index < sections.count else { throw .indexOutOfRange(index: index, count: sections.count) }
    }

    /// A section's own row (depth 0): the only rows inserts, moves and removals take.
    private func topLevel(_ key: Int) throws(RandomizedExpectedError) -> (Int, Int) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header?, .footer?: throw .invalidAnchor
        case .row(let s, let t, let depth)?:
            guard depth == 0 else { throw .invalidAnchor }
            return (s, t)
        }
    }

    /// A shown foldable row at any depth.
    private func checkFoldable(_ key: Int) throws(RandomizedExpectedError) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header?, .footer?: throw .invalidAnchor
        case .row?: guard instance(key).isFoldable else { throw .notFoldable }
        }
    }

    /// After a row: after its shown subtree; after a header: first in its section; never after a footer.
    private func insertionPoint(after key: Int) throws(RandomizedExpectedError) -> (Int, Int) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header(let s)?: return (s, 0)
        case .footer?: throw .invalidAnchor
        case .row?:
            let (s, t) = try topLevel(key)
            return (s, t + 1)
        }
    }

    /// Before a row; before a footer: last in its section; never before a header.
    private func insertionPoint(before key: Int) throws(RandomizedExpectedError) -> (Int, Int) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header?: throw .invalidAnchor
        case .footer(let s)?: return (s, sections[s].rows.count)
        case .row?: return try topLevel(key)
        }
    }

    /// New generators (a header, rows with the visible descendants of expanded ones, a footer, in
    /// that order as `validateNew` enters them) must not be shown and must not repeat; a foldable
    /// shown inside itself is a cycle. Then, outside a batch, their diff ids must be free: one diff
    /// id stands once per role and depth in every operation (issue 9), so not repeated among them
    /// and not shown, except by the rows of `leaving` (shown keys the operation takes out).
    /// A generator enters only in the role its type takes (`wrongRole`, met in that order too).
    func validateNew(_ keys: [Int], header: Int? = nil, footer: Int? = nil, leaving: Set<Int> = []) throws(RandomizedExpectedError) {
        let shown = shownKeys()
        var others = Set<Int>()   // entering as a header, footer or child row
        var plain: [Int] = []     // entering as a plain row: repeats are found once all entered
        var entering: [RandomizedDiffKey] = []
        func enter(_ key: Int, _ role: RandomizedRole, _ depth: Int) throws(RandomizedExpectedError) {
            guard !shown.contains(key) else { throw .duplicateGenerator }
            guard instance(key).role == role else { throw .wrongRole }
            if role == .row && depth == 0 {
                plain.append(key)
            } else {
                guard others.insert(key).inserted else { throw .duplicateGenerator }
            }
            entering.append(item(key, role, depth).diffKey)
        }
        if let header { try enter(header, .header, 0) }
        try walk(keys, scope: .shown) { key, depth throws(RandomizedExpectedError) in try enter(key, .row, depth) }
        if let footer { try enter(footer, .footer, 0) }
        var seen = Set<Int>()
        for key in plain where others.contains(key) || !seen.insert(key).inserted { throw .duplicateGenerator }
        try checkDiffIDs(entering, leaving: leaving)
    }

    private func validateNew(_ section: RandomizedModelSection) throws(RandomizedExpectedError) {
        try validateNew(section.rows, header: section.header, footer: section.footer)
    }

    /// Outside a batch (a batch's diff checks the state it ends with): `entering` keys must not
    /// repeat, and must not be shown except by a row of `leaving`.
    private func checkDiffIDs(_ entering: [RandomizedDiffKey], leaving: Set<Int>) throws(RandomizedExpectedError) {
        guard batchUpdates == nil, !entering.isEmpty else { return }
        let flat = flatten()
        let shown = Set(flat.map(\.diffKey))
        let freed = Set(flat.filter { leaving.contains($0.key) }.map(\.diffKey))
        var seen = Set<RandomizedDiffKey>()
        for key in entering {
            guard seen.insert(key).inserted, !shown.contains(key) || freed.contains(key) else { throw .duplicateDiffID }
        }
    }

    /// Throws unless what the expanded foldable `key` shows now (with its current children and
    /// fold states) is new to the manager or was already shown below it in `before`, and shows
    /// no generator twice (`checkRevealable`).
    private func checkRevealable(_ key: Int, before: RandomizedReferenceModel) throws(RandomizedExpectedError) {
        let node = instance(key)
        guard node.isFoldable, node.isExpanded else { return }
        let below = before.shownBelow(key)
        var own = below
        own.insert(key)
        let shown = before.shownKeys()
        guard case .row(_, _, let depth)? = before.locate(key) else { return }
        var seen: Set<Int> = [key]
        var entering: [RandomizedDiffKey] = []
        try walk(node.children, scope: .shown, ancestors: [key]) { k, d throws(RandomizedExpectedError) in
            guard own.contains(k) || !shown.contains(k) else { throw .duplicateGenerator }
            guard self.instance(k).role == .row else { throw .wrongRole }
            guard seen.insert(k).inserted else { throw .duplicateGenerator }
            entering.append(self.item(k, .row, depth + 1 + d).diffKey)
        }
        // The rows shown below it now leave (their ids are free again).
        try before.checkDiffIDs(entering, leaving: below)
    }

    // MARK: Gravity ordering

    /// A section's weight: its header's heaviness; a header-less section is lightest; a header
    /// without heaviness is an error.
    private func sectionWeight(_ header: Int?) throws(RandomizedExpectedError) -> Int {
        guard let header else { return .min }
        guard let heaviness = instance(header).heaviness else { throw .missingHeaviness }
        return heaviness
    }

    /// Stable order by weight (ties keep their order).
    func ordered(_ keys: [Int]) -> [Int] {
        keys.enumerated().sorted { (instance($0.element).rowWeight, $0.offset) < (instance($1.element).rowWeight, $1.offset) }
            .map(\.element)
    }

    /// Each new row goes after the last top-level row that is not heavier (after equal weights).
    private mutating func placeByWeight(_ keys: [Int], section s: Int) {
        for key in ordered(keys) {
            let weight = instance(key).rowWeight
            let last = sections[s].rows.lastIndex { instance($0).rowWeight <= weight }
            sections[s].rows.insert(key, at: last.map { $0 + 1 } ?? 0)
        }
    }

    /// A whole state as a gravity manager shows it: rows and sections stably ordered by weight.
    private func arrange(_ requested: [RandomizedModelSection]) throws(RandomizedExpectedError) -> [RandomizedModelSection] {
        guard kind == .gravity else { return requested }
        var weighted: [(weight: Int, section: RandomizedModelSection)] = []
        for section in requested {
            var ordered = section
            ordered.rows = self.ordered(section.rows)
            weighted.append((try sectionWeight(section.header), ordered))
        }
        return weighted.enumerated()
            .sorted { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }
            .map(\.element.section)
    }

    /// Sections stably ordered by their header's weight (after a header changed weight).
    private mutating func sortSectionsByWeight() {
        let weights = sections.map { (try? sectionWeight($0.header)) ?? .min }
        sections = sections.indices.sorted { (weights[$0], $0) < (weights[$1], $1) }.map { sections[$0] }
    }

    // MARK: Operations

    /// Applies `op` as the semantics say, or throws the error the library must throw (and then
    /// changes nothing).
    mutating func apply(_ op: RandomizedOperation) throws(RandomizedExpectedError) {
        register(op)
        let saved = self
        do throws(RandomizedExpectedError) {
            try applyRegistered(op)
        } catch {
            self = saved
            throw error
        }
    }

    private mutating func applyRegistered(_ op: RandomizedOperation) throws(RandomizedExpectedError) {
        switch op {
        case .addSection(let header, let rows, let footer):
            if kind == .gravity {
                let weight = try sectionWeight(header?.key)
                let section = RandomizedModelSection(header: header?.key, rows: ordered(rows.map(\.key)), footer: footer?.key)
                try validateNew(section)
                let index = sections.firstIndex { ((try? sectionWeight($0.header)) ?? .min) > weight } ?? sections.count
                sections.insert(section, at: index)
            } else {
                let section = RandomizedModelSection(header: header?.key, rows: rows.map(\.key), footer: footer?.key)
                try validateNew(section)
                sections.append(section)
            }

        case .add(let nodes):
            let keys = nodes.map(\.key)
            guard !keys.isEmpty else { return }
            try validateNew(keys)
            if kind == .gravity {
                if sections.isEmpty { sections.append(RandomizedModelSection()) }
                let s = sections.count - 1
                if keys.count > 1 {
                    try asOneDiff { model throws(RandomizedExpectedError) in model.placeByWeight(keys, section: s) }
                } else {
                    placeByWeight(keys, section: s)
                }
            } else if sections.isEmpty {
                sections.append(RandomizedModelSection(rows: keys))
            } else {
                sections[sections.count - 1].rows.append(contentsOf: keys)
            }

        case .addToSection(let nodes, let header), .insertAtEnd(let nodes, let header):
            let keys = nodes.map(\.key)
            let s = try sectionIndex(headerOrFooter: header)
            try validateNew(keys)
            if kind == .gravity, keys.count > 1 {
                try asOneDiff { model throws(RandomizedExpectedError) in model.placeByWeight(keys, section: s) }
            } else if kind == .gravity {
                placeByWeight(keys, section: s)
            } else {
                sections[s].rows.append(contentsOf: keys)
            }

        case .insertAfter(let nodes, let anchor):
            let (s, i) = try insertionPoint(after: anchor)
            try validateNew(nodes.map(\.key))
            sections[s].rows.insert(contentsOf: nodes.map(\.key), at: i)

        case .insertBefore(let nodes, let anchor):
            let (s, i) = try insertionPoint(before: anchor)
            try validateNew(nodes.map(\.key))
            sections[s].rows.insert(contentsOf: nodes.map(\.key), at: i)

        case .remove(let key, let removeEmptySection):
            let (s, i) = try topLevel(key)
            if removeEmptySection, sections[s].rows.count == 1 {
                sections.remove(at: s)
            } else {
                sections[s].rows.remove(at: i)
            }

        case .removeMany(let keys, let removeEmptySection):
            guard !keys.isEmpty else { return }
            var seen = Set<Int>()
            for key in keys {
                _ = try topLevel(key)
                guard seen.insert(key).inserted else { throw .namedTwice }
            }
            try asOneDiff { model throws(RandomizedExpectedError) in
                for key in keys { try model.applyRegistered(.remove(key, removeEmptySection: removeEmptySection)) }
            }

        case .replace(let old, let newNode):
            let new = newNode.key
            guard let location = locate(old) else { throw .generatorNotFound }
            // The same instance: rebound at once (also inside a batch, so not one of the batch's updates).
            if old == new { return }
            if kind == .gravity, case .header = location {
                // The new header needs heaviness; of another weight, its section moves (one diffed update).
                let weight = try sectionWeight(new)
                if weight != (try sectionWeight(old)) {
                    try asOneDiff { model throws(RandomizedExpectedError) in
                        try model.replaceNow(old, with: new, at: location)
                        model.sortSectionsByWeight()
                    }
                    if batchUpdates == nil { appliedAsDiff = true }
                    return
                }
            }
            try replaceNow(old, with: new, at: location)

        case .moveAfter(let key, let anchor):
            try move(key, anchor: anchor) { model, anchor throws(RandomizedExpectedError) in try model.insertionPoint(after: anchor) }

        case .moveBefore(let key, let anchor):
            try move(key, anchor: anchor) { model, anchor throws(RandomizedExpectedError) in try model.insertionPoint(before: anchor) }

        case .update(let keys, let contents):
            for key in keys where locate(key) == nil { throw .generatorNotFound }
            for (key, content) in zip(keys, contents) {
                if let content { instances[key]!.content = content }
            }
            markUpdated(keys)

        case .expand(let key):
            try checkFoldable(key)
            try expand(key)

        case .collapse(let key):
            try checkFoldable(key)
            collapse(key)

        case .toggle(let key):
            try checkFoldable(key)
            if instance(key).isExpanded { collapse(key) } else { try expand(key) }

        case .expandSubtree(let key):
            try checkFoldable(key)
            // Every foldable below, shown or hidden: a cycle anywhere throws before anything changes.
            var found = [key]
            try walk(instance(key).children, scope: .all, ancestors: [key]) { k, _ throws(RandomizedExpectedError) in
                if self.instance(k).isFoldable { found.append(k) }
            }
            let changed = found.filter { !instance($0).isExpanded }
            guard !changed.isEmpty else { return }
            let before = self
            for k in changed { instances[k]!.isExpanded = true }
            try checkRevealable(key, before: before)
            foldEvents += changed.map { RandomizedFoldEvent(key: $0, expanded: true) }

        case .collapseSubtree(let key):
            try checkFoldable(key)
            var found: [Int] = []
            try walk(instance(key).children, scope: .all, ancestors: [key], visit: { _, _ throws(RandomizedExpectedError) in },
                     leave: { found.append($0) })
            found.append(key)
            let changed = found.filter { instance($0).isExpanded }
            guard !changed.isEmpty else { return }
            // A collapsed foldable that is also shown elsewhere folds there too: one diffed update.
            var block = shownBelow(key)
            block.insert(key)
            let shown = shownKeys()
            if batchUpdates == nil, changed.contains(where: { shown.contains($0) && !block.contains($0) }) { appliedAsDiff = true }
            for k in changed { instances[k]!.isExpanded = false }
            foldEvents += changed.map { RandomizedFoldEvent(key: $0, expanded: false) }

        case .reloadChildren(let key, let children):
            let before = self
            try checkFoldable(key)
            instances[key]!.children = children.map(\.key)
            // A collapsed foldable takes any children (a hidden cycle included): nothing is shown.
            try checkRevealable(key, before: before)

        case .removeAllFromSection(let header):
            let s = try sectionIndex(header: header)
            sections[s].rows = []

        case .removeAllFromSectionAt(let s):
            try checkSection(s)
            sections[s].rows = []

        case .removeSection(let header):
            let s = try sectionIndex(header: header)
            sections.remove(at: s)

        case .removeSectionAt(let s):
            try checkSection(s)
            sections.remove(at: s)

        case .clear:
            sections = []

        case .setState(let requested), .background(let requested):
            try setState(requested.map(RandomizedModelSection.init))

        case .batch(let ops):
            let outermost = batchUpdates == nil
            let updates = try asOneDiff { model throws(RandomizedExpectedError) in
                for op in ops { try model.applyRegistered(op) }
            }
            if outermost { lastBatchUpdates = updates }

        case .insertAtBeginning(let nodes, let header):
            let s = try sectionIndex(headerOrFooter: header)
            try validateNew(nodes.map(\.key))
            sections[s].rows.insert(contentsOf: nodes.map(\.key), at: 0)

        case .insertAtBeginningAt(let nodes, let s):
            try checkSection(s)
            try validateNew(nodes.map(\.key))
            sections[s].rows.insert(contentsOf: nodes.map(\.key), at: 0)

        case .insertAtEndAt(let nodes, let s):
            try checkSection(s)
            try validateNew(nodes.map(\.key))
            sections[s].rows.append(contentsOf: nodes.map(\.key))

        case .insertSectionBefore(let section, let header):
            let s = try sectionIndex(header: header)
            let new = RandomizedModelSection(section)
            try validateNew(new)
            sections.insert(new, at: s)

        case .insertSectionAfter(let section, let header):
            let s = try sectionIndex(header: header)
            let new = RandomizedModelSection(section)
            try validateNew(new)
            sections.insert(new, at: s + 1)

        case .insertSectionAt(let section, let index):
            let new = RandomizedModelSection(section)
            try validateNew(new)
            sections.insert(new, at: min(max(index, 0), sections.count))

        case .swap(let a, let b):
            let (s1, i1) = try topLevel(a)
            let (s2, i2) = try topLevel(b)
            guard a != b else { return }
            sections[s1].rows[i1] = b
            sections[s2].rows[i2] = a

        case .reloadSection(let header):
            let s = try sectionIndex(headerOrFooter: header)
            var keys: [Int] = []
            forEachShown { key, _, _, section, _ in if section == s { keys.append(key) } }  // header and footer too
            markUpdated(keys)

        case .backgroundThenBackground, .backgroundThenSync:
            preconditionFailure("the harness applies \(op.name) part by part (RandomizedBackgroundExpectation)")
        }
    }

    /// Expands a shown foldable (checked by the caller): what it then shows must be new to the manager.
    private mutating func expand(_ key: Int) throws(RandomizedExpectedError) {
        guard !instance(key).isExpanded else { return }
        let before = self
        instances[key]!.isExpanded = true
        try checkRevealable(key, before: before)
        foldEvents.append(RandomizedFoldEvent(key: key, expanded: true))
    }

    private mutating func collapse(_ key: Int) {
        guard instance(key).isExpanded else { return }
        instances[key]!.isExpanded = false
        foldEvents.append(RandomizedFoldEvent(key: key, expanded: false))
    }

    /// `replace` once its checks passed: a top-level row, a header or a footer takes `new`'s place.
    private mutating func replaceNow(_ old: Int, with new: Int, at location: RandomizedLocation) throws(RandomizedExpectedError) {
        switch location {
        case .row(let s, let t, let depth):
            guard depth == 0 else { throw .invalidAnchor }
            try validateNew([new], leaving: shownBelow(old).union([old]))
            sections[s].rows[t] = new
        case .header(let s):
            try validateNew([], header: new, leaving: [old])
            sections[s].header = new
        case .footer(let s):
            try validateNew([], footer: new, leaving: [old])
            sections[s].footer = new
        }
    }

    /// A whole state: ordered (gravity; a header without heaviness throws first), flattened (a
    /// foldable shown inside itself is a cycle), then each instance once, then each diff id once.
    private mutating func setState(_ requested: [RandomizedModelSection]) throws(RandomizedExpectedError) {
        let new = try arrange(requested)
        var flat: [(key: Int, diffKey: RandomizedDiffKey)] = []
        // In list order, every generator in the role its type takes (and no foldable inside
        // itself); then each instance once, then each diff id once.
        for section in new {
            if let h = section.header {
                guard instance(h).role == .header else { throw .wrongRole }
                flat.append((h, item(h, .header, 0).diffKey))
            }
            try walk(section.rows, scope: .shown) { key, depth throws(RandomizedExpectedError) in
                guard self.instance(key).role == .row else { throw .wrongRole }
                flat.append((key, self.item(key, .row, depth).diffKey))
            }
            if let f = section.footer {
                guard instance(f).role == .footer else { throw .wrongRole }
                flat.append((f, item(f, .footer, 0).diffKey))
            }
        }
        var keys = Set<Int>()
        for entry in flat where !keys.insert(entry.key).inserted { throw .duplicateGenerator }
        var ids = Set<RandomizedDiffKey>()
        for entry in flat where !ids.insert(entry.diffKey).inserted { throw .duplicateDiffID }
        sections = new
    }

    /// Runs `body` as one diffed update (a batch): all or nothing; the outermost one needs unique
    /// diff ids in the state it produces.
    /// Returns the keys `update` rebound in it (for the outermost one).
    @discardableResult
    private mutating func asOneDiff(_ body: (inout RandomizedReferenceModel) throws(RandomizedExpectedError) -> Void) throws(RandomizedExpectedError) -> Set<Int> {
        let saved = self
        let outermost = batchUpdates == nil
        if outermost { batchUpdates = [] }
        do throws(RandomizedExpectedError) {
            try body(&self)
            if outermost {
                var ids = Set<RandomizedDiffKey>()
                for entry in flatten() where !ids.insert(entry.diffKey).inserted { throw .duplicateDiffID }
            }
        } catch {
            self = saved
            throw error
        }
        guard outermost else { return [] }
        defer { batchUpdates = nil }
        return batchUpdates ?? []
    }

    private mutating func markUpdated(_ keys: [Int]) {
        guard batchUpdates != nil else { return }
        for key in keys { batchUpdates!.insert(key) }
    }

    private mutating func move(_ key: Int, anchor: Int,
                               destination: (RandomizedReferenceModel, Int) throws(RandomizedExpectedError) -> (Int, Int)) throws(RandomizedExpectedError) {
        let (s, i) = try topLevel(key)
        guard anchor != key else { return }
        _ = try destination(self, anchor)  // validate the destination before anything changes
        let block = sections[s].rows.remove(at: i)
        let (ds, di) = try destination(self, anchor)
        sections[ds].rows.insert(block, at: di)
    }
}

// MARK: Background updates

/// What a background update and the call made while it is in flight must do, from the model
/// before both (validation of a whole state depends on the state and its instances only, never on
/// the rows shown, so each call's verdict is known up front).
struct RandomizedBackgroundExpectation {
    /// What the first (background) call returns or throws.
    var first: Result<Bool, RandomizedExpectedError>
    /// What the second call (background) returns or throws; for a synchronous operation
    /// `.success(true)` or its error.
    var second: Result<Bool, RandomizedExpectedError>
    /// The model once the second call returned (the first one not applied yet).
    var middle: RandomizedReferenceModel
    /// The model once both returned.
    var final: RandomizedReferenceModel
    /// Whether the first call applied its state after the second call returned (one diffed update
    /// from `middle` to `final`).
    var firstAppliesLast: Bool
    /// Whether the first call, whose state repeats an id, may return `false` instead of throwing: a
    /// newer operation superseded it while its diff ran, and a repeated id is found only by the diff,
    /// which stops within a few thousand rows once superseded (it is not finished to report it).
    var firstMayReturnSuperseded = false

    var secondSucceeds: Bool {
        if case .success = second { return true }
        return false
    }

    /// `setStateInBackground(v)` started, then `setStateInBackground(f)` awaited, then the first:
    /// the latest call that passes validation wins; one that fails changes nothing, not even what is in flight.
    /// Not `concurrently`: the first call had finished before the second began (one after the other).
    static func twoBackgroundCalls(_ v: [RandomizedSection], _ f: [RandomizedSection], on model: RandomizedReferenceModel,
                                   concurrently: Bool) -> RandomizedBackgroundExpectation {
        var withV = model, withF = model
        let errorV = capture { () throws(RandomizedExpectedError) in try withV.apply(.setState(v)) }
        if !concurrently {
            var then = withV
            let errorF = capture { () throws(RandomizedExpectedError) in try then.apply(.setState(f)) }
            return .init(first: errorV.map { .failure($0) } ?? .success(true), second: errorF.map { .failure($0) } ?? .success(true),
                         middle: errorF == nil ? then : withV, final: errorF == nil ? then : withV, firstAppliesLast: false)
        }
        let errorF = capture { () throws(RandomizedExpectedError) in try withF.apply(.setState(f)) }
        let first: Result<Bool, RandomizedExpectedError> = errorV.map { .failure($0) } ?? .success(errorF != nil)
        let second: Result<Bool, RandomizedExpectedError> = errorF.map { .failure($0) } ?? .success(true)
        let final = errorF == nil ? withF : (errorV == nil ? withV : model)
        // The second call, valid, commits before it returns; the first waits for its verdict.
        let middle = errorF == nil ? withF : model
        return RandomizedBackgroundExpectation(first: first, second: second, middle: middle, final: final,
                                               firstAppliesLast: errorV == nil && errorF != nil)
    }

    /// `setStateInBackground(v)` started, then the synchronous `op`, then the background call awaited:
    /// an operation that succeeds and states a newer intent supersedes it (false); one that fails
    /// changes nothing, so it applies; folding makes it apply against the rows shown after the fold
    /// (validated again then).
    /// Not `concurrently`: the background call had finished before `op` began (one after the other).
    static func backgroundThenSync(_ v: [RandomizedSection], _ op: RandomizedOperation, on model: RandomizedReferenceModel,
                                   concurrently: Bool) -> RandomizedBackgroundExpectation {
        var withV = model, withOp = model
        let errorV = capture { () throws(RandomizedExpectedError) in try withV.apply(.setState(v)) }
        if !concurrently {
            var then = withV
            let errorOp = capture { () throws(RandomizedExpectedError) in try then.apply(op) }
            let after = errorOp == nil ? then : withV
            return .init(first: errorV.map { .failure($0) } ?? .success(true), second: errorOp.map { .failure($0) } ?? .success(true),
                         middle: after, final: after, firstAppliesLast: false)
        }
        let errorOp = capture { () throws(RandomizedExpectedError) in try withOp.apply(op) }
        let second: Result<Bool, RandomizedExpectedError> = errorOp.map { .failure($0) } ?? .success(true)
        let middle = errorOp == nil ? withOp : model
        if let errorV {
            var expectation = RandomizedBackgroundExpectation(first: .failure(errorV), second: second, middle: middle,
                                                              final: middle, firstAppliesLast: false)
            expectation.firstMayReturnSuperseded = errorV == .duplicateDiffID && errorOp == nil && op.supersedesBackgroundUpdates
            return expectation
        }
        if errorOp != nil {
            return .init(first: .success(true), second: second, middle: middle, final: withV, firstAppliesLast: true)
        }
        if op.supersedesBackgroundUpdates {
            return .init(first: .success(false), second: second, middle: middle, final: middle, firstAppliesLast: false)
        }
        var refolded = withOp
        refolded.foldEvents = []
        refolded.appliedAsDiff = false
        if let error = capture({ () throws(RandomizedExpectedError) in try refolded.apply(.setState(v)) }) {
            return .init(first: .failure(error), second: second, middle: middle, final: middle, firstAppliesLast: false)
        }
        return .init(first: .success(true), second: second, middle: middle, final: refolded, firstAppliesLast: true)
    }

    private static func capture(_ body: () throws(RandomizedExpectedError) -> Void) -> RandomizedExpectedError? {
        do throws(RandomizedExpectedError) {
            try body()
            return nil
        } catch {
            return error
        }
    }
}

// MARK: What a diffed update must report

/// The counts a diff of `old` into `new` must report, matching rows by (role, depth, diff id):
/// the minimum moves are the matched rows outside a longest increasing subsequence.
struct RandomizedDiffExpectation: Equatable, CustomStringConvertible {
    var inserted: Int
    var removed: Int
    var moves: Int
    var updated: Int

    init(old: [RandomizedFlatItem], new: [RandomizedFlatItem], rebound: Set<Int>) {
        var oldIndex: [RandomizedDiffKey: Int] = [:]
        for (i, item) in old.enumerated() { oldIndex[item.diffKey] = i }
        var matchedOld: [Int] = []
        var updated = 0
        for item in new {
            guard let i = oldIndex[item.diffKey] else { continue }
            matchedOld.append(i)
            let before = old[i]
            // The same instance is always equal to itself; another instance compares its content.
            let contentChanged = before.key != item.key && before.content != item.content
            // `update` inside a batch rebinds the row it named, also when a `setState` in the same
            // batch hands that row to a new instance (the library cannot know what is bound).
            if contentChanged || rebound.contains(item.key) || rebound.contains(before.key) { updated += 1 }
        }
        inserted = new.count - matchedOld.count
        removed = old.count - matchedOld.count
        moves = matchedOld.count - Self.longestIncreasingSubsequence(matchedOld)
        self.updated = updated
    }

    init(inserted: Int, removed: Int, moves: Int, updated: Int) {
        self.inserted = inserted
        self.removed = removed
        self.moves = moves
        self.updated = updated
    }

    static func longestIncreasingSubsequence(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for v in values {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tails[mid] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo == tails.count { tails.append(v) } else { tails[lo] = v }
        }
        return tails.count
    }

    var description: String { "inserted \(inserted), removed \(removed), moves \(moves), updated \(updated)" }
}

/// The one splice a single operation must make: the changed range between the common prefix
/// and suffix (by instance), or nothing when the list did not change.
func randomizedExpectedSplice(old: [Int], new: [Int]) -> (position: Int, removed: Int, added: Int)? {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    if prefix == old.count, prefix == new.count { return nil }
    var suffix = 0
    while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return (prefix, old.count - prefix - suffix, new.count - prefix - suffix)
}
