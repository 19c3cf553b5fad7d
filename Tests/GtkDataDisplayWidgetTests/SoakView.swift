import CGtkDataDisplay
import Foundation
@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting

/// One view of the widget soak: a manager of sections with foldables, shown by a list or grid
/// with multiple selection, row menus, reordering and pagination at both edges, whose loaders
/// answer late (20–400 ms), fail a quarter of the time and now and then answer twice. The app's own
/// data (sections of row ids) follows pages and deletions; filters show part of it through
/// `setStateInBackground`.
@MainActor
final class SoakView {
    let name: String
    let manager = BaseListManager()
    let adapter: ListBaseAdapter
    let menus = RowActionsPlugin()
    let reordering = ReorderingPlugin(unmarked: .anywhere)
    private(set) var top: PaginationPlugin!
    private(set) var bottom: PaginationPlugin!
    var rng: RandomizedRNG
    /// Sections of the app's data: header id, row ids (foldables' children are not listed).
    private var data: [(header: String, rows: [Int])] = []
    private var generators: [Int: any RowGenerator] = [:]
    private var headers: [String: LabelHeader] = [:]
    private var nextID = 0
    private var timeouts: [Timeout] = []
    private(set) var background: [Task<Bool, Never>] = []
    private var stopped = false
    /// What happened, for the summary.
    var counts: [String: Int] = [:]

