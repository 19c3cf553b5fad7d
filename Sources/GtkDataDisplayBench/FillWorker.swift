// Child process: the first fill of a manager with N rows plus a list view showing it, until GTK
// has bound the first rows. Once through setState (diffed against nothing), once through add(_:).
// Without a display only the manager part is timed.

import CGtk
import GtkDataDisplay

@MainActor
enum FillWorker {
    static func run(size: Int, settings: Settings, addPath: Bool) {
        Wire.task("first-fill")
        Wire.setup()
        let hasDisplay = WindowHost.initializeGTK()
        let host = hasDisplay ? WindowHost() : nil
        let old = BenchInput.oldRows(size: size)
        var result = TaskResult(mix: "first-fill", size: size, contender: ContenderName.ours.rawValue)

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
        host?.destroy()
        Wire.result(result)
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
