import GtkDataDisplay

/// One step of a randomized pagination sequence.
enum PaginationOperation: CustomStringConvertible {
    /// An action made by the test itself (the view reaching an edge, a loader answering, the app…).
    case action(PaginationAction)
    /// The plugin's next loader call does this from inside the call (a re-entrant loader).
    case armLoader(Int, PaginationAction)
    /// The plugin's next state change runs this from inside its `stateChanged` listener.
    case armListener(Int, PaginationAction)
    /// Every background update in flight finishes (their diffs go on).
    case settle

    var description: String {
        switch self {
        case .action(let a): return a.text
        case .armLoader(let p, let a): return "loader of p\(p) will: \(a.text)"
        case .armListener(let p, let a): return "on p\(p)'s next state change: \(a.text)"
        case .settle: return "background updates finish"
        }
    }
}

extension PaginationAction {
    var text: String {
        func call(_ c: Int?) -> String { c.map { "call \($0)" } ?? "its latest call" }
        switch self {
        case .edgeReached(let p): return "p\(p).edgeReached()"
        case .retry(let p): return "p\(p).retry()"
        case .reset(let p, let hasMore): return "p\(p).reset(hasMore: \(hasMore))"
        case .answer(let p, let c, let page): return "p\(p) \(call(c)) answers \(page)"
        case .fail(let p, let c, let message): return "p\(p) \(call(c)) fails \"\(message)\""
        case .background(let v): return "setStateInBackground(\(v))"
        case .app(let op):
            switch op {
            case .add(let rows): return "add(\(rows))"
            case .addSection(let h, let rows): return "addSection(header: \(h.map(String.init) ?? "nil"), rows: \(rows))"
            case .remove(let k, let flag): return "remove(\(k), removeEmptySection: \(flag))"
            case .setState(let v): return "setState(\(v))"
            case .clear: return "clear()"
            }
        }
    }
}

/// Draws random operations that fit the model's state (mostly valid, some refused or stale), and
/// makes the nodes (generator instances) they name.
struct PaginationOperationSource {
    var rng: RandomizedRNG
    let gravity: Bool
    private var nextKey = 0
    private var nextID = 0
    /// Nodes made for the last operation drawn (the harness makes their generators).
    var created: [PaginationNode] = []

    init(seed: UInt64, gravity: Bool) {
        rng = RandomizedRNG(seed: seed)
        self.gravity = gravity
    }

    private mutating func heaviness() -> Int { gravity ? rng.int(-6...6) : 0 }

    /// A new instance with a new id (or the id of `sameID`'s instance).
    private mutating func node(header: Bool = false, sameIDAs other: PaginationNode? = nil) -> Int {
        let id: String
        if let other { id = other.id } else {
            nextID += 1
            id = (header ? "h" : "r") + String(nextID)
        }
        nextKey += 1
        created.append(PaginationNode(key: nextKey, id: id, heaviness: heaviness(), isHeader: header))
        return nextKey
    }

    private mutating func freshRows(_ range: ClosedRange<Int>) -> [Int] {
        (0..<rng.int(range)).map { _ in node() }
    }

    /// Rows for the list before the plugins come.
    mutating func startingState(_ model: PaginationModel) -> [PaginationModelSection] {
        created = []
        return state(model, nonEmpty: false)
    }

    mutating func next(_ model: PaginationModel) -> PaginationOperation {
        created = []
        let p = rng.below(model.plugins.count)
        let weights: [Double] = [12, 13, 3, 4, 1, 4, 3, 5, 5, 12, model.background.count < 3 ? 4 : 0, model.background.isEmpty ? 0 : 6]
        while true {
            let op: PaginationOperation?
            switch rng.weighted(weights) {
            case 0: op = .action(.edgeReached(p))
            case 1: op = answer(model, p, live: true)
            case 2: op = answer(model, p, live: false)
            case 3: op = fail(model, p, live: true)
            case 4: op = fail(model, p, live: false)
            case 5: op = .action(.retry(p))
            case 6: op = .action(.reset(p, hasMore: rng.chance(0.85)))
            case 7: op = .armLoader(p, reentrant(model, loader: p))
            case 8: op = .armListener(p, reentrant(model, loader: nil))
            case 9: op = .action(.app(appOp(model)))
            case 10: op = .action(.background(state(model, nonEmpty: true)))
            default: op = .settle
            }
            if let op { return op }
        }
    }

    private mutating func page(_ model: PaginationModel) -> PaginationModelPage {
        var rows = freshRows(0...4)
        if rng.chance(0.1) {
            // Rows the manager may already show: an id (new instance), an instance, or an id twice.
            let shown = model.content.flatMap(\.rows)
            switch rng.below(3) {
            case 0: if let k = rng.pick(shown) { rows.insert(node(sameIDAs: model.nodes[k]), at: 0) }
            case 1: if let k = rng.pick(shown) { rows.append(k) }
            default: if let first = created.last { rows.append(node(sameIDAs: first)) }
            }
        }
        return PaginationModelPage(rows: rows, hasMore: rng.chance(0.9))
    }