    init(name: String, grid: Bool, rows: Int, seed: UInt64) {
        self.name = name
        rng = RandomizedRNG(seed: seed)
        adapter = grid
            ? manager.gridViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: .foldable()).add(plugin: menus).add(plugin: reordering).build()
            : manager.listViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: .foldable()).add(plugin: menus).add(plugin: reordering).build()
        for s in 0..<max(1, rows / 100) {
            data.append(("h\(s)", (0..<100).map { _ in makeRow() }))
        }
        try! manager.setState(state { _ in true })
        top = PaginationPlugin(edge: .top, prefetchDistance: 20) { [weak self] completion in self?.load(.top, completion) }
        bottom = PaginationPlugin(edge: .bottom, prefetchDistance: 20) { [weak self] completion in self?.load(.bottom, completion) }
        adapter.install(top)
        adapter.install(bottom)
    }

    func note(_ what: String) { counts[what, default: 0] += 1 }

    // MARK: Data

    private func makeRow() -> Int {
        nextID += 1
        let id = nextID
        let generator: any RowGenerator & SoakRowActions
        if rng.chance(0.08) {
            let children: [any RowGenerator] = (0..<rng.int(1...4)).map { _ in
                nextID += 1
                return configured(SoakRow(id: nextID))
            }
            generator = SoakFolder(id: id, children: children, expanded: rng.chance(0.5))
        } else {
            generator = SoakRow(id: id)
        }
        generators[id] = configured(generator)
        return id
    }

    private func configured<G: SoakRowActions>(_ row: G) -> G {
        if let row = row as? SoakRow {
            row.onDelete = { [weak self] g in self?.delete(g) }
            row.onRename = { [weak self] g in try? self?.manager.update(g) }
        } else if let folder = row as? SoakFolder {
            folder.onDelete = { [weak self] g in self?.delete(g) }
            folder.onRename = { [weak self] g in try? self?.manager.update(g) }
        }
        return row
    }

    private func delete(_ generator: any RowGenerator) {
        note("rows deleted by their action")
        try? manager.remove(generator)  // a child row is not removed this way: that is fine
        for s in data.indices { data[s].rows.removeAll { generators[$0] === generator } }
    }

    private func header(_ id: String) -> LabelHeader {
        if let made = headers[id] { return made }
        let made = LabelHeader(model: "Section \(id)", id: id)
        headers[id] = made
        return made
    }

    /// The app's data passing `filter`, as sections.
    func state(_ filter: (Int) -> Bool) -> [Section] {
        data.map { Section(header: header($0.header), rows: $0.rows.filter(filter).map { generators[$0]! }) }
    }

    /// A page loader: answers after a while, with new rows or a failure; now and then twice.
    private func load(_ edge: PaginationEdge, _ completion: @escaping PaginationPlugin.PageCompletion) {
        note("pages asked for")
        let delay = rng.int(20...400), fails = rng.chance(0.25), twice = rng.chance(0.05)
        let count = rng.int(0...15)
        timeouts.append(Timeout.once(milliseconds: delay) { [weak self] in
            guard let self, !self.stopped else { return }
            if fails {
                self.note("pages failed")
                completion(.failure(SoakPageError()))
            } else {
                let ids = (0..<count).map { _ in self.makeRow() }
                if edge == .top { self.data[0].rows.insert(contentsOf: ids, at: 0) } else { self.data[self.data.count - 1].rows += ids }
                self.note("pages answered")
                completion(.success(PaginationPage(rows: ids.map { self.generators[$0]! }, hasMore: true)))
            }
            if twice { completion(.failure(SoakPageError())) }  // ignored: answered already
        })
        timeouts.removeAll { !$0.isPending }
    }

    // MARK: Operations

    var shownRows: [any RowGenerator] { manager.flatGenerators.filter { manager.row(of: $0)?.role == .row } }

    func openMenu() {
        guard let g = rng.pick(shownRows) else { return }
        if menus.openMenu(for: g) { note("menus opened from code") }
    }

    /// Clicks an entry of the open menu (Delete, Rename, or the disabled Share, which a click cannot reach).
    func chooseEntry() {
        guard menus.isMenuOpen, let column = gtk_popover_get_child(gdd_popover(UnsafeMutableRawPointer(menus.popover))) else { return }
        var buttons: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(column)
        while let c = child { buttons.append(c); child = gtk_widget_get_next_sibling(c) }
        guard let button = rng.pick(buttons), gtk_widget_get_sensitive(button) != 0 else { return }
        gdd_signal_emit_void(UnsafeMutableRawPointer(button), "clicked")
        note("menu entries chosen")
    }

    func drop() {
        let rows = shownRows
        guard let dragged = rng.pick(rows), let target = rng.pick(manager.flatGenerators) else { return }
        if rng.chance(0.7) {
            if reordering.drop(dragged, onto: target, after: rng.chance(0.5), in: manager) { note("rows dropped") }
        } else if reordering.step(dragged, forward: rng.chance(0.5), in: manager) {
            note("rows stepped")
        }
    }

    func toggle() {
        guard let folder = rng.pick(shownRows.filter { $0 is SoakFolder }) else { return }
        try? manager.toggle(folder)
        note("folds")
    }

    func select() {
        guard let g = rng.pick(shownRows) else { return }
        adapter.select(g)
    }

    /// To the top, to the bottom (where pagination asks), somewhere, or to a row. The adjustment
    /// moves as a user's scrollbar moves it, after a frame's layout (`waitForLayout`): GTK 4.8 itself
    /// warns ("failed to scroll to given position", "ran out of items" in a grid) when it moves
    /// between a change of rows and the next layout, and the library's own record of a current layout
    /// (`isLayoutCurrent`) let one through (the library allocates the view before its own scrolls and
    /// while a drag hovers it: `StaleLayout`; a user's scroll in that window still meets GTK's warning).
    func scroll(waitForLayout: () -> Void) {
        waitForLayout()
        guard let adjustment = gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(UnsafeMutableRawPointer(adapter.scrolledWindow))) else { return }
        let lower = gtk_adjustment_get_lower(adjustment), upper = gtk_adjustment_get_upper(adjustment)
        let page = gtk_adjustment_get_page_size(adjustment)
        switch rng.below(4) {
        case 0: gtk_adjustment_set_value(adjustment, lower)
        case 1: gtk_adjustment_set_value(adjustment, upper - page)
        case 2: gtk_adjustment_set_value(adjustment, lower + (upper - page - lower) * Double(rng.below(1000)) / 1000)
        default: if manager.store.count > 0 { adapter.scrollTo(position: rng.below(manager.store.count)) }
        }
        note("scrolls")
    }

    /// A filter through `setStateInBackground`: often two in a row (the first superseded).
    func filter() {
        for _ in 0..<(rng.chance(0.4) ? 2 : 1) {
            let modulus = rng.int(1...4), rest = rng.below(modulus)
            let state = state { $0 % modulus == rest || modulus == 1 }
            let reset = rng.chance(0.3)
            background.append(Task { @MainActor [weak self] in
                let applied = (try? await self?.manager.setStateInBackground(state)) ?? false
                self?.note(applied ? "filters applied" : "filters superseded")
                if applied, reset { self?.top.reset(); self?.bottom.reset() }
                return applied
            })
        }
    }

    func retry() {
        for plugin in [top!, bottom!] { if case .failed = plugin.state, rng.chance(0.5) { plugin.retry(); note("retries") } }
    }

    /// Lets every background update return.
    func awaitBackground() async {
        let calls = background
        background = []
        for call in calls { _ = await call.value }
    }

    /// Stops the loaders: no answer comes any more.
    func stop() {
        stopped = true
        for timeout in timeouts { timeout.cancel() }
        timeouts = []
    }

    // MARK: Checks

    /// What does not hold now: the store and the manager agree; an open menu is for a shown row,
    /// with its actions; each pagination plugin shows its status row, at its edge, exactly while
    /// loading or failed.
    func problems() -> [String] {
        var problems: [String] = []
        let shown = manager.store.generators
        if !manager.store.shows(manager.flatGenerators) { problems.append("\(name): the store differs from the manager") }
        if menus.isMenuOpen {
            if let g = menus.menuGenerator, manager.row(of: g) == nil { problems.append("\(name): a menu is open for a row that left") }
            let actions = (menus.menuGenerator as? RowActionsProviding)?.rowActions ?? []
            if menus.shownActions.count != actions.count || !zip(menus.shownActions, actions).allSatisfy({ $0 === $1 }) {
                problems.append("\(name): the menu shows actions that are not its row's")
            }
        }
        for plugin in [top!, bottom!] {
            let loading = plugin.state == .loading, failed: Bool = if case .failed = plugin.state { true } else { false }
            let progress = shown.contains { $0 === plugin.progressRow }, error = shown.contains { $0 === plugin.errorRow }
            if progress != loading || error != failed {
                problems.append("\(name) \(plugin.edge): state \(plugin.state), progress row \(progress), error row \(error)")
            }
            let edgeRow = plugin.edge == .top ? shown.first : shown.last
            if (progress || error), edgeRow !== plugin.progressRow, edgeRow !== plugin.errorRow {
                problems.append("\(name) \(plugin.edge): the status row is not at its edge")
            }
        }
        return problems
    }
}
