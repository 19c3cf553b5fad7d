// Random operation sequences for the model-based tests: weighted so every operation (and every
// error the semantics name) is exercised, with anchors drawn from what the model shows now.

/// Draws operations for one sequence. Fresh generator instances are described as nodes; the
/// harness creates the real generators from `created` before running the operation.
struct RandomizedOperationSource {
    let kind: RandomizedManagerKind
    var rng: RandomizedRNG
    private var nextKey = 1
    private var nextContent = 1
    /// Fresh instances (with their subtrees) drawn since the harness last took them.
    var created: [RandomizedNode] = []

    init(kind: RandomizedManagerKind, seed: UInt64) {
        self.kind = kind
        rng = RandomizedRNG(seed: seed)
    }

    // MARK: What the model offers as anchors and targets

    struct Snapshot {
        var flatCount = 0
        var topRows: [Int] = []
        /// Rows each top-level row puts in the list (itself and its visible descendants).
        var blockSize: [Int: Int] = [:]
        /// Where each shown generator stands in the list.
        var flatIndex: [Int: Int] = [:]
        var headers: [Int] = []
        var footers: [Int] = []
        var children: [Int] = []
        var foldables: [Int] = []
        var expandedFoldables: [Int] = []
        var collapsedFoldables: [Int] = []
        var plainRows: [Int] = []
        var shown: [Int] = []
        var hidden: [Int] = []
        var detached: [Int] = []
        var sectionCount = 0
        /// The keys shown below each shown foldable (its visible descendants).
        var below: [Int: Set<Int>] = [:]
        /// Shown foldables with a cycle below them, shown or hidden (or through themselves).
        var cyclic: [Int] = []
        /// Shown foldables (without a cycle) with a foldable below them, hidden, that is also shown elsewhere.
        var overShownElsewhere: [Int] = []
        /// Those of them where such a foldable is expanded: collapseSubtree folds it where it is shown too.
        var refoldsElsewhere: [Int] = []
        /// Foldables shown at one place and hidden below a collapsed foldable at another.
        var hiddenAndShown: [Int] = []

        init(_ model: RandomizedReferenceModel) {
            let flat = model.flatten()
            flatCount = flat.count
            sectionCount = model.sections.count
            for (index, item) in flat.enumerated() {
                shown.append(item.key)
                flatIndex[item.key] = index
                switch item.role {
                case .header: headers.append(item.key)
                case .footer: footers.append(item.key)
                case .row:
                    if item.depth == 0 {
                        topRows.append(item.key)
                        blockSize[item.key] = 1
                    } else {
                        children.append(item.key)
                        blockSize[topRows.last!]! += 1
                    }
                    let node = model.instance(item.key)
                    if node.isFoldable {
                        foldables.append(item.key)
                        if node.isExpanded { expandedFoldables.append(item.key) } else { collapsedFoldables.append(item.key) }
                        var keys = Set<Int>()
                        var j = index + 1
                        while j < flat.count, flat[j].role == .row, flat[j].depth > item.depth {
                            keys.insert(flat[j].key)
                            j += 1
                        }
                        below[item.key] = keys
                    } else {
                        plainRows.append(item.key)
                    }
                }
            }
            let shownSet = Set(shown)
            let inTree = model.allKeys()
            hidden = inTree.filter { !shownSet.contains($0) }.sorted()
            detached = model.registered.filter { !inTree.contains($0) }
            var seen = Set<Int>()
            for k in foldables {
                let own = below[k, default: []]
                var elsewhere: [Int] = []
                do throws(RandomizedExpectedError) {
                    try model.walk(model.instance(k).children, scope: .all, ancestors: [k]) { c, _ throws(RandomizedExpectedError) in
                        if model.instance(c).isFoldable, shownSet.contains(c), !own.contains(c) { elsewhere.append(c) }
                    }
                } catch {
                    cyclic.append(k)
                    continue
                }
                guard !elsewhere.isEmpty else { continue }
                overShownElsewhere.append(k)
                if elsewhere.contains(where: { model.instance($0).isExpanded }) { refoldsElsewhere.append(k) }
                for c in elsewhere where seen.insert(c).inserted { hiddenAndShown.append(c) }
            }
        }

        /// Rows in the tree that are not shown (below a collapsed foldable), by key.
        static func hiddenRows(_ model: RandomizedReferenceModel) -> [Int] {
            let shown = model.shownKeys()
            return model.allKeys().filter { !shown.contains($0) && model.instance($0).role == .row }.sorted()
        }
    }

    // MARK: Fresh instances

    private mutating func key() -> Int {
        defer { nextKey += 1 }
        return nextKey
    }

    private mutating func contentVersion() -> Int {
        defer { nextContent += 1 }
        return nextContent
    }

    /// A fresh row; foldable (with fresh children) when `depthBudget` allows.
    private mutating func makeRow(depthBudget: Int) -> RandomizedNode {
        let k = key()
        let foldable = depthBudget > 0 && rng.chance(0.3)
        var heaviness: Int?
        if kind == .gravity, rng.chance(0.85) { heaviness = rng.int(0...4) }
        var children: [RandomizedNode] = []
        if foldable { for _ in 0..<rng.int(0...3) { children.append(makeRow(depthBudget: depthBudget - 1)) } }
        return RandomizedNode(key: k, id: "r\(k)", role: .row, isFoldable: foldable, heaviness: heaviness,
                              content: "c\(k)", isExpanded: foldable && rng.chance(0.4), children: children)
    }

    mutating func freshRow(depthBudget: Int = 2) -> RandomizedNode {
        let node = makeRow(depthBudget: depthBudget)
        created.append(node)
        return node
    }

    mutating func freshHeader(heaviness: Int? = nil, weighted: Bool? = nil) -> RandomizedNode {
        let k = key()
        let w = weighted ?? (kind == .gravity)
        let node = RandomizedNode(key: k, id: "header:h\(k)", role: .header, isFoldable: false,
                                  heaviness: w ? (heaviness ?? rng.int(0...5)) : nil,
                                  content: "h\(k)", isExpanded: false, children: [])
        created.append(node)
        return node
    }

    mutating func freshFooter() -> RandomizedNode {
        let k = key()
        let node = RandomizedNode(key: k, id: "f\(k)", role: .footer, isFoldable: false, heaviness: nil,
                                  content: "f\(k)", isExpanded: false, children: [])
        created.append(node)
        return node
    }