    /// A plugin that waits for an answer, if any (else `p`).
    private func loading(_ model: PaginationModel, _ p: Int) -> Int {
        model.plugins[p].liveCall != nil ? p : model.plugins.indices.first { model.plugins[$0].liveCall != nil } ?? p
    }

    private mutating func answer(_ model: PaginationModel, _ p: Int, live: Bool) -> PaginationOperation? {
        let p = live ? loading(model, p) : p
        let calls = model.plugins[p].loaderCalls
        guard calls > 0 else { return nil }
        let call = live ? (model.plugins[p].liveCall ?? calls - 1) : rng.below(calls)
        return .action(.answer(p, call: call, page(model)))
    }

    private mutating func fail(_ model: PaginationModel, _ p: Int, live: Bool) -> PaginationOperation? {
        let p = live ? loading(model, p) : p
        let calls = model.plugins[p].loaderCalls
        guard calls > 0 else { return nil }
        let call = live ? (model.plugins[p].liveCall ?? calls - 1) : rng.below(calls)
        return .action(.fail(p, call: call, message: "offline \(rng.below(100))"))
    }

    /// What a loader does inside its call (`loader`: the plugin whose call it is) or a listener inside
    /// a state change: answer at once, ask again, reset, or change the app's rows.
    private mutating func reentrant(_ model: PaginationModel, loader: Int?) -> PaginationAction {
        let q = rng.below(model.plugins.count)
        switch rng.below(loader == nil ? 9 : 10) {
        case 0: return .edgeReached(q)
        case 1: return .retry(q)
        case 2: return .reset(q, hasMore: rng.chance(0.8))
        case 3, 4: return .answer(loader ?? q, call: nil, page(model))
        case 5: return .fail(loader ?? q, call: nil, message: "refused \(rng.below(100))")
        case 6, 7: return .app(appOp(model))
        case 8: return .background(state(model, nonEmpty: true))
        default: return .answer(loader ?? q, call: nil, page(model))
        }
    }

    private mutating func appOp(_ model: PaginationModel) -> PaginationAppOp {
        let shown = model.content.flatMap(\.rows)
        switch rng.weighted([5, 2, 5, 1, 3, 1]) {
        case 0: return .add(freshRows(1...3))
        case 1: return .addSection(header: rng.chance(0.7) ? node(header: true) : nil, rows: freshRows(0...3))
        case 2:
            guard let k = rng.pick(shown) else { return .add(freshRows(1...2)) }
            return .remove(k, removeEmptySection: rng.chance(0.5))
        case 3: return .remove(node(), removeEmptySection: false)  // not in the manager: refused
        case 4: return .setState(state(model, nonEmpty: false))
        default: return .clear
        }
    }

    /// A whole state for the app to set: rows it shows (the same instances, or new ones with their
    /// ids) and new rows, in sections with or without headers; ids never repeat.
    private mutating func state(_ model: PaginationModel, nonEmpty: Bool) -> [PaginationModelSection] {
        var ids = Set<String>()
        var sections: [PaginationModelSection] = []
        let count = rng.int(nonEmpty ? 1...3 : 0...3)
        let shownRows = rng.sample(model.content.flatMap(\.rows), rng.int(0...6))
        let shownHeaders = model.content.compactMap(\.header)
        var kept = shownRows.makeIterator()
        for _ in 0..<count {
            var header: Int?
            if rng.chance(0.4), let h = rng.pick(shownHeaders), let n = model.nodes[h], !ids.contains(n.id) {
                header = rng.chance(0.5) ? h : node(header: true, sameIDAs: n)
                ids.insert(n.id)
            } else if rng.chance(0.6) {
                header = node(header: true)
                ids.insert(created.last!.id)
            }
            var rows: [Int] = []
            for _ in 0..<rng.int(0...3) {
                if let k = kept.next(), let n = model.nodes[k], !ids.contains(n.id) {
                    rows.append(rng.chance(0.5) ? k : node(sameIDAs: n))
                    ids.insert(n.id)
                } else {
                    let k = node()
                    rows.append(k)
                    ids.insert(created.last!.id)
                }
            }
            sections.append(PaginationModelSection(header: header, rows: rows))
        }
        // A background update's state has two keys at least: its diff hashes them and waits at the
        // gate (a first fill of one key needs no diff, as `setState`'s does not, and would not wait).
        while nonEmpty, sections.reduce(0, { $0 + $1.rows.count + ($1.header == nil ? 0 : 1) }) < 2 { sections[0].rows.append(node()) }
        return sections
    }
}
