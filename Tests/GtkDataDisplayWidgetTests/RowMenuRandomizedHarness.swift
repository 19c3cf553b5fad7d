import CGtkDataDisplay
import Foundation
@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting

/// The actions rows ran, in order: which generator, which action (from the action's own handler
/// and from the plugin's `didTriggerAction`).
@MainActor
final class RowMenuActionLog {
    var handled: [(generator: ObjectIdentifier, action: String)] = []
    var triggered: [(generator: ObjectIdentifier, action: String)] = []
}

/// A row whose menu offers "a", "b" (disabled) and "c", or no actions at all.
@MainActor
final class RowMenuRow: BaseRowGenerator<LabelRowView>, RowActionsProviding {
    private let hasActions: Bool
    private unowned let log: RowMenuActionLog

    init(id: String, hasActions: Bool, log: RowMenuActionLog) {
        self.hasActions = hasActions
        self.log = log
        super.init(model: id, id: RandomizedID(id))
    }

    lazy var rowActions: [RowAction] = hasActions ? rowMenuActions.map { entry in
        RowAction(id: entry.id, label: entry.id.uppercased(), isEnabled: entry.enabled) { [unowned self] in
            self.log.handled.append((ObjectIdentifier(self), entry.id))
        }
    } : []
}

/// Runs one random sequence of menu operations and updates on a real list or grid view in a real
/// window (Xvfb), next to `RowMenuModel`; checks after every operation.
@MainActor
final class RowMenuRandomizedHarness {
    let manager = BaseListManager()
    let adapter: ListBaseAdapter
    let plugin = RowActionsPlugin()
    let host: WindowHost
    private let title: String
    private(set) var model = RowMenuModel()
    private var rng: RandomizedRNG
    private let log = RowMenuActionLog()
    private var objects: [Int: any RowGenerator] = [:]
    private var nextKey = 0
    private var backgroundCalls: [Task<Bool, Never>] = []
    private(set) var trace: [String] = []
    /// How many menus opened by a real right click.
    private(set) var rightClicks = 0

