import GtkDataDisplay

// The reference model of the randomized pagination suite: what a manager with pagination plugins
// must show, written from the documented behaviour (PaginationPlugin's doc comments, semantics.md,
// the background-update rules), not from the library's code.
//
// - The app's rows are `content`: sections of keys. Each plugin shows its status row (progress while
//   loading, error after a failure) alone in a section at its edge (the first section for the top,
//   the last for the bottom) exactly while it is loading or failed, whatever the app did meanwhile.
// - A request counts until it is answered, a newer request is made or the plugin is reset; answers
//   to anything else are ignored. A page goes to the content section at the plugin's edge (a new
//   one when there is none); a gravity manager puts each row at its place by heaviness there. A page
//   with rows the manager already shows (an instance, or an id) changes nothing and fails the request.
// - The app's operations change `content`; every successful one is a newer intent than any
//   `setStateInBackground` in flight. A page answered while one is in flight waits until none is,
//   then goes into the state it shows. Of the background calls, the latest intent applies (true),
//   the others return false.
// - A state change runs the listener armed for it right then (re-entrancy); a request superseded by
//   what its own state change did asks the loader nothing.

/// A generator instance made by a sequence: its id, heaviness and role.
struct PaginationNode {
    let key: Int
    let id: String
    let heaviness: Int
    let isHeader: Bool
}

/// A section of the app's: header key (if any) and row keys.
struct PaginationModelSection: CustomStringConvertible {
    var header: Int?
    var rows: [Int]

    var description: String { (header.map { "#\($0) " } ?? "") + "[" + rows.map(String.init).joined(separator: " ") + "]" }
}

/// A page: its rows (keys) and whether the source has more.
struct PaginationModelPage: CustomStringConvertible {
    var rows: [Int]
    var hasMore: Bool

    var description: String { "[" + rows.map(String.init).joined(separator: " ") + "]" + (hasMore ? "" : " (no more)") }
}

/// A plugin's state; `failed(nil)`: failed with a message the model does not know (a page's rows refused).
enum PaginationModelState: Equatable {
    case idle, loading, failed(String?), finished
}

/// An operation of the app's on the manager.
enum PaginationAppOp {
    case add([Int])
    case addSection(header: Int?, rows: [Int])
    case remove(Int, removeEmptySection: Bool)
    case setState([PaginationModelSection])
    case clear
}

/// What a step, a loader or a state-change listener does.
indirect enum PaginationAction {
    case edgeReached(Int)
    case retry(Int)
    case reset(Int, hasMore: Bool)
    /// Answers loader call `call` of plugin `plugin` (nil: its latest call).
    case answer(Int, call: Int?, PaginationModelPage)
    case fail(Int, call: Int?, message: String)
    case app(PaginationAppOp)
    /// `setStateInBackground` (from a step; from a loader or listener it starts once the step's call returns).
    case background([PaginationModelSection])
}

/// One plugin as the model sees it.
struct PaginationPluginModel {
    let edge: PaginationEdge
    var state: PaginationModelState
    /// Bumped by every request and reset: a request whose number is not the latest was superseded.
    var latestRequest = 0
    /// The loader call whose answer counts now.
    var liveCall: Int?
    var loaderCalls = 0
    var requestCount = 0
    /// A page that arrived during a background update, waiting for it (with its place in `waiting`).
    var waitingPage: (turn: Int, page: PaginationModelPage)?
    /// What the next loader calls do, first first (none: answer later).
    var loaderScript: [PaginationAction] = []
    /// What the next state change runs.
    var listener: PaginationAction?
    /// Whether its status row stands in the store now. After each step it is there iff loading or
    /// failed. Within a step it follows the state once the state's listener has run, or when any
    /// change reaches the manager (each plugin puts its status section right after every change):
    /// an `add` from a listener appends to the section the store ends with then.
    var statusShown = false
}

/// A `setStateInBackground` call in flight.
struct PaginationBackgroundCall {
    let sections: [PaginationModelSection]
    var superseded = false
}

/// The model of a manager (base or gravity) with one or two pagination plugins.
struct PaginationModel {
    let gravity: Bool
    var nodes: [Int: PaginationNode] = [:]
    var content: [PaginationModelSection] = []
    var plugins: [PaginationPluginModel] = []
    var background: [PaginationBackgroundCall] = []
    /// Background updates a loader or listener asked for: they start when the step's call returns.
    var backgroundToStart: [[PaginationModelSection]] = []
    /// Pages that wait for the background updates, in the order they arrived: plugin, turn. A plugin
    /// reset meanwhile drops its page; one answered again after that waits at its own, later turn.
    var waiting: [(plugin: Int, turn: Int)] = []
    /// What each app operation run did: "ok" or the error expected.
    var appOutcomes: [String] = []
    /// What each settled background call returned, in call order.
    var backgroundResults: [Bool] = []
    /// How often each notable path was taken (for the run's summary).
    var paths: [String: Int] = [:]