    /// A new instance with the same diff id (for whole-state updates) and copies of the instance's
    /// current children: content and fold state may differ. A cycle is copied as a cycle (the copy
    /// of a foldable that contains its ancestor contains the ancestor's copy).
    private mutating func makeCopy(of key: Int, _ model: RandomizedReferenceModel, changes: Bool,
                                   copies: [Int: RandomizedNode] = [:]) -> RandomizedNode {
        let node = model.instance(key)
        var copy = RandomizedNode(key: self.key(), id: node.id, role: node.role, isFoldable: node.isFoldable,
                                  heaviness: node.heaviness, content: node.content, isExpanded: node.isExpanded, children: [])
        if changes, rng.chance(0.3) { copy.content = node.content + ".\(contentVersion())" }
        if changes, kind == .gravity, node.heaviness != nil, node.role == .row, rng.chance(0.2) { copy.heaviness = rng.int(0...4) }
        if node.isFoldable, changes, rng.chance(0.4) { copy.isExpanded = rng.chance(0.6) }
        var inner = copies
        inner[key] = copy.reference
        for child in node.children {
            copy.children.append(inner[child] ?? makeCopy(of: child, model, changes: changes, copies: inner))
        }
        if node.isFoldable, changes, rng.chance(0.2) {
            copy.children.insert(makeRow(depthBudget: 1), at: rng.int(0...copy.children.count))
        }
        return copy
    }

    mutating func freshCopy(of key: Int, _ model: RandomizedReferenceModel, changes: Bool = true) -> RandomizedNode {
        let copy = makeCopy(of: key, model, changes: changes)
        created.append(copy)
        return copy
    }

    /// A fresh instance with `node`'s diff id that shows nothing below it.
    private mutating func twin(of node: RandomizedNode) -> RandomizedNode {
        var twin = node
        twin.key = key()
        twin.isReference = false
        twin.isExpanded = false
        twin.children = []
        created.append(twin)
        return twin
    }

    /// Fresh foldables that contain each other (A → B → A) or itself (A → A). `shown`: every
    /// foldable on the cycle is expanded, so showing A is a cycle error; otherwise one is collapsed
    /// and A can stand in the manager with the cycle hidden (expanding it later fails).
    mutating func freshCycle(shown: Bool) -> RandomizedNode {
        func foldable(_ k: Int) -> RandomizedNode {
            var heaviness: Int?
            if kind == .gravity, rng.chance(0.85) { heaviness = rng.int(0...4) }
            return RandomizedNode(key: k, id: "r\(k)", role: .row, isFoldable: true, heaviness: heaviness,
                                  content: "c\(k)", isExpanded: false, children: [])
        }
        var a = foldable(key())
        if rng.chance(0.3) {
            a.isExpanded = shown
            a.children = [a.reference]
        } else {
            var b = foldable(key())
            (a.isExpanded, b.isExpanded) = shown ? (true, true) : [(true, false), (false, true), (false, false)][rng.below(3)]
            b.children = [a.reference]
            if rng.chance(0.5) { b.children.insert(makeRow(depthBudget: 0), at: rng.int(0...1)) }
            a.children = [b]
        }
        if rng.chance(0.5) { a.children.insert(makeRow(depthBudget: 0), at: rng.int(0...a.children.count)) }
        created.append(a)
        return a
    }

    /// A key the manager does not show: a hidden descendant, a removed instance, or one never added.
    mutating func missingKey(_ snap: Snapshot, _ model: inout RandomizedReferenceModel) -> Int {
        let r = rng.below(3)
        if r == 0, let k = rng.pick(snap.hidden) { return k }
        if r == 1, let k = rng.pick(snap.detached) { return k }
        let ghost = freshRow(depthBudget: 0)
        model.register(ghost)
        return ghost.key
    }

    /// Rows to add: fresh ones, sometimes an instance that was removed before (with its state),
    /// rarely a plain row that is a hidden child of a collapsed foldable (it is not shown, so it
    /// may be added; expanding its parent must then fail rather than show it twice), a foldable
    /// hidden so (then it is hidden and shown: collapseSubtree of its parent folds it where it is
    /// shown, expandSubtree fails), or a fresh foldable with a hidden cycle.
    private mutating func newRows(_ model: RandomizedReferenceModel, _ range: ClosedRange<Int> = 1...3) -> [RandomizedNode] {
        var nodes: [RandomizedNode] = []
        for _ in 0..<rng.int(range) { nodes.append(freshRow()) }
        if rng.chance(0.15), let old = freeDetached(model) {
            nodes.insert(old, at: rng.int(0...nodes.count))
        } else if rng.chance(0.04), let hidden = hiddenLeaf(model) {
            nodes.insert(hidden, at: rng.int(0...nodes.count))
        } else if rng.chance(0.25), let hidden = hiddenFoldable(model) {
            nodes.insert(hidden, at: rng.int(0...nodes.count))
        } else if rng.chance(0.03) {
            nodes.insert(freshCycle(shown: false), at: rng.int(0...nodes.count))
        }
        return nodes
    }

    /// Whether `keys` could be added as top-level rows: new to the manager (what they show too),
    /// and their diff ids free (single operations do not hash ids; the sequence keeps them unique).
    private func canAddAtTop(_ keys: [Int], _ model: RandomizedReferenceModel) -> Bool {
        do throws(RandomizedExpectedError) {
            try model.validateNew(keys)
        } catch {
            return false
        }
        var ids = Set(model.flatten().map(\.diffKey))
        var free = true
        try? model.walk(keys, scope: .shown) { k, depth throws(RandomizedExpectedError) in
            if !ids.insert(model.item(k, .row, depth).diffKey).inserted { free = false }
        }
        return free
    }

    /// A non-foldable row below a collapsed foldable, not shown anywhere.
    private mutating func hiddenLeaf(_ model: RandomizedReferenceModel) -> RandomizedNode? {
        let leaves = Snapshot.hiddenRows(model).filter { !model.instance($0).isFoldable && canAddAtTop([$0], model) }
        return rng.pick(leaves).map(model.reference)
    }

