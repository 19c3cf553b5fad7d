// The plain-Swift reference model the randomized tests check every manager against. It knows
// nothing of GTK or of the library: each operation is implemented from shared/semantics.md,
// including the RDDM behaviours GtkDataDisplay fixes and every error it must report.
//
// Generators are named by an integer key (one key per instance); the harness maps keys to
// real generator objects. Fold state and children belong to the instance, as in the library.

/// Where a generator stands in a section.
enum RandomizedRole: Hashable, Sendable {
    case header, row, footer
}

/// Which manager a model stands for (they differ in ordering and in the operations they offer).
enum RandomizedManagerKind: String, Sendable {
    case base = "Base", manual = "Manual", gravity = "Gravity"
}

/// One generator instance: a header, a footer, or a row with (if foldable) its children.
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

    /// A row's weight in a gravity manager (0 without heaviness).
    var rowWeight: Int { heaviness ?? 0 }

    /// Keys of this node and every descendant, shown or hidden.
    func allKeys(into keys: inout Set<Int>) {
        keys.insert(key)
        for child in children { child.allKeys(into: &keys) }
    }

    /// Keys this node puts into the list when added: itself and the visible descendants.
    func visibleKeys(into keys: inout [Int]) {
        keys.append(key)
        if isFoldable, isExpanded { for child in children { child.visibleKeys(into: &keys) } }
    }
}

/// A section: optional header, top-level rows (each a tree), optional footer.
struct RandomizedSection: Sendable {
    var header: RandomizedNode?
    var rows: [RandomizedNode] = []
    var footer: RandomizedNode?
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

/// The errors the model predicts (`DataDisplayError` without its messages).
enum RandomizedExpectedError: Error, Equatable, Sendable, CustomStringConvertible {
    case generatorNotFound, sectionNotFound, duplicateGenerator, duplicateDiffID
    case indexOutOfRange(index: Int, count: Int)
    case invalidAnchor, notFoldable, missingHeaviness

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
        }
    }
}

/// Where a shown generator is.
enum RandomizedLocation: Equatable, Sendable {
    case header(section: Int)
    case footer(section: Int)
    /// `path[0]` indexes the section's rows, the rest index `children` (depth = path.count - 1).
    case row(section: Int, path: [Int])
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

    /// Whether the library applies it as one diffed update (`batch`, `setState`, several removals).
    func isDiffed(in kind: RandomizedManagerKind) -> Bool {
        switch self {
        case .batch, .setState, .removeMany: return true
        case .add(let nodes), .addToSection(let nodes, _): return kind == .gravity && nodes.count > 1
        default: return false
        }
    }

    /// Whether the library must apply it as (at most) one splice of exactly the changed range.
    func isSingleSplice(in kind: RandomizedManagerKind) -> Bool {
        switch self {
        case .expandSubtree, .reloadChildren: return false  // a diff of the subtree: rows that stay keep their objects
        default: return !isDiffed(in: kind)
        }
    }
}

/// The reference model: sections of node trees, and what each operation does to them.
struct RandomizedReferenceModel: Sendable {
    let kind: RandomizedManagerKind
    var sections: [RandomizedSection] = []
    /// Instances that left the manager, in the state they left in (they may be added again).
    var detached: [Int: RandomizedNode] = [:]
    /// Keys rebound by `update` inside the batch being applied (nil outside a batch).
    var batchUpdates: Set<Int>?

    init(kind: RandomizedManagerKind) {
        self.kind = kind
    }

    // MARK: Reading

    /// The list the store must show: header, each row then its visible descendants, footer.
    func flatten() -> [RandomizedFlatItem] {
        var list: [RandomizedFlatItem] = []
        for section in sections {
            if let h = section.header { list.append(item(h, .header, 0)) }
            for row in section.rows { appendVisible(row, depth: 0, to: &list) }
            if let f = section.footer { list.append(item(f, .footer, 0)) }
        }
        return list
    }

    private func item(_ node: RandomizedNode, _ role: RandomizedRole, _ depth: Int) -> RandomizedFlatItem {
        RandomizedFlatItem(key: node.key, role: role, depth: depth, id: node.id, content: node.content)
    }

    private func appendVisible(_ node: RandomizedNode, depth: Int, to list: inout [RandomizedFlatItem]) {
        list.append(item(node, .row, depth))
        if node.isFoldable, node.isExpanded {
            for child in node.children { appendVisible(child, depth: depth + 1, to: &list) }
        }
    }

