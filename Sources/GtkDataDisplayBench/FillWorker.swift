// Child process: the first fill of a manager with N rows plus a list view showing it, until GTK
// has bound the first rows. Once through setState (diffed against nothing), twice more manager only
// (ids shuffled, ids in order, on the heap the first freed), once through add(_:).
// Then a full reload of N rows by hand — N new items, one splice into an empty GListStore, a plain
// GtkListView over it — timed the same way, on the heap the manager's fills left. Issue 12's goal 4
// compares with the same full reload alone in a fresh process of its own (`--worker raw-fill`): on
// equal heaps. (The one here moved from 136 to 172 ms when only the manager's row objects shrank
// from 64-byte to 48-byte slices: it measures what the manager's fills left behind as much as itself.)
// Without a display only the manager part and the raw items + splice are timed.

import CGtkDataDisplay
import GtkDataDisplay

@MainActor
enum FillWorker {
    static func run(size: Int, settings: Settings, addPath: Bool) {
        let (host, old, empty) = begin(size: size)
        var result = empty

        do {
            let generators = makeGenerators(ids: old.ids, content: old.content)
            Wire.run()
            let t0 = Clock.now()
            let manager = BaseListManager()
            try! manager.setState([Section(rows: generators)])
            let t1 = Clock.now()
            result.applyMs = Clock.ms(t0, t1)
            if let host {
                result.firstBindMs = showUntilBound(manager, host, since: t0)
            }
            Wire.setup()
            result.managerMismatch = manager.store.count == size ? nil : "store has \(manager.store.count) rows, expected \(size)"
        }
        // Twice more on the heap the first fill freed, manager only: the same rows with their ids in
        // shuffled order (a first fill then hashes every id), then in order.
        var random = SeededRandom(seed: settings.seed &+ UInt64(size))
        var order = Array(0..<size)
        random.shuffle(&order)
        for shuffled in [true, false] {
            let ids = shuffled ? order.map { old.ids[$0] } : old.ids
            let generators = makeGenerators(ids: ids, content: shuffled ? order.map { old.content[$0] } : old.content)
            Wire.run()
            let t0 = Clock.now()
            let manager = BaseListManager()
            try! manager.setState([Section(rows: generators)])
            let elapsed = Clock.ms(t0, Clock.now())
            if shuffled { result.unorderedApplyMs = elapsed } else { result.warmApplyMs = elapsed }
            Wire.setup()
            if manager.store.count != size { result.managerMismatch = "again: store has \(manager.store.count) rows, expected \(size)" }
        }
        if addPath {
            let generators = makeGenerators(ids: old.ids, content: old.content)
            Wire.run()
            let t0 = Clock.now()
            let manager = BaseListManager()
            try! manager.add(generators)
            result.addPathMs = Clock.ms(t0, Clock.now())
            if let host {
                result.addFirstBindMs = showUntilBound(manager, host, since: t0)
            }
            Wire.setup()
        }
        (result.rawFillMs, result.rawFillFirstBindMs) = rawFill(ids: old.ids, content: old.content, host: host)
        host?.destroy()
        Wire.result(result)
    }

    /// The raw comparison alone, in a fresh process (`--worker raw-fill`): the full reload by hand
    /// on a heap nothing grew before, as the manager's first fill above finds it.
    static func runRawAlone(size: Int) {
        let (host, old, empty) = begin(size: size)
        var result = empty
        (result.rawColdFillMs, result.rawColdFirstBindMs) = rawFill(ids: old.ids, content: old.content, host: host)
        host?.destroy()
        Wire.result(result)
    }

    /// What both workers start with: the task announced, GTK and (with a display) a window, the old
    /// rows, an empty result.
    private static func begin(size: Int) -> (host: WindowHost?, old: (ids: [Int], content: [Int]), result: TaskResult) {
        Wire.task("first-fill")
        Wire.setup()
        let host = WindowHost.initializeGTK() ? WindowHost() : nil
        return (host, BenchInput.oldRows(size: size),
                TaskResult(mix: "first-fill", size: size, contender: ContenderName.ours.rawValue))
    }

    /// A full reload by hand — new items, one splice into an empty GListStore, a plain GtkListView
    /// over it — timed to the items and splice, and (with a window) to the first bound rows.
    private static func rawFill(ids: [Int], content: [Int], host: WindowHost?) -> (fill: Double, firstBind: Double?) {
        Wire.run()
        let t0 = Clock.now()
        let fixture = RawFixture(ids: ids, content: content)
        let fill = Clock.ms(t0, Clock.now())
        var firstBind: Double?
        if let host {
            let view = RawListView(listModel: fixture.listModel)
            host.show(view.scrolledWindow)
            let deadline = Clock.now() + 30_000_000_000
            while view.binds == 0 && Clock.now() < deadline {
                if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
            }
            firstBind = view.binds > 0 ? Clock.ms(t0, Clock.now()) : nil
            Wire.setup()
            host.settle()
            host.show(nil)
            host.drain()
            view.destroy()
        }
        Wire.setup()
        fixture.destroy()
        return (fill, firstBind)
    }

    /// Puts a list view over `manager` in the window; milliseconds from `start` until GTK bound rows.
    private static func showUntilBound(_ manager: BaseListManager, _ host: WindowHost, since start: UInt64) -> Double? {
        let adapter = ListViewAdapter(manager: manager, selection: .single)
        host.show(adapter.scrolledWindow)
        let deadline = Clock.now() + 30_000_000_000
        while adapter.statistics.binds == 0 && Clock.now() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
        }
        let bound = adapter.statistics.binds > 0 ? Clock.ms(start, Clock.now()) : nil
        host.settle()
        host.show(nil)
        host.drain()
        return bound
    }
}