    /// A foldable row below a collapsed foldable, not shown anywhere, that can stand at the top.
    private mutating func hiddenFoldable(_ model: RandomizedReferenceModel) -> RandomizedNode? {
        let foldables = Snapshot.hiddenRows(model).filter { model.instance($0).isFoldable && canAddAtTop([$0], model) }
        let expanded = foldables.filter { model.instance($0).isExpanded }
        return rng.pick(rng.chance(0.5) && !expanded.isEmpty ? expanded : foldables).map(model.reference)
    }

    /// A row out of the manager whose whole subtree is out of it too, so it can be added again
    /// (with its state). Its diff ids must be free too: a whole-state update may have given them
    /// to new instances.
    private mutating func freeDetached(_ model: RandomizedReferenceModel) -> RandomizedNode? {
        let inTree = model.allKeys()
        let idsInTree = Set(inTree.map { model.instance($0).id })
        let free = model.registered.filter { key in
            guard !inTree.contains(key), model.instance(key).role == .row else { return false }
            var subtree = Set<Int>()
            model.collectAll(key, into: &subtree)
            return subtree.allSatisfy { !inTree.contains($0) && !idsInTree.contains(model.instance($0).id) }
        }
        return rng.pick(free).map(model.reference)
    }

    private mutating func newSection(_ model: RandomizedReferenceModel, header: Bool? = nil) -> RandomizedSection {
        let withHeader = header ?? rng.chance(kind == .gravity ? 0.85 : 0.7)
        return RandomizedSection(header: withHeader ? freshHeader() : nil,
                                 rows: newRows(model, 0...3),
                                 footer: rng.chance(0.25) ? freshFooter() : nil)
    }

    // MARK: Choosing an operation

    enum Choice: CaseIterable {
        case addSection, add, addToSection, insertAfter, insertBefore, remove, removeMany, replace
        case moveAfter, moveBefore, update, expand, collapse, toggle, expandSubtree, collapseSubtree, reloadChildren
        case removeAll, removeSection, clear, setState, batch, error
        case insertAtBeginning, insertAtEnd, insertSection, swap, reloadSection
        case background, backgroundThenBackground, backgroundThenSync
    }

    private func weight(_ choice: Choice, _ snap: Snapshot, inBatch: Bool) -> Double {
        let big = snap.flatCount > 45, small = snap.flatCount < 8
        let grow = big ? 0.3 : (small ? 2.5 : 1)
        let shrink = big ? 3 : (small ? 0.3 : 1)
        let manual = kind == .manual
        switch choice {
        case .addSection: return 4 * grow
        case .add: return 7 * grow
        case .addToSection: return 4 * grow
        case .insertAfter: return 6 * grow
        case .insertBefore: return 6 * grow
        case .remove: return 6 * shrink
        case .removeMany: return 2.5 * shrink
        case .replace: return 4
        case .moveAfter: return 5
        case .moveBefore: return 5
        case .update: return 2.5
        case .expand: return 6 * grow
        case .collapse: return 5 * shrink
        case .toggle: return 3
        // Over a foldable hidden here and shown elsewhere: collapseSubtree folds it there too (one
        // diffed update), expandSubtree must fail.
        case .expandSubtree: return 1.5 * grow + (snap.overShownElsewhere.isEmpty ? 0 : 1.5)
        case .collapseSubtree: return 1.2 * shrink + (snap.refoldsElsewhere.isEmpty ? 0 : 5)
        case .reloadChildren: return 3
        case .removeAll: return 1.5 * shrink
        case .removeSection: return 2 * shrink
        case .clear: return inBatch ? 0.3 : (big ? 0.8 : 0.2)
        case .setState: return inBatch ? 0.5 : 3
        case .batch: return inBatch ? 0.3 : 5
        case .error: return inBatch ? 0 : 11
        case .insertAtBeginning: return manual ? 3 * grow : 0
        case .insertAtEnd: return manual ? 2 * grow : 0
        case .insertSection: return manual ? 3 * grow : 0
        case .swap: return manual ? 5 : 0
        case .reloadSection: return manual ? 1 : 0
        case .background: return inBatch ? 0 : 1.5
        case .backgroundThenBackground: return inBatch ? 0 : 1
        case .backgroundThenSync: return inBatch ? 0 : 2.5
        }
    }

    /// The next operation, drawn against `model` (a failed draw, e.g. no rows to move, draws again).
    mutating func next(_ model: inout RandomizedReferenceModel, inBatch: Bool = false) -> RandomizedOperation {
        let snap = Snapshot(model)
        let choices = Choice.allCases
        let weights = choices.map { weight($0, snap, inBatch: inBatch) }
        while true {
            let choice = choices[rng.weighted(weights)]
            if let op = make(choice, snap, &model, inBatch: inBatch) { return op }
        }
    }

