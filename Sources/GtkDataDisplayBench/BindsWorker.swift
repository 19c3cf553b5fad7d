// Child process (needs a display): binds and unbinds of one contender in a realised GtkListView,
// against the minimum — rows realised after the update that were not realised before with the same
// content. "ours" goes through BaseListManager + ListViewAdapter (ShownManager; the adapter rebinds
// changed rows in place and absorbs GTK 4.8's unbind+bind on position changes); the others use a raw store with a
// plain signal factory. The list view is at the top of the list.

import CGtkDataDisplay
import GtkDataDisplay

@MainActor
enum BindsWorker {
    static func run(size: Int, contender: ContenderName, mixes: [Mix], settings: Settings) {
        guard WindowHost.initializeGTK() else { Wire.send("NODISPLAY"); return }
        Wire.setup()
        let host = WindowHost()
        switch contender {
        case .ours: runManager(size, mixes, settings, host)
        case .stdlib: runRaw(StdlibContender(), contender, size, mixes, settings, host)
        case .fullReload: runRaw(FullReloadContender(), contender, size, mixes, settings, host)
        case .perRow: runRaw(PerRowContender(), contender, size, mixes, settings, host)
        }
        host.destroy()
    }

    private static func runManager(_ size: Int, _ mixes: [Mix], _ settings: Settings, _ host: WindowHost) {
        let shown = ShownManager(view: .list, size: size)
        host.show(shown.adapter.scrolledWindow)
        for (index, mix) in mixes.enumerated() {
            Wire.task(mix.rawValue)
            Wire.setup()
            let input = BenchInput.make(mix: mix, size: size, seed: settings.seed)
            let newGenerators = makeGenerators(ids: input.newIDs, content: input.newContent)
            Wire.result(shown.measure(newGenerators, mix: mix, size: size, host: host))
            if index < mixes.count - 1 { shown.reset() }
        }
        host.show(nil)
    }

    private static func runRaw<C: RawContender>(_ c: C, _ name: ContenderName, _ size: Int, _ mixes: [Mix],
                                                _ settings: Settings, _ host: WindowHost) {
        let old = BenchInput.oldRows(size: size)
        let fixture = RawFixture(ids: old.ids, content: old.content)
        let pristine = fixture.objects
        for item in pristine { g_object_ref(item) }  // the worker's own hold on the old items
        let view = RawListView(listModel: fixture.listModel)
        host.show(view.scrolledWindow)
        let activity = { view.binds + view.unbinds }

        for mix in mixes {
            Wire.task(mix.rawValue)
            Wire.setup()
            let input = BenchInput.make(mix: mix, size: size, seed: settings.seed)
            host.scrollToTop(view.scrolledWindow)
            host.settle(activity: activity)
            let before = view.snapshot(fixture.listModel)
            view.resetCounts()

            Wire.run()
            let t0 = Clock.now()
            let plan = c.diff(input)
            c.apply(plan, input, to: fixture)
            let t1 = Clock.now()
            Wire.setup()
            host.settle(activity: activity)
            let after = view.snapshot(fixture.listModel)

            var result = TaskResult(mix: mix.rawValue, size: size, contender: name.rawValue)
            result.binds = view.binds
            result.unbinds = view.unbinds
            result.minBinds = minimumBinds(before: before.rows, after: after.rows)
            result.realisedBefore = before.rows.count
            result.realisedAfter = after.rows.count
            result.viewApplyMs = Clock.ms(t0, t1)
            result.displayMismatch = before.mismatch.map { "before: " + $0 } ?? after.mismatch
            Wire.result(result)

            fixture.reset(to: pristine)
        }
        host.show(nil)
        view.destroy()
        fixture.destroy()
        for item in pristine { g_object_unref(item) }
    }
}