    /// Keys of every shown generator.
    func shownKeys() -> Set<Int> { Set(flatten().map(\.key)) }

    /// Keys of every instance in the tree, hidden descendants included.
    func allKeys() -> Set<Int> {
        var keys = Set<Int>()
        for section in sections {
            if let h = section.header { keys.insert(h.key) }
            if let f = section.footer { keys.insert(f.key) }
            for row in section.rows { row.allKeys(into: &keys) }
        }
        return keys
    }

    /// Where `key` is shown, or nil when it is not (absent, or below a collapsed row).
    func locate(_ key: Int) -> RandomizedLocation? {
        for (s, section) in sections.enumerated() {
            if section.header?.key == key { return .header(section: s) }
            if section.footer?.key == key { return .footer(section: s) }
            for (i, row) in section.rows.enumerated() {
                if let path = Self.visiblePath(to: key, in: row, prefix: [i]) { return .row(section: s, path: path) }
            }
        }
        return nil
    }

    private static func visiblePath(to key: Int, in node: RandomizedNode, prefix: [Int]) -> [Int]? {
        if node.key == key { return prefix }
        guard node.isFoldable, node.isExpanded else { return nil }
        for (j, child) in node.children.enumerated() {
            if let path = visiblePath(to: key, in: child, prefix: prefix + [j]) { return path }
        }
        return nil
    }

    func node(section s: Int, path: [Int]) -> RandomizedNode {
        var node = sections[s].rows[path[0]]
        for j in path.dropFirst() { node = node.children[j] }
        return node
    }

    private mutating func modifyNode(section s: Int, path: [Int], _ body: (inout RandomizedNode) -> Void) {
        func visit(_ node: inout RandomizedNode, _ rest: ArraySlice<Int>) {
            guard let j = rest.first else { return body(&node) }
            visit(&node.children[j], rest.dropFirst())
        }
        visit(&sections[s].rows[path[0]], path.dropFirst())
    }

    /// Every node of the tree (hidden ones included), depth first.
    func forEachNode(_ body: (RandomizedNode) -> Void) {
        func visit(_ node: RandomizedNode) {
            body(node)
            for child in node.children { visit(child) }
        }
        for section in sections {
            if let h = section.header { body(h) }
            for row in section.rows { visit(row) }
            if let f = section.footer { body(f) }
        }
    }

    // MARK: Checks shared by the operations (the errors of semantics.md)

    private func sectionIndex(header key: Int) throws(RandomizedExpectedError) -> Int {
        guard case .header(let s)? = locate(key) else { throw .sectionNotFound }
        return s
    }

    private func checkSection(_ index: Int) throws(RandomizedExpectedError) {
        guard index >= 0, index < sections.count else { throw .indexOutOfRange(index: index, count: sections.count) }
    }