    init(seed: UInt64, grid: Bool) {
        rng = RandomizedRNG(seed: seed)
        adapter = grid ? manager.gridViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: plugin).build()
                       : manager.listViewBuilder.add(plugin: .selectable(.multiple)).add(plugin: plugin).build()
        plugin.didTriggerAction += { [log] trigger in log.triggered.append((ObjectIdentifier(trigger.generator), trigger.actionID)) }
        // Background diffs wait at the gate until the sequence lets its background calls return: they
        // stay in flight while other operations run. The sequence never suspends meanwhile (a task
        // resuming from a suspension needs a pool thread, which held diffs may all occupy).
        RandomizedGate.shared.close()
        host = WindowHost(child: adapter.widget)
        title = "gdd-menu-\(UInt(bitPattern: host.window))"
        gtk_window_set_title(gdd_window(UnsafeMutableRawPointer(host.window)), title)
        let start = randomState()
        try! manager.setState(sections(start))
        _ = model.update(start)
        MainContext.drain()
        trace.append("\(grid ? "grid" : "list"), start: \(describe(start))")
    }

    // MARK: Generators

    private func node(id: String? = nil, header: Bool = false) -> Int {
        nextKey += 1
        let node = RowMenuNode(key: nextKey, id: id ?? (header ? "h\(nextKey)" : "r\(nextKey)"), hasActions: rng.chance(0.8), isHeader: header)
        model.nodes[nextKey] = node
        objects[nextKey] = header ? LabelHeader(model: node.id, id: RandomizedID(node.id)) : RowMenuRow(id: node.id, hasActions: node.hasActions, log: log)
        return nextKey
    }

    private func object(_ key: Int) -> any RowGenerator { objects[key]! }

    private func sections(_ model: [RowMenuSection]) -> [Section] {
        model.map { Section(header: $0.header.map(object), rows: $0.rows.map(object)) }
    }

    /// A new state: some shown rows (the same instances, or new ones with their ids, which may
    /// offer no actions), the menu's row kept or not, and new rows, in one to three sections.
    private func randomState() -> [RowMenuSection] {
        var pool = rng.sample(model.shownRows, rng.int(0...model.shownRows.count))
        if let menu = model.menu, !pool.contains(menu), rng.chance(0.6) { pool.append(menu) }
        var rows = pool.map { k in rng.chance(0.5) ? k : node(id: model.nodes[k]!.id) }
        rows += (0..<rng.int(0...8)).map { _ in node() }
        var order = rng.sample(rows, rows.count)
        var result: [RowMenuSection] = []
        for s in 0..<rng.int(1...3) {
            let count = s == 2 ? order.count : rng.int(0...order.count)
            result.append(RowMenuSection(header: rng.chance(0.5) ? node(header: true) : nil, rows: Array(order.prefix(count))))
            order.removeFirst(count)
        }
        result[result.count - 1].rows += order
        return result
    }

    private func describe(_ sections: [RowMenuSection]) -> String {
        sections.map { s in (s.header.map { "#\($0) " } ?? "") + "[" + s.rows.map { "\($0)\(model.nodes[$0]!.hasActions ? "" : "·")" }.joined(separator: " ") + "]" }
            .joined(separator: " ")
    }

    // MARK: Steps

    /// Draws and runs one operation; returns what diverged.
    func step() async -> [String] {
        var problems: [String] = []
        var menuRowLeft = false
        let shown = model.shownRows
        let any = rng.chance(0.9) ? rng.pick(shown) : rng.pick(Array(model.nodes.keys).sorted())
        let menuOpenBefore = model.menu != nil
        switch rng.weighted([22, 1.5, 8, 8, 12, 10, 6, 5, 10, 6, 4, model.background.isEmpty ? 0 : 5]) {
        case 0:
            guard let k = any else { return [] }
            trace.append("openMenu(for: \(k))")
            let opened = plugin.openMenu(for: object(k))
            if opened != model.open(k) { problems.append("openMenu(for: \(k)) returned \(opened)") }
        case 1:
            if let problem = rightClick() { problems.append(problem) }
        case 2:
            trace.append("closeMenu()")
            plugin.closeMenu()
            model.close()
        case 3:
            let index = rng.below(rowMenuActions.count)
            trace.append("choose entry \(index) of the menu")
            // A click on the entry's button ("clicked"); a user cannot click an insensitive one.
            let buttons = menuButtons(), before = log.handled.count
            if buttons.indices.contains(index), gtk_widget_get_sensitive(buttons[index]) != 0 {
                gdd_signal_emit_void(UnsafeMutableRawPointer(buttons[index]), "clicked")
            }
            let ran = log.handled.count > before
            if ran != model.chooseEntry(index) { problems.append("the entry \(index) \(ran ? "ran" : "did not run")") }
        case 4:
            guard let k = any else { return [] }
            let action = rng.pick(rowMenuActions.map(\.id) + ["missing"])!
            trace.append("choose(actionWithID: \(action), of: \(k))")
            let ran = plugin.choose(actionWithID: action, of: object(k), in: manager)
            if ran != model.choose(action, of: k) { problems.append("choose returned \(ran)") }
        case 5:
            let new = randomState()
            trace.append("setState(\(describe(new)))")
            try! manager.setState(sections(new))
            menuRowLeft = model.update(new)
        case 6:
            guard let k = rng.pick(shown) else { return [] }
            trace.append("remove(\(k))")
            try! manager.remove(object(k))
            menuRowLeft = model.update(model.sections.map { RowMenuSection(header: $0.header, rows: $0.rows.filter { $0 != k }) })
        case 7:
            trace.append("clear()")
            manager.clear()
            menuRowLeft = model.update([])
        case 8:
            // A batch: a removed row, new rows (new ids), one row moved to the end.
            var new = model.sections
            let gone = rng.pick(shown)
            let added = (0..<rng.int(1...3)).map { _ in node() }
            trace.append("batch { remove(\(gone.map(String.init) ?? "-")); add(\(added)) }")
            try! manager.batch { () throws(DataDisplayError) in
                if let gone { try self.manager.remove(self.object(gone)) }
                try self.manager.add(added.map(self.object))
            }
            if let gone { for s in new.indices { new[s].rows.removeAll { $0 == gone } } }
            if new.isEmpty { new = [RowMenuSection(header: nil, rows: [])] }
            new[new.count - 1].rows += added
            menuRowLeft = model.update(new)
        case 9:
            var new = randomState()
            // Something to diff (ids the gate holds), so the call waits for its diff: two rows at
            // least (a first fill of one row needs no diff, as `setState`'s does not).
            while new.reduce(0, { $0 + $1.rows.count + ($1.header == nil ? 0 : 1) }) < 2 { new[0].rows.append(node()) }
            trace.append("setStateInBackground(\(describe(new))) starts")
            let state = sections(new)
            model.startBackground(new)
            backgroundCalls.append(Task.immediate { @MainActor in (try? await self.manager.setStateInBackground(state)) ?? false })
        case 10:
            trace.append("the main loop runs")
            if backgroundCalls.isEmpty { MainContext.drain(limit: 200) }
        default:
            trace.append("background updates return")
            var results: [Bool] = []
            RandomizedGate.shared.open()
            for call in backgroundCalls { results.append(await call.value) }
            RandomizedGate.shared.close()
            backgroundCalls = []
            let expected = model.finishBackground()
            menuRowLeft = expected.menuRowLeft
            if results != expected.results { problems.append("setStateInBackground returned \(results), the model says \(expected.results)") }
        }
        return problems + check(menuRowLeft: menuRowLeft && menuOpenBefore)
    }

    /// A real right click (xdotool) on a wholly visible row with actions, while no menu is open.
    private func rightClick() -> String? {
        guard model.menu == nil, backgroundCalls.isEmpty else { return nil }
        MainContext.drain(limit: 200)
        let height = Double(gtk_widget_get_height(adapter.itemView))
        let candidates = adapter.visibleFrames().filter { frame in
            frame.y >= 0 && frame.y + frame.height <= height && frame.row.role == .row
                && (frame.row.generator as? RowMenuRow)?.rowActions.isEmpty == false
        }
        guard let frame = rng.pick(candidates), let widget = adapter.rowWidget(for: frame.row.generator),
              let k = objects.first(where: { $0.value === frame.row.generator })?.key,
              let (x, y) = try? XInput(host: host).point(in: widget) else { return nil }
        trace.append("right click on \(k)")
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        xdotool.arguments = ["search", "--name", title, "mousemove", "--window", "%1", "\(x)", "\(y)", "click", "3"]
        try? xdotool.run()
        xdotool.waitUntilExit()
        let opened = MainContext.iterate(until: { self.plugin.isMenuOpen }, timeout: 3)
        rightClicks += 1
        _ = model.open(k)
        return opened ? nil : "a right click on \(k) opened no menu"
    }

    /// The entries of the open menu, in order.
    private func menuButtons() -> [UnsafeMutablePointer<GtkWidget>] {
        guard plugin.isMenuOpen, let column = gtk_popover_get_child(gdd_popover(UnsafeMutableRawPointer(plugin.popover))) else { return [] }
        var buttons: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(column)
        while let c = child {
            buttons.append(c)
            child = gtk_widget_get_next_sibling(c)
        }
        return buttons
    }

    /// Ends the sequence: background calls return, the window goes.
    func finish() async -> [String] {
        RandomizedGate.shared.open()
        for call in backgroundCalls { _ = await call.value }
        backgroundCalls = []
        _ = model.finishBackground()
        plugin.closeMenu()
        host.destroy()
        MainContext.drain()
        return []
    }

    // MARK: Checks

    private func check(menuRowLeft: Bool) -> [String] {
        var problems: [String] = []
        let flat = model.flat.map(object)
        if !manager.store.shows(flat) { problems.append("the store does not show the model's rows") }
        let shownNow = model.menu.map(object)
        if plugin.isMenuOpen != (shownNow != nil) || plugin.menuGenerator !== shownNow {
            problems.append("the menu is \(plugin.isMenuOpen ? "open" : "closed") for \(plugin.menuGenerator.map { "\($0.diffID)" } ?? "nothing"), "
                            + "the model says \(model.menu.map { "open for \($0)" } ?? "closed")")
        }
        if plugin.isMenuOpen {
            // Open: for a generator the manager shows, with that generator's actions.
            if let g = plugin.menuGenerator, manager.row(of: g) == nil { problems.append("the menu is open for a row the manager does not show") }
            let actions = (plugin.menuGenerator as? RowMenuRow)?.rowActions ?? []
            if plugin.shownActions.count != actions.count || !zip(plugin.shownActions, actions).allSatisfy({ $0 === $1 }) {
                problems.append("the menu shows actions that are not its generator's")
            }
        }
        if menuRowLeft {
            // Its row left: the focus is in the view, not in the menu.
            let focus = gtk_widget_get_root(adapter.itemView).flatMap { gtk_root_get_focus($0) }
            if let focus, focus != adapter.itemView && gtk_widget_is_ancestor(focus, adapter.itemView) == 0 || gtk_widget_is_ancestor(focus, plugin.popover) != 0 {
                problems.append("the menu's row left and the focus is outside the view or in the menu")
            }
            if focus == nil { problems.append("the menu's row left and nothing has the focus") }
        }
        let expected = model.ran.map { (ObjectIdentifier(object($0.key)), $0.action) }
        for (name, actual) in [("handlers", log.handled), ("didTriggerAction", log.triggered)] where
            actual.count != expected.count || !zip(actual, expected).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) {
            problems.append("the actions run (\(name)) are not the model's: \(actual.map(\.action)) vs \(expected.map(\.1))")
        }
        return problems
    }
}