    private mutating func make(_ choice: Choice, _ snap: Snapshot, _ model: inout RandomizedReferenceModel,
                               inBatch: Bool) -> RandomizedOperation? {
        switch choice {
        case .addSection:
            let s = newSection(model)
            return .addSection(header: s.header, rows: s.rows, footer: s.footer)
        case .add:
            return .add(newRows(model))
        case .addToSection:
            // A section is named by its header or by its footer.
            guard let h = rng.pick(snap.headers + snap.footers) else { return nil }
            return .addToSection(newRows(model), header: h)
        case .insertAfter:
            guard let anchor = rng.pick(snap.topRows + snap.headers) else { return nil }
            return .insertAfter(newRows(model), anchor: anchor)
        case .insertBefore:
            guard let anchor = rng.pick(snap.topRows + snap.footers) else { return nil }
            return .insertBefore(newRows(model), anchor: anchor)
        case .remove:
            guard let k = rng.pick(snap.topRows) else { return nil }
            return .remove(k, removeEmptySection: rng.chance(0.3))
        case .removeMany:
            guard snap.topRows.count >= 2 else { return nil }
            return .removeMany(rng.sample(snap.topRows, rng.int(2...4)), removeEmptySection: rng.chance(0.3))
        case .replace:
            let r = rng.below(20)
            if r == 0, let k = rng.pick(snap.topRows + snap.headers) {
                return .replace(k, with: model.reference(k))  // itself: a rebind
            }
            if r < 4, let h = rng.pick(snap.headers) {
                // Gravity: the new header keeps the weight (one splice), or has another one (its
                // section moves to its place: one diffed update).
                let heaviness = model.instance(h).heaviness
                if kind == .gravity, rng.chance(0.35) { return .replace(h, with: freshHeader(heaviness: rng.int(0...5))) }
                return .replace(h, with: freshHeader(heaviness: heaviness))
            }
            if r < 6, let f = rng.pick(snap.footers) { return .replace(f, with: freshFooter()) }
            guard let k = rng.pick(snap.topRows) else { return nil }
            if rng.chance(0.15), let old = freeDetached(model) { return .replace(k, with: old) }
            return .replace(k, with: freshRow())
        case .moveAfter:
            guard let k = rng.pick(snap.topRows), let anchor = rng.pick(snap.topRows + snap.headers) else { return nil }
            return .moveAfter(k, anchor: anchor)
        case .moveBefore:
            guard let k = rng.pick(snap.topRows), let anchor = rng.pick(snap.topRows + snap.footers) else { return nil }
            return .moveBefore(k, anchor: anchor)
        case .update:
            let keys = rng.sample(snap.shown, rng.int(1...3))
            guard !keys.isEmpty else { return nil }
            var contents: [String?] = []
            for k in keys { contents.append(rng.chance(0.6) ? "u\(k).\(contentVersion())" : nil) }
            return .update(keys, contents: contents)
        case .expand:
            // Sometimes a foldable also hidden below another (collapseSubtree of that one then folds it here too).
            if rng.chance(0.3), let x = rng.pick(snap.hiddenAndShown.filter { !model.instance($0).isExpanded }) { return .expand(x) }
            guard let k = rng.pick(rng.chance(0.85) && !snap.collapsedFoldables.isEmpty ? snap.collapsedFoldables : snap.foldables) else { return nil }
            return .expand(k)
        case .collapse:
            guard let k = rng.pick(rng.chance(0.85) && !snap.expandedFoldables.isEmpty ? snap.expandedFoldables : snap.foldables) else { return nil }
            return .collapse(k)
        case .toggle:
            guard let k = rng.pick(snap.foldables) else { return nil }
            return .toggle(k)
        case .expandSubtree:
            // Often over a hidden cycle or a foldable shown elsewhere too (both must fail).
            let special = snap.cyclic + snap.overShownElsewhere
            guard let k = rng.pick(rng.chance(0.25) && !special.isEmpty ? special : snap.foldables) else { return nil }
            return .expandSubtree(k)
        case .collapseSubtree:
            // Often over a foldable shown elsewhere too (it folds there as well) or a hidden cycle (an error).
            if rng.chance(0.6), let k = rng.pick(snap.refoldsElsewhere) { return .collapseSubtree(k) }
            let special = snap.overShownElsewhere + snap.cyclic
            guard let k = rng.pick(rng.chance(0.35) && !special.isEmpty ? special : snap.foldables) else { return nil }
            return .collapseSubtree(k)
        case .reloadChildren:
            guard let k = rng.pick(snap.foldables) else { return nil }
            let parent = model.instance(k)
            var children = rng.sample(parent.children, rng.int(0...parent.children.count)).map(model.reference)
            for _ in 0..<rng.int(0...2) { children.insert(freshRow(depthBudget: 1), at: rng.int(0...children.count)) }
            let taken = Set(children.map(\.key))
            if rng.chance(0.05), let hidden = hiddenLeaf(model), !taken.contains(hidden.key) {
                // Rarely a hidden row of another foldable: one instance below two parents.
                children.insert(hidden, at: rng.int(0...children.count))
            } else if !parent.isExpanded, rng.chance(0.25),
                      let x = rng.pick(snap.foldables.filter { $0 != k && !taken.contains($0) && !snap.below[$0, default: []].contains(k) }) {
                // A collapsed foldable takes a foldable shown elsewhere: hidden here, shown there.
                children.insert(model.reference(x), at: rng.int(0...children.count))
            } else if !parent.isExpanded, rng.chance(0.1) {
                // A hidden cycle: a collapsed foldable takes itself or a shown ancestor.
                let ancestors = snap.foldables.filter { snap.below[$0, default: []].contains(k) }
                let target = rng.pick(ancestors + [k])!
                children.insert(model.reference(target), at: rng.int(0...children.count))
            }
            return .reloadChildren(k, children: children)
        case .removeAll:
            if rng.chance(0.5), let h = rng.pick(snap.headers) { return .removeAllFromSection(header: h) }
            guard snap.sectionCount > 0 else { return nil }
            return .removeAllFromSectionAt(rng.below(snap.sectionCount))
        case .removeSection:
            if rng.chance(0.5), let h = rng.pick(snap.headers) { return .removeSection(header: h) }
            guard snap.sectionCount > 0 else { return nil }
            return .removeSectionAt(rng.below(snap.sectionCount))
        case .clear:
            return .clear
        case .setState:
            return .setState(wholeState(model))
        case .batch:
            return batch(&model, nested: inBatch)
        case .error:
            return makeError(snap, &model)
        case .insertAtBeginning:
            if rng.chance(0.5), let h = rng.pick(snap.headers) { return .insertAtBeginning(newRows(model), header: h) }
            guard snap.sectionCount > 0 else { return nil }
            return .insertAtBeginningAt(newRows(model), section: rng.below(snap.sectionCount))
        case .insertAtEnd:
            if rng.chance(0.5), let h = rng.pick(snap.headers) { return .insertAtEnd(newRows(model), header: h) }
            guard snap.sectionCount > 0 else { return nil }
            return .insertAtEndAt(newRows(model), section: rng.below(snap.sectionCount))
        case .insertSection:
            let r = rng.below(3)
            if r == 0, let h = rng.pick(snap.headers) { return .insertSectionBefore(newSection(model), header: h) }
            if r == 1, let h = rng.pick(snap.headers) { return .insertSectionAfter(newSection(model), header: h) }
            return .insertSectionAt(newSection(model), index: rng.int(-1...(snap.sectionCount + 1)))
        case .swap:
            guard let a = rng.pick(snap.topRows) else { return nil }
            // Any partner: blocks of different sizes (an expanded foldable) included.
            return .swap(a, rng.chance(0.08) ? a : rng.pick(snap.topRows)!)
        case .reloadSection:
            guard let h = rng.pick(snap.headers + snap.footers) else { return nil }
            return .reloadSection(header: h)
        case .background:
            if rng.chance(0.25), let bad = setStateError(model) { return .background(bad) }
            return .background(wholeState(model))
        case .backgroundThenBackground:
            let valid = wholeState(model)
            var failing = setStateError(model)
            while failing == nil { failing = setStateError(model) }
            return .backgroundThenBackground(valid, failing!)
        case .backgroundThenSync:
            let state = wholeState(model)
            return .backgroundThenSync(state, syncOperation(snap, &model))
        }
    }