    /// A section's own row (depth 0): the only rows inserts, moves and removals take.
    private func topLevel(_ key: Int) throws(RandomizedExpectedError) -> (Int, Int) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header?, .footer?: throw .invalidAnchor
        case .row(let s, let path)?:
            guard path.count == 1 else { throw .invalidAnchor }
            return (s, path[0])
        }
    }

    /// A shown foldable row at any depth.
    private func foldable(_ key: Int) throws(RandomizedExpectedError) -> (Int, [Int]) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header?, .footer?: throw .invalidAnchor
        case .row(let s, let path)?:
            guard node(section: s, path: path).isFoldable else { throw .notFoldable }
            return (s, path)
        }
    }

    /// After a row: after its shown subtree; after a header: first in its section; never after a footer.
    private func insertionPoint(after key: Int) throws(RandomizedExpectedError) -> (Int, Int) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header(let s)?: return (s, 0)
        case .footer?: throw .invalidAnchor
        case .row(let s, let path)?:
            guard path.count == 1 else { throw .invalidAnchor }
            return (s, path[0] + 1)
        }
    }

    /// Before a row; before a footer: last in its section; never before a header.
    private func insertionPoint(before key: Int) throws(RandomizedExpectedError) -> (Int, Int) {
        switch locate(key) {
        case nil: throw .generatorNotFound
        case .header?: throw .invalidAnchor
        case .footer(let s)?: return (s, sections[s].rows.count)
        case .row(let s, let path)?:
            guard path.count == 1 else { throw .invalidAnchor }
            return (s, path[0])
        }
    }

    /// New generators (and the visible descendants of expanded ones) must not be shown and must not repeat.
    private func validateNew(_ nodes: [RandomizedNode]) throws(RandomizedExpectedError) {
        let shown = shownKeys()
        var seen = Set<Int>()
        for node in nodes {
            var keys: [Int] = []
            node.visibleKeys(into: &keys)
            for key in keys {
                guard !shown.contains(key), seen.insert(key).inserted else { throw .duplicateGenerator }
            }
        }
    }

    private func validateNew(_ section: RandomizedSection) throws(RandomizedExpectedError) {
        var all = section.rows
        if let h = section.header { all.append(h) }
        if let f = section.footer { all.append(f) }
        try validateNew(all)
    }

    // MARK: Gravity ordering

    /// A section's weight: its header's heaviness; a header-less section is lightest; a header
    /// without heaviness is an error.
    private static func sectionWeight(_ header: RandomizedNode?) throws(RandomizedExpectedError) -> Int {
        guard let header else { return .min }
        guard let heaviness = header.heaviness else { throw .missingHeaviness }
        return heaviness
    }

    /// Stable order by weight (ties keep their order).
    static func ordered(_ nodes: [RandomizedNode]) -> [RandomizedNode] {
        nodes.enumerated().sorted { ($0.element.rowWeight, $0.offset) < ($1.element.rowWeight, $1.offset) }.map(\.element)
    }

    /// Each new row goes after the last top-level row that is not heavier (after equal weights).
    private mutating func placeByWeight(_ nodes: [RandomizedNode], section s: Int) {
        for node in Self.ordered(nodes) {
            let last = sections[s].rows.lastIndex { $0.rowWeight <= node.rowWeight }
            insert([node], section: s, at: last.map { $0 + 1 } ?? 0)
        }
    }

    // MARK: Primitive changes (they keep `detached` up to date)

    private mutating func attach(_ nodes: [RandomizedNode]) {
        for node in nodes {
            var keys = Set<Int>()
            node.allKeys(into: &keys)
            for key in keys { detached[key] = nil }
        }
    }

    private mutating func detach(_ nodes: [RandomizedNode]) {
        for node in nodes { detached[node.key] = node }
    }

    private mutating func detach(_ section: RandomizedSection) {
        detach([section.header, section.footer].compactMap { $0 } + section.rows)
    }

    private mutating func insert(_ nodes: [RandomizedNode], section s: Int, at index: Int) {
        attach(nodes)
        sections[s].rows.insert(contentsOf: nodes, at: index)
    }

    private mutating func insertSection(_ section: RandomizedSection, at index: Int) {
        attach([section.header, section.footer].compactMap { $0 } + section.rows)
        sections.insert(section, at: index)
    }

    // MARK: Operations

    /// Applies `op` as the semantics say, or throws the error the library must throw (and then
    /// changes nothing).
    mutating func apply(_ op: RandomizedOperation) throws(RandomizedExpectedError) {
        switch op {
        case .addSection(let header, let rows, let footer):
            if kind == .gravity {
                let weight = try Self.sectionWeight(header)
                let section = RandomizedSection(header: header, rows: Self.ordered(rows), footer: footer)
                try validateNew(section)
                let index = sections.firstIndex { ((try? Self.sectionWeight($0.header)) ?? .min) > weight } ?? sections.count
                insertSection(section, at: index)
            } else {
                let section = RandomizedSection(header: header, rows: rows, footer: footer)
                try validateNew(section)
                insertSection(section, at: sections.count)
            }

        case .add(let nodes):
            try validateNew(nodes)
            if kind == .gravity {
                if sections.isEmpty { sections.append(RandomizedSection()) }
                let s = sections.count - 1
                if nodes.count > 1 {
                    try asOneDiff { model throws(RandomizedExpectedError) in model.placeByWeight(nodes, section: s) }
                } else {
                    placeByWeight(nodes, section: s)
                }
            } else if sections.isEmpty {
                insertSection(RandomizedSection(rows: nodes), at: 0)
            } else {
                insert(nodes, section: sections.count - 1, at: sections[sections.count - 1].rows.count)
            }

        case .addToSection(let nodes, let header), .insertAtEnd(let nodes, let header):
            let s = try sectionIndex(header: header)
            try validateNew(nodes)
            if kind == .gravity, nodes.count > 1 {
                try asOneDiff { model throws(RandomizedExpectedError) in model.placeByWeight(nodes, section: s) }
            } else if kind == .gravity {
                placeByWeight(nodes, section: s)
            } else {
                insert(nodes, section: s, at: sections[s].rows.count)
            }

        case .insertAfter(let nodes, let anchor):
            let (s, i) = try insertionPoint(after: anchor)
            try validateNew(nodes)
            insert(nodes, section: s, at: i)

        case .insertBefore(let nodes, let anchor):
            let (s, i) = try insertionPoint(before: anchor)
            try validateNew(nodes)
            insert(nodes, section: s, at: i)

        case .remove(let key, let removeEmptySection):
            let (s, i) = try topLevel(key)
            if removeEmptySection, sections[s].rows.count == 1 {
                detach(sections.remove(at: s))
            } else {
                detach([sections[s].rows.remove(at: i)])
            }

        case .removeMany(let keys, let removeEmptySection):
            var seen = Set<Int>()
            for key in keys {
                _ = try topLevel(key)
                guard seen.insert(key).inserted else { throw .duplicateGenerator }
            }
            try asOneDiff { model throws(RandomizedExpectedError) in
                for key in keys { try model.apply(.remove(key, removeEmptySection: removeEmptySection)) }
            }

        case .replace(let old, let new):
            guard let location = locate(old) else { throw .generatorNotFound }
            // The same instance: rebound at once (also inside a batch, so not one of the batch's updates).
            if old == new.key { return }
            switch location {
            case .row(let s, let path):
                guard path.count == 1 else { throw .invalidAnchor }
                try validateNew([new])
                detach([sections[s].rows[path[0]]])
                attach([new])
                sections[s].rows[path[0]] = new
            case .header(let s):
                try validateNew([new])
                detach([sections[s].header!])
                attach([new])
                sections[s].header = new
            case .footer(let s):
                try validateNew([new])
                detach([sections[s].footer!])
                attach([new])
                sections[s].footer = new
            }

        case .moveAfter(let key, let anchor):
            try move(key, anchor: anchor) { model, anchor throws(RandomizedExpectedError) in try model.insertionPoint(after: anchor) }

        case .moveBefore(let key, let anchor):
            try move(key, anchor: anchor) { model, anchor throws(RandomizedExpectedError) in try model.insertionPoint(before: anchor) }

        case .update(let keys, let contents):
            for key in keys where locate(key) == nil { throw .generatorNotFound }
            for (key, content) in zip(keys, contents) {
                if let content { setContent(key, content) }
            }
            markUpdated(keys)

        case .expand(let key):
            let (s, path) = try foldable(key)
            try refold(section: s, path: path) { $0.isExpanded = true }

        case .collapse(let key):
            let (s, path) = try foldable(key)
            try refold(section: s, path: path) { $0.isExpanded = false }

        case .toggle(let key):
            let (s, path) = try foldable(key)
            try refold(section: s, path: path) { $0.isExpanded.toggle() }

        case .expandSubtree(let key):
            let (s, path) = try foldable(key)
            func expandAll(_ node: inout RandomizedNode) {
                if node.isFoldable { node.isExpanded = true }
                for j in node.children.indices { expandAll(&node.children[j]) }
            }
            try refold(section: s, path: path) { expandAll(&$0) }

        case .collapseSubtree(let key):
            let (s, path) = try foldable(key)
            func collapseAll(_ node: inout RandomizedNode) {
                if node.isFoldable { node.isExpanded = false }
                for j in node.children.indices { collapseAll(&node.children[j]) }
            }
            try refold(section: s, path: path) { collapseAll(&$0) }

        case .reloadChildren(let key, let children):
            let (s, path) = try foldable(key)
            let parent = node(section: s, path: path)
            if parent.isExpanded {
                // The new visible descendants: each new to the manager or already shown below this row.
                var own: [Int] = []
                for child in parent.children { child.visibleKeys(into: &own) }
                let ownSet = Set(own)
                let shown = shownKeys()
                var seen = Set<Int>()
                for child in children {
                    var keys: [Int] = []
                    child.visibleKeys(into: &keys)
                    for k in keys where !seen.insert(k).inserted || (!ownSet.contains(k) && shown.contains(k)) {
                        throw .duplicateGenerator
                    }
                }
            }
            let kept = Set(children.map(\.key))
            detach(parent.children.filter { !kept.contains($0.key) })
            attach(children)
            modifyNode(section: s, path: path) { $0.children = children }

        case .removeAllFromSection(let header):
            let s = try sectionIndex(header: header)
            detach(sections[s].rows)
            sections[s].rows = []

        case .removeAllFromSectionAt(let s):
            try checkSection(s)
            detach(sections[s].rows)
            sections[s].rows = []

        case .removeSection(let header):
            let s = try sectionIndex(header: header)
            detach(sections.remove(at: s))

        case .removeSectionAt(let s):
            try checkSection(s)
            detach(sections.remove(at: s))

        case .clear:
            for section in sections { detach(section) }
            sections = []

        case .setState(let requested):
            var new = requested
            if kind == .gravity {
                var weighted: [(weight: Int, section: RandomizedSection)] = []
                for section in requested {
                    var ordered = section
                    ordered.rows = Self.ordered(section.rows)
                    weighted.append((try Self.sectionWeight(section.header), ordered))
                }
                new = weighted.enumerated()
                    .sorted { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }
                    .map(\.element.section)
            }
            var candidate = self
            candidate.sections = new
            let flat = candidate.flatten()
            var instances = Set<Int>()
            for entry in flat where !instances.insert(entry.key).inserted { throw .duplicateGenerator }
            var ids = Set<RandomizedDiffKey>()
            for entry in flat where !ids.insert(entry.diffKey).inserted { throw .duplicateDiffID }
            let newKeys = candidate.allKeys()
            for section in sections {
                detach([section.header, section.footer].compactMap { $0 }.filter { !newKeys.contains($0.key) })
                detach(section.rows.filter { !newKeys.contains($0.key) })
            }
            sections = new
            for section in sections { attach([section.header, section.footer].compactMap { $0 } + section.rows) }

        case .batch(let ops):
            let outermost = batchUpdates == nil
            let updates = try asOneDiff { model throws(RandomizedExpectedError) in
                for op in ops { try model.apply(op) }
            }
            if outermost { lastBatchUpdates = updates }

        case .insertAtBeginning(let nodes, let header):
            let s = try sectionIndex(header: header)
            try validateNew(nodes)
            insert(nodes, section: s, at: 0)

        case .insertAtBeginningAt(let nodes, let s):
            try checkSection(s)
            try validateNew(nodes)
            insert(nodes, section: s, at: 0)

        case .insertAtEndAt(let nodes, let s):
            try checkSection(s)
            try validateNew(nodes)
            insert(nodes, section: s, at: sections[s].rows.count)

        case .insertSectionBefore(let section, let header):
            let s = try sectionIndex(header: header)
            try validateNew(section)
            insertSection(section, at: s)

        case .insertSectionAfter(let section, let header):
            let s = try sectionIndex(header: header)
            try validateNew(section)
            insertSection(section, at: s + 1)

        case .insertSectionAt(let section, let index):
            try validateNew(section)
            insertSection(section, at: min(max(index, 0), sections.count))

        case .swap(let a, let b):
            let (s1, i1) = try topLevel(a)
            let (s2, i2) = try topLevel(b)
            guard a != b else { return }
            let first = sections[s1].rows[i1]
            sections[s1].rows[i1] = sections[s2].rows[i2]
            sections[s2].rows[i2] = first

        case .reloadSection(let header):
            let s = try sectionIndex(header: header)
            var keys: [Int] = []
            for row in sections[s].rows { row.visibleKeys(into: &keys) }
            markUpdated(keys)
        }
    }

    /// The keys `update` touched inside the last batch applied (the rows it must rebind).
    var lastBatchUpdates: Set<Int> = []

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

    /// Changes a shown foldable's expansion; the rows it then shows must not stand elsewhere
    /// (an instance stands once).
    private mutating func refold(section s: Int, path: [Int], _ change: (inout RandomizedNode) -> Void) throws(RandomizedExpectedError) {
        let before = node(section: s, path: path)
        var after = before
        change(&after)
        var own: [Int] = []
        before.visibleKeys(into: &own)
        var shown = shownKeys()
        shown.subtract(own)
        var seen = Set<Int>()
        var revealed: [Int] = []
        after.visibleKeys(into: &revealed)
        for key in revealed where !seen.insert(key).inserted || shown.contains(key) { throw .duplicateGenerator }
        modifyNode(section: s, path: path) { $0 = after }
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

    /// Content belongs to the instance: every place it stands in the tree (shown or hidden) changes.
    private mutating func setContent(_ key: Int, _ content: String) {
        func visit(_ node: inout RandomizedNode) {
            if node.key == key { node.content = content }
            for j in node.children.indices { visit(&node.children[j]) }
        }
        for s in sections.indices {
            if sections[s].header?.key == key { sections[s].header!.content = content }
            if sections[s].footer?.key == key { sections[s].footer!.content = content }
            for i in sections[s].rows.indices { visit(&sections[s].rows[i]) }
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