    init(gravity: Bool) { self.gravity = gravity }

    // MARK: What the store shows

    /// A status row in the store: plugin index and whether it is the error row.
    enum Item: Equatable { case node(Int), progress(Int), error(Int) }

    func status(_ p: Int) -> Item? {
        switch plugins[p].state {
        case .loading: .progress(p)
        case .failed: .error(p)
        case .idle, .finished: nil
        }
    }

    /// The manager's sections (header, rows): a top plugin's status section, the content, a
    /// bottom plugin's status section.
    var expectedSections: [(header: Item?, rows: [Item])] {
        var sections: [(header: Item?, rows: [Item])] = []
        for p in plugins.indices where plugins[p].edge == .top { if let s = status(p) { sections.append((nil, [s])) } }
        sections += content.map { ($0.header.map(Item.node), $0.rows.map(Item.node)) }
        for p in plugins.indices where plugins[p].edge == .bottom { if let s = status(p) { sections.append((nil, [s])) } }
        return sections
    }

    /// The store, in order.
    var expectedStore: [Item] {
        expectedSections.flatMap { ($0.header.map { [$0] } ?? []) + $0.rows }
    }

    var shownKeys: Set<Int> { Set(content.flatMap { $0.rows + ($0.header.map { [$0] } ?? []) }) }
    var hasContent: Bool { content.contains { !$0.rows.isEmpty } }

    // MARK: Running actions

    mutating func run(_ action: PaginationAction) {
        switch action {
        case .edgeReached(let p): edgeReached(p)
        case .retry(let p):
            if case .failed = plugins[p].state { request(p) }
        case .reset(let p, let hasMore): reset(p, hasMore: hasMore)
        case .answer(let p, let call, let page):
            guard take(p, call) else { return note("answer ignored (stale, twice or after reset)") }
            if background.isEmpty {
                apply(page, of: p)
            } else {
                note("page waits for a background update")
                plugins[p].waitingPage = (waiting.count, page)
                waiting.append((p, waiting.count))
            }
        case .fail(let p, let call, let message):
            guard take(p, call) else { return note("answer ignored (stale, twice or after reset)") }
            note("request failed")
            set(p, .failed(message))
            showStatus(p)
        case .app(let op): app(op)
        case .background(let sections): backgroundToStart.append(sections)
        }
    }

    /// Starts the background updates asked for during the step (its call has returned).
    mutating func startAskedBackground() {
        for sections in backgroundToStart { startBackground(sections) }
        backgroundToStart = []
    }

    mutating func startBackground(_ sections: [PaginationModelSection]) {
        for i in background.indices { background[i].superseded = true }
        background.append(PaginationBackgroundCall(sections: sections))
    }

    /// Every background call returns: the latest intent's state applies, then the pages that waited.
    mutating func settle() {
        let winner = background.lastIndex { !$0.superseded }
        backgroundResults += background.indices.map { $0 == winner }
        if winner != nil { note("background update applied") }
        if background.count > (winner == nil ? 0 : 1) { note("background update superseded") }
        if let winner { content = arranged(background[winner].sections) }
        background = []
        let pages = waiting
        waiting = []
        for (p, turn) in pages {
            guard let (waited, page) = plugins[p].waitingPage, waited == turn else { note("waiting page dropped by reset"); continue }
            note("waiting page added to the background state")
            plugins[p].waitingPage = nil
            apply(page, of: p)
        }
    }

    private mutating func edgeReached(_ p: Int) {
        if plugins[p].state == .idle { request(p) }
    }

    private mutating func request(_ p: Int) {
        plugins[p].latestRequest += 1
        let number = plugins[p].latestRequest
        set(p, .loading)
        guard plugins[p].latestRequest == number else { return note("request ended by its listener") }
        showStatus(p)
        plugins[p].requestCount += 1
        let call = plugins[p].loaderCalls
        plugins[p].loaderCalls += 1
        plugins[p].liveCall = call
        guard !plugins[p].loaderScript.isEmpty else { return }
        let behaviour = plugins[p].loaderScript.removeFirst()
        note("re-entrant loader")
        run(behaviour)
    }

    private mutating func reset(_ p: Int, hasMore: Bool) {
        plugins[p].latestRequest += 1
        plugins[p].liveCall = nil
        plugins[p].waitingPage = nil
        set(p, hasMore ? .idle : .finished)
        showStatus(p)
        if hasMore, !hasContent { edgeReached(p) }
    }

    /// Whether an answer to `call` counts (the call the plugin waits for); it is then answered.
    private mutating func take(_ p: Int, _ call: Int?) -> Bool {
        let call = call ?? plugins[p].loaderCalls - 1
        guard plugins[p].state == .loading, plugins[p].liveCall == call else { return false }
        plugins[p].liveCall = nil
        return true
    }