    /// The synchronous operation made while a background update is in flight: one that states a
    /// newer intent (supersedes it), a fold (it applies after, against the folded rows), or a bad one.
    private mutating func syncOperation(_ snap: Snapshot, _ model: inout RandomizedReferenceModel) -> RandomizedOperation {
        let choices: [(Choice, Double)] = [(.setState, 2), (.batch, 2), (.add, 2), (.remove, 2), (.removeMany, 0.7),
                                           (.addSection, 0.5), (.update, 0.5), (.replace, 0.5), (.moveAfter, 0.5), (.clear, 0.2),
                                           (.expand, 1.2), (.collapse, 1), (.toggle, 0.5), (.expandSubtree, 0.6),
                                           (.collapseSubtree, 0.8), (.reloadChildren, 0.8)]
        for _ in 0..<10 {
            if rng.chance(0.3), let op = makeError(snap, &model) { return op }
            if let op = make(choices[rng.weighted(choices.map(\.1))].0, snap, &model, inBatch: false) { return op }
        }
        return .add(newRows(model))
    }


    /// Several operations in one `batch { }`; sometimes one of them is bad, and then none applies.
    private mutating func batch(_ model: inout RandomizedReferenceModel, nested: Bool) -> RandomizedOperation {
        var scratch = model
        var ops: [RandomizedOperation] = []
        let count = rng.int(2...5)
        let bad = rng.chance(0.25) ? rng.below(count) : -1
        for i in 0..<count {
            var op: RandomizedOperation
            if i == bad {
                var attempt: RandomizedOperation?
                while attempt == nil { attempt = makeError(Snapshot(scratch), &scratch) }
                op = attempt!
            } else {
                op = next(&scratch, inBatch: true)
            }
            ops.append(op)
            try? scratch.apply(op)
        }
        return .batch(ops)
    }

    /// A new whole state from fresh instances sharing ids with the shown ones: some content
    /// changed, some rows removed, some new, some moved, some foldables expanded or collapsed.
    private mutating func wholeState(_ model: RandomizedReferenceModel) -> [RandomizedSection] {
        var sections: [RandomizedSection] = []
        for old in model.sections {
            if rng.chance(0.1) { continue }
            var s = RandomizedSection()
            if let h = old.header {
                s.header = rng.chance(0.8) ? freshCopy(of: h, model) : model.reference(h)
            } else if rng.chance(0.1) {
                s.header = freshHeader()
            }
            if let f = old.footer, rng.chance(0.9) { s.footer = rng.chance(0.7) ? freshCopy(of: f, model) : model.reference(f) }
            for row in old.rows where !rng.chance(0.15) {
                s.rows.append(rng.chance(0.6) ? freshCopy(of: row, model) : model.reference(row))
            }
            for _ in 0..<rng.int(0...2) { s.rows.insert(freshRow(), at: rng.int(0...s.rows.count)) }
            sections.append(s)
        }
        if rng.chance(0.25) { sections.insert(newSection(model), at: rng.int(0...sections.count)) }
        // Sometimes foldables that contain each other, mostly with the cycle hidden (a valid state).
        if rng.chance(0.06), let s = rng.pick(Array(sections.indices)) {
            sections[s].rows.insert(freshCycle(shown: rng.chance(0.2)), at: rng.int(0...sections[s].rows.count))
        }
        // Moves: within a section or across.
        for _ in 0..<rng.int(0...3) {
            guard let from = rng.pick(sections.indices.filter { !sections[$0].rows.isEmpty }) else { break }
            let row = sections[from].rows.remove(at: rng.below(sections[from].rows.count))
            let to = rng.below(sections.count)
            sections[to].rows.insert(row, at: rng.int(0...sections[to].rows.count))
        }
        if sections.count >= 2, rng.chance(0.2) {
            let picked = rng.sample(Array(sections.indices), 2)
            sections.swapAt(picked[0], picked[1])
        }
        return sections
    }

    // MARK: Bad input: each draw has exactly one fault, so the error it must raise is unambiguous

