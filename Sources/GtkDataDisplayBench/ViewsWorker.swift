// Child process (needs a display): the same updates shown in a GtkListView and in a GtkGridView
// (ListViewAdapter beside GridViewAdapter, one manager and window each, the same seeded inputs),
// alternating list and grid run by run so drift hits both alike. Per view: binds against the
// minimum and the screen checked against the store (first run), and the setState time with the
// view attached (median over the runs). Results go out as contenders "list-view" and "grid-view".

import GtkDataDisplay

@MainActor
enum ViewsWorker {
    /// The contender name of a view's figures in the results.
    static func contender(_ view: BenchView) -> String { "\(view.rawValue)-view" }

    static func run(size: Int, mixes: [Mix], settings: Settings) {
        guard WindowHost.initializeGTK() else { Wire.send("NODISPLAY"); return }
        Wire.setup()
        let runs = settings.quick ? 3 : 7
        var shown: [(view: BenchView, manager: ShownManager, host: WindowHost)] = []
        for view in BenchView.allCases {
            let manager = ShownManager(view: view, size: size)
            let host = WindowHost()
            host.show(manager.adapter.scrolledWindow)
            shown.append((view, manager, host))
        }
        for mix in mixes {
            Wire.task(mix.rawValue)
            Wire.setup()
            let input = BenchInput.make(mix: mix, size: size, seed: settings.seed)
            var firsts: [BenchView: TaskResult] = [:]
            var times: [BenchView: [Double]] = [:]
            for _ in 0..<runs {
                for entry in shown {
                    // New generators per view and run: a fresh state from a server each time.
                    let generators = makeGenerators(ids: input.newIDs, content: input.newContent)
                    let result = entry.manager.measure(generators, mix: mix, size: size, host: entry.host)
                    if firsts[entry.view] == nil { firsts[entry.view] = result }
                    times[entry.view, default: []].append(result.viewApplyMs ?? 0)
                    entry.manager.reset()
                    Wire.setup()
                }
            }
            for entry in shown {
                var result = firsts[entry.view]!
                result.contender = contender(entry.view)
                let sorted = times[entry.view]!.sorted()
                result.viewApplyMs = sorted[sorted.count / 2]
                result.runs = runs
                Wire.result(result)
            }
        }
        for entry in shown {
            entry.host.show(nil)
            entry.host.destroy()
        }
    }
}