    mutating func note(_ path: String) { paths[path, default: 0] += 1 }

    /// Plugin `p` changed the manager, leaving its status row shown or not: every other plugin puts
    /// its own where its state wants it.
    private mutating func changed(by p: Int?, shown: Bool = false) {
        for q in plugins.indices { plugins[q].statusShown = q == p ? shown : status(q) != nil }
    }

    private mutating func showStatus(_ p: Int) {
        changed(by: p, shown: status(p) != nil)
    }

    private mutating func set(_ p: Int, _ state: PaginationModelState) {
        guard plugins[p].state != state else { return }
        plugins[p].state = state
        if let listener = plugins[p].listener {
            plugins[p].listener = nil
            note("re-entrant listener")
            run(listener)
        }
    }

    // MARK: Content

    private func weight(_ key: Int?) -> Int { key.map { nodes[$0]!.heaviness } ?? .min }

    /// Rows in order of heaviness, ties in the order given.
    private func ordered(_ rows: [Int]) -> [Int] {
        rows.enumerated().sorted { (weight($0.element), $0.offset) < (weight($1.element), $1.offset) }.map(\.element)
    }

    /// `rows` put into `section`, each after the last row not heavier.
    private func addingByWeight(_ rows: [Int], to section: [Int]) -> [Int] {
        var result = section
        for row in ordered(rows) {
            let place = (result.lastIndex { weight($0) <= weight(row) } ?? -1) + 1
            result.insert(row, at: place)
        }
        return result
    }

    /// A whole state as the manager keeps it (a gravity manager orders sections and rows by heaviness).
    func arranged(_ sections: [PaginationModelSection]) -> [PaginationModelSection] {
        guard gravity else { return sections }
        return sections.enumerated()
            .sorted { (weight($0.element.header), $0.offset) < (weight($1.element.header), $1.offset) }
            .map { PaginationModelSection(header: $0.element.header, rows: ordered($0.element.rows)) }
    }

    /// Whether the rows can join the manager: no instance or id it shows, no id twice.
    private func accepts(_ rows: [Int]) -> Bool {
        let shown = shownKeys
        var ids = Set(content.flatMap(\.rows).map { nodes[$0]!.id })
        for row in rows {
            guard !shown.contains(row), ids.insert(nodes[row]!.id).inserted else { return false }
        }
        return true
    }

    private mutating func apply(_ page: PaginationModelPage, of p: Int) {
        guard accepts(page.rows) else {
            note("page refused")
            set(p, .failed(nil))
            return showStatus(p)
        }
        changed(by: p, shown: false)
        note("page added")
        if !page.rows.isEmpty {
            let top = plugins[p].edge == .top
            if content.isEmpty {
                content = [PaginationModelSection(header: nil, rows: gravity ? ordered(page.rows) : page.rows)]
            } else {
                let s = top ? 0 : content.count - 1
                if gravity {
                    content[s].rows = addingByWeight(page.rows, to: content[s].rows)
                } else if top {
                    content[s].rows.insert(contentsOf: page.rows, at: 0)
                } else {
                    content[s].rows += page.rows
                }
            }
        }
        set(p, page.hasMore ? .idle : .finished)
    }

    /// Whether the last section of the manager is a status section now (the app's `add` appends
    /// there), or there is none.
    private var lastSectionIsStatus: Bool {
        if plugins.contains(where: { $0.edge == .bottom && $0.statusShown }) { return true }
        return content.isEmpty
    }

    private mutating func app(_ op: PaginationAppOp) {
        switch op {
        case .add(let rows):
            if lastSectionIsStatus {
                note("app's add met a status section")
                // Appended to the status section: the plugin puts its status row back in a section of its own.
                content.append(PaginationModelSection(header: nil, rows: gravity ? ordered(rows) : rows))
            } else if gravity {
                content[content.count - 1].rows = addingByWeight(rows, to: content[content.count - 1].rows)
            } else {
                content[content.count - 1].rows += rows
            }
        case .addSection(let header, let rows):
            let section = PaginationModelSection(header: header, rows: gravity ? ordered(rows) : rows)
            if gravity {
                let w = weight(header)
                content.insert(section, at: content.firstIndex { weight($0.header) > w } ?? content.count)
            } else {
                content.append(section)
            }
        case .remove(let key, let removeEmpty):
            guard let s = content.firstIndex(where: { $0.rows.contains(key) }) else {
                appOutcomes.append("generatorNotFound")
                return
            }
            content[s].rows.removeAll { $0 == key }
            if removeEmpty, content[s].rows.isEmpty { content.remove(at: s) }
        case .setState(let sections): content = arranged(sections)
        case .clear: content = []
        }
        appOutcomes.append("ok")
        for i in background.indices { background[i].superseded = true }
        changed(by: nil)  // each plugin puts its status section back at its edge
    }
}