    private mutating func makeError(_ snap: Snapshot, _ model: inout RandomizedReferenceModel) -> RandomizedOperation? {
        let topOrHeader = snap.topRows + snap.headers
        switch rng.below(40) {
        case 38:
            // A new header or footer generator among new rows, or as a foldable's child or a row's
            // replacement: a generator stands only in the role its type takes.
            let stray = rng.chance(0.5) ? freshHeader() : freshFooter()
            var rows = newRows(model, 0...2)
            rows.insert(stray, at: rng.int(0...rows.count))
            switch rng.below(4) {
            case 0:
                if let anchor = rng.pick(topOrHeader) { return .insertAfter(rows, anchor: anchor) }
                return .add(rows)
            case 1:
                return .addSection(header: nil, rows: rows, footer: nil)
            case 2:
                guard let k = rng.pick(snap.expandedFoldables) else { return .add(rows) }
                var children = model.instance(k).children.map(model.reference)
                children.insert(stray, at: rng.int(0...children.count))
                return .reloadChildren(k, children: children)
            default:
                guard let k = rng.pick(snap.topRows) else { return .add(rows) }
                return .replace(k, with: stray)
            }
        case 39:
            // A new row (or footer) generator as a section's header, or a new row as its footer.
            let stray = rng.chance(0.7) ? freshRow(depthBudget: 0) : freshFooter()
            if rng.chance(0.4), let h = rng.pick(snap.headers) { return .replace(h, with: stray) }
            if rng.chance(0.3), let f = rng.pick(snap.footers) { return .replace(f, with: freshRow(depthBudget: 0)) }
            if kind == .gravity { return .addSection(header: stray, rows: newRows(model, 0...2), footer: nil) }
            return rng.chance(0.5) ? .addSection(header: stray, rows: newRows(model, 0...2), footer: nil)
                : .addSection(header: nil, rows: newRows(model, 0...2), footer: freshRow(depthBudget: 0))
        case 0:
            return .insertAfter(newRows(model), anchor: missingKey(snap, &model))
        case 1:
            return .insertBefore(newRows(model), anchor: missingKey(snap, &model))
        case 2:
            guard let h = rng.pick(snap.headers) else { return nil }
            return rng.chance(0.5) ? .insertBefore(newRows(model), anchor: h) : .moveBefore(rng.pick(snap.topRows) ?? h, anchor: h)
        case 3:
            guard let f = rng.pick(snap.footers) else { return nil }
            return rng.chance(0.5) ? .insertAfter(newRows(model), anchor: f) : .moveAfter(rng.pick(snap.topRows) ?? f, anchor: f)
        case 4:
            guard let c = rng.pick(snap.children) else { return nil }
            return rng.chance(0.5) ? .insertAfter(newRows(model), anchor: c) : .insertBefore(newRows(model), anchor: c)
        case 5:
            // A generator already shown (a row, a visible child or a header) added again.
            guard let k = rng.pick(snap.shown.filter { !snap.footers.contains($0) }) else { return nil }
            let again = model.reference(k)
            var rows = newRows(model, 0...2)
            rows.insert(again, at: rng.int(0...rows.count))
            if let anchor = rng.pick(topOrHeader), rng.chance(0.5) { return .insertAfter(rows, anchor: anchor) }
            return .add(rows)
        case 6:
            // The same new instance twice in one call.
            let row = freshRow(depthBudget: 0)
            return .add([row, row])
        case 7:
            let notAHeader = rng.pick(snap.topRows + snap.footers) ?? missingKey(snap, &model)
            let r = rng.below(3)
            if r == 0 { return .addToSection(newRows(model), header: rng.pick(snap.topRows) ?? missingKey(snap, &model)) }
            if r == 1 { return .removeSection(header: rng.chance(0.5) ? notAHeader : missingKey(snap, &model)) }
            return .removeAllFromSection(header: notAHeader)
        case 8:
            let index = rng.chance(0.5) ? snap.sectionCount + rng.below(3) : -1 - rng.below(3)
            return rng.chance(0.5) ? .removeSectionAt(index) : .removeAllFromSectionAt(index)
        case 9:
            guard let k = rng.pick(snap.plainRows) else { return nil }
            return foldOperation(k)
        case 10:
            guard let k = rng.pick(snap.headers + snap.footers) else { return nil }
            return rng.chance(0.7) ? foldOperation(k) : .remove(k, removeEmptySection: rng.chance(0.5))
        case 11:
            return foldOperation(missingKey(snap, &model))
        case 12:
            guard let c = rng.pick(snap.children) else { return nil }
            return rng.chance(0.5) ? .remove(c, removeEmptySection: rng.chance(0.5)) : .replace(c, with: freshRow())
        case 13:
            return .remove(missingKey(snap, &model), removeEmptySection: rng.chance(0.5))
        case 14:
            guard let k = rng.pick(snap.topRows) else { return nil }
            var keys = rng.sample(snap.topRows, rng.int(0...2))
            keys.insert(rng.chance(0.5) ? k : missingKey(snap, &model), at: rng.int(0...keys.count))
            if !keys.contains(where: { !snap.shown.contains($0) }) { keys.append(k) }  // a repeat
            return .removeMany(keys, removeEmptySection: rng.chance(0.3))
        case 15:
            guard let k = rng.pick(snap.topRows) else { return nil }
            return rng.chance(0.5) ? .moveAfter(missingKey(snap, &model), anchor: k) : .moveBefore(k, anchor: missingKey(snap, &model))
        case 16:
            guard let c = rng.pick(snap.children), let k = rng.pick(snap.topRows) else { return nil }
            return rng.chance(0.5) ? .moveAfter(c, anchor: k) : .moveBefore(k, anchor: c)
        case 17:
            return .replace(missingKey(snap, &model), with: freshRow())
        case 18:
            guard let k = rng.pick(snap.topRows), let other = rng.pick(snap.shown.filter { $0 != k && !snap.footers.contains($0) }) else { return nil }
            return .replace(k, with: model.reference(other))
        case 19:
            var keys = rng.sample(snap.shown, rng.int(0...2))
            keys.insert(missingKey(snap, &model), at: rng.int(0...keys.count))
            return .update(keys, contents: keys.map { _ in nil })
        case 20, 21:
            return setStateError(model).map { .setState($0) }
        case 22:
            guard let h = rng.pick(snap.headers) else { return nil }
            return .addSection(header: model.reference(h), rows: newRows(model, 0...2), footer: nil)
        case 23:
            guard kind == .gravity else { return nil }
            return .addSection(header: freshHeader(weighted: false), rows: newRows(model, 0...2), footer: nil)
        case 24:
            // New children that include a row shown elsewhere (possibly the parent itself).
            guard let k = rng.pick(snap.expandedFoldables) else { return nil }
            let own = snap.below[k, default: []]
            guard let other = rng.pick(snap.shown.filter { !own.contains($0) && !snap.footers.contains($0) && !snap.headers.contains($0) }) else { return nil }
            var children = model.instance(k).children.map(model.reference)
            children.insert(model.reference(other), at: rng.int(0...children.count))
            return .reloadChildren(k, children: children)
        case 25:
            guard let k = rng.pick(snap.plainRows + snap.headers) else { return nil }
            return .reloadChildren(k, children: [freshRow(depthBudget: 0)])
        case 26, 27:
            return manualError(snap, &model)
        case 30:
            // An expanded foldable given itself as a child: a cycle.
            guard let k = rng.pick(snap.expandedFoldables) else { return nil }
            var children = model.instance(k).children.map(model.reference)
            children.insert(model.reference(k), at: rng.int(0...children.count))
            return .reloadChildren(k, children: children)
        case 31:
            // New rows with a shown cycle.
            var rows = newRows(model, 0...2)
            rows.insert(freshCycle(shown: true), at: rng.int(0...rows.count))
            if let anchor = rng.pick(topOrHeader), rng.chance(0.4) { return .insertAfter(rows, anchor: anchor) }
            return rng.chance(0.3) ? .addSection(header: freshHeader(), rows: rows, footer: nil) : .add(rows)
        case 32:
            // Gravity: a header replaced by one without heaviness.
            guard kind == .gravity, let h = rng.pick(snap.headers) else { return nil }
            return .replace(h, with: freshHeader(weighted: false))
        case 33, 34:
            // Folding over a hidden cycle (expand fails only when it shows the cycle, or a row shown elsewhere).
            guard let k = rng.pick(snap.cyclic) else { return nil }
            return foldOperation(k)
        case 35:
            // expandSubtree over a foldable hidden here and shown elsewhere.
            guard let k = rng.pick(snap.overShownElsewhere) else { return nil }
            return .expandSubtree(k)
        case 37:
            // A new row with the diff id of a shown top-level row, or two new rows with one id:
            // an id stands once per role and depth in every operation.
            var rows = newRows(model, 0...1)
            if rng.chance(0.5), let k = rng.pick(snap.topRows) {
                rows.insert(twin(of: model.reference(k)), at: rng.int(0...rows.count))
            } else {
                let row = freshRow(depthBudget: 0)
                rows += [row]
                rows.insert(twin(of: row), at: rng.int(0...rows.count))
            }
            if let anchor = rng.pick(topOrHeader), rng.chance(0.3) { return .insertAfter(rows, anchor: anchor) }
            return .add(rows)
        case 36:
            // A collapsed foldable given itself or an ancestor (accepted: the cycle is hidden), or
            // an expanded one given its shown ancestor (that row is shown already).
            guard let k = rng.pick(snap.foldables) else { return nil }
            let ancestors = snap.foldables.filter { snap.below[$0, default: []].contains(k) }
            guard let target = rng.pick(ancestors + [k]) else { return nil }
            var children = model.instance(k).children.map(model.reference)
            children.insert(model.reference(target), at: rng.int(0...children.count))
            return .reloadChildren(k, children: children)
        default:
            return rng.chance(0.5) ? .expand(missingKey(snap, &model)) : .toggle(rng.pick(snap.plainRows) ?? missingKey(snap, &model))
        }
    }

    private mutating func foldOperation(_ key: Int) -> RandomizedOperation {
        switch rng.below(5) {
        case 0: return .expand(key)
        case 1: return .collapse(key)
        case 2: return .toggle(key)
        case 3: return .collapseSubtree(key)
        default: return .expandSubtree(key)
        }
    }

    /// A whole state with one fault: two rows with one diff id, one instance twice, a shown
    /// cycle, or (gravity) a header without heaviness.
    private mutating func setStateError(_ model: RandomizedReferenceModel) -> [RandomizedSection]? {
        var sections = wholeState(model)
        let withRows = sections.indices.filter { !sections[$0].rows.isEmpty }
        if rng.chance(0.2) {
            // A generator in a role its type does not take: a header among the rows, a row as a header.
            guard let s = rng.pick(Array(sections.indices)) else { return nil }
            if rng.chance(0.5) {
                sections[s].rows.insert(rng.chance(0.5) ? freshHeader() : freshFooter(), at: rng.int(0...sections[s].rows.count))
            } else if rng.chance(0.5) {
                sections[s].header = freshRow(depthBudget: 0)
            } else {
                sections[s].footer = rng.chance(0.5) ? freshRow(depthBudget: 0) : freshHeader()
            }
            return sections
        }
        switch rng.below(kind == .gravity ? 4 : 3) {
        case 0:
            // Two instances with one diff id in one section's rows (the twin shows nothing below it).
            guard let s = rng.pick(withRows), let t = rng.pick(Array(sections.indices)) else { return nil }
            let twin = twin(of: sections[s].rows[rng.below(sections[s].rows.count)])
            sections[t].rows.insert(twin, at: rng.int(0...sections[t].rows.count))
        case 1:
            // One instance twice.
            guard let s = rng.pick(withRows), let t = rng.pick(Array(sections.indices)) else { return nil }
            let same = sections[s].rows[rng.below(sections[s].rows.count)].reference
            sections[t].rows.insert(same, at: rng.int(0...sections[t].rows.count))
        case 2:
            // Foldables that contain each other, all expanded: a cycle in the shown rows.
            if sections.isEmpty { sections.append(RandomizedSection()) }
            let t = rng.below(sections.count)
            sections[t].rows.insert(freshCycle(shown: true), at: rng.int(0...sections[t].rows.count))
        default:
            sections.insert(RandomizedSection(header: freshHeader(weighted: false), rows: [], footer: nil), at: rng.int(0...sections.count))
        }
        return sections
    }

    private mutating func manualError(_ snap: Snapshot, _ model: inout RandomizedReferenceModel) -> RandomizedOperation? {
        guard kind == .manual else { return nil }
        let notAHeader = rng.pick(snap.topRows) ?? missingKey(snap, &model)
        let oob = rng.chance(0.5) ? snap.sectionCount + rng.below(3) : -1 - rng.below(3)
        switch rng.below(8) {
        case 0: return .insertAtBeginningAt(newRows(model), section: oob)
        case 1: return .insertAtEndAt(newRows(model), section: oob)
        case 2: return .insertAtBeginning(newRows(model), header: notAHeader)
        case 3: return rng.chance(0.5) ? .insertSectionBefore(newSection(model), header: notAHeader)
                                        : .insertSectionAfter(newSection(model), header: missingKey(snap, &model))
        case 4:
            guard let h = rng.pick(snap.headers) else { return nil }
            return .insertSectionAt(RandomizedSection(header: model.reference(h), rows: [], footer: nil), index: rng.int(0...snap.sectionCount))
        case 5:
            guard let k = rng.pick(snap.topRows), let bad = rng.pick(snap.children + snap.headers + snap.footers) else { return nil }
            return rng.chance(0.5) ? .swap(k, bad) : .swap(bad, k)
        case 6:
            guard let k = rng.pick(snap.topRows) else { return nil }
            return .swap(k, missingKey(snap, &model))
        default:
            return .reloadSection(header: notAHeader)
        }
    }
}

extension RandomizedOperation {
    /// The operation's name, for the per-run histogram.
    var name: String {
        switch self {
        case .addSection: return "addSection"
        case .add: return "add"
        case .addToSection: return "addToSection"
        case .insertAfter: return "insertAfter"
        case .insertBefore: return "insertBefore"
        case .remove: return "remove"
        case .removeMany: return "removeMany"
        case .replace: return "replace"
        case .moveAfter: return "moveAfter"
        case .moveBefore: return "moveBefore"
        case .update: return "update"
        case .expand: return "expand"
        case .collapse: return "collapse"
        case .toggle: return "toggle"
        case .expandSubtree: return "expandSubtree"
        case .collapseSubtree: return "collapseSubtree"
        case .reloadChildren: return "reloadChildren"
        case .removeAllFromSection, .removeAllFromSectionAt: return "removeAll"
        case .removeSection, .removeSectionAt: return "removeSection"
        case .clear: return "clear"
        case .setState: return "setState"
        case .batch: return "batch"
        case .insertAtBeginning, .insertAtBeginningAt: return "insertAtBeginning"
        case .insertAtEnd, .insertAtEndAt: return "insertAtEnd"
        case .insertSectionBefore, .insertSectionAfter, .insertSectionAt: return "insertSection"
        case .swap: return "swap"
        case .reloadSection: return "reloadSection"
        case .background: return "background"
        case .backgroundThenBackground: return "background+background"
        case .backgroundThenSync(_, let op): return op.supersedesBackgroundUpdates ? "background+sync" : "background+fold"
        }
    }
}

// MARK: Descriptions for failure reports

extension RandomizedNode: CustomStringConvertible {
    var description: String {
        if isReference { return "#\(key)" }
        var text: String
        switch role {
        case .header: text = "H\(key)"
        case .footer: text = "F\(key)"
        case .row: text = (isFoldable ? "D\(key)" : "r\(key)")
        }
        let defaultID = role == .header ? "header:h\(key)" : (role == .footer ? "f\(key)" : "r\(key)")
        if id != defaultID { text += "(id \(id))" }
        if let heaviness { text += "/w\(heaviness)" }
        if isFoldable { text += (isExpanded ? "+" : "-") + "{" + children.map(\.description).joined(separator: " ") + "}" }
        return text
    }
}

extension RandomizedSection: CustomStringConvertible {
    var description: String {
        "[" + ([header?.description].compactMap { $0 } + rows.map(\.description) + [footer.map { "footer " + $0.description }].compactMap { $0 })
            .joined(separator: " ") + "]"
    }
}

extension RandomizedOperation: CustomStringConvertible {
    var description: String {
        func list(_ nodes: [RandomizedNode]) -> String { "[" + nodes.map(\.description).joined(separator: ", ") + "]" }
        func k(_ key: Int) -> String { "#\(key)" }
        func state(_ sections: [RandomizedSection]) -> String { sections.map(\.description).joined(separator: " ") }
        switch self {
        case .addSection(let h, let rows, let f):
            return "addSection(header: \(h?.description ?? "nil"), rows: \(list(rows)), footer: \(f?.description ?? "nil"))"
        case .add(let nodes): return "add(\(list(nodes)))"
        case .addToSection(let nodes, let h): return "add(\(list(nodes)), toSectionWith: \(k(h)))"
        case .insertAfter(let nodes, let a): return "insert(\(list(nodes)), after: \(k(a)))"
        case .insertBefore(let nodes, let a): return "insert(\(list(nodes)), before: \(k(a)))"
        case .remove(let key, let flag): return "remove(\(k(key)), removeEmptySection: \(flag))"
        case .removeMany(let keys, let flag): return "remove([\(keys.map(k).joined(separator: ", "))], removeEmptySection: \(flag))"
        case .replace(let old, let new): return "replace(\(k(old)), with: \(new))"
        case .moveAfter(let key, let a): return "move(\(k(key)), after: \(k(a)))"
        case .moveBefore(let key, let a): return "move(\(k(key)), before: \(k(a)))"
        case .update(let keys, let contents):
            return "update([" + zip(keys, contents).map { k($0) + ($1.map { " = \"\($0)\"" } ?? "") }.joined(separator: ", ") + "])"
        case .expand(let key): return "expand(\(k(key)))"
        case .collapse(let key): return "collapse(\(k(key)))"
        case .toggle(let key): return "toggle(\(k(key)))"
        case .expandSubtree(let key): return "expandSubtree(\(k(key)))"
        case .collapseSubtree(let key): return "collapseSubtree(\(k(key)))"
        case .reloadChildren(let key, let children): return "\(k(key)).children = \(list(children)); reloadChildren(of: \(k(key)))"
        case .removeAllFromSection(let h): return "removeAll(fromSectionWith: \(k(h)))"
        case .removeAllFromSectionAt(let i): return "removeAll(fromSection: \(i))"
        case .removeSection(let h): return "removeSection(with: \(k(h)))"
        case .removeSectionAt(let i): return "removeSection(at: \(i))"
        case .clear: return "clear()"
        case .setState(let sections): return "setState(" + sections.map(\.description).joined(separator: " ") + ")"
        case .batch(let ops): return "batch { " + ops.map(\.description).joined(separator: "; ") + " }"
        case .insertAtBeginning(let nodes, let h): return "insertAtBeginning(\(list(nodes)), ofSectionWith: \(k(h)))"
        case .insertAtBeginningAt(let nodes, let i): return "insertAtBeginning(\(list(nodes)), ofSection: \(i))"
        case .insertAtEnd(let nodes, let h): return "insertAtEnd(\(list(nodes)), ofSectionWith: \(k(h)))"
        case .insertAtEndAt(let nodes, let i): return "insertAtEnd(\(list(nodes)), ofSection: \(i))"
        case .insertSectionBefore(let s, let h): return "insertSection(\(s), before: \(k(h)))"
        case .insertSectionAfter(let s, let h): return "insertSection(\(s), after: \(k(h)))"
        case .insertSectionAt(let s, let i): return "insertSection(\(s), at: \(i))"
        case .swap(let a, let b): return "swap(\(k(a)), with: \(k(b)))"
        case .reloadSection(let h): return "reloadSection(with: \(k(h)))"
        case .background(let sections): return "setStateInBackground(" + state(sections) + ")"
        case .backgroundThenBackground(let a, let b):
            return "let first = Task { setStateInBackground(" + state(a) + ") }; yield; setStateInBackground(" + state(b) + "); await first"
        case .backgroundThenSync(let sections, let op):
            return "let first = Task { setStateInBackground(" + state(sections) + ") }; yield; \(op); await first"
        }
    }
}
