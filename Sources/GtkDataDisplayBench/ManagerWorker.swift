// Child process: "ours" end to end, through BaseListManager.setState — generator matching, row
// objects and the store splices — on every requested mix of one size, without a display.
// The manager is filled once with the old state; each run sets the new state (timed) and then
// sets the old state back (untimed). One worker per id kind (`--ids int|string`): the generators
// carry Int ids or String ids ("row-<id>", made with the generators, outside the timing); the
// String figures go to the `managerString…` fields. After a mix's runs, as many full reloads of the
// same input (`FullReloadContender` on a fresh raw store, only its apply timed, as in the timing
// worker) are timed too: goal 1's ratio compares the two from the same process and the same minutes.

import CGtkDataDisplay
import DataDisplayDiff
import GtkDataDisplay

@MainActor
enum ManagerWorker {
    static func run(size: Int, mixes: [Mix], idKind: BenchIDKind, settings: Settings) {
        Wire.setup()
        let old = BenchInput.oldRows(size: size)
        let oldGenerators = makeGenerators(ids: old.ids, content: old.content, idKind: idKind)
        let manager = BaseListManager()
        try! manager.setState([Section(rows: oldGenerators)])
        let counter = EmissionCounter(listModel: UnsafeMutableRawPointer(manager.store.listModel))

        for (index, mix) in mixes.enumerated() {
            Wire.task(mix.rawValue)
            Wire.setup()
            let input = BenchInput.make(mix: mix, size: size, seed: settings.seed)
            let newGenerators = makeGenerators(ids: input.newIDs, content: input.newContent, idKind: idKind)
            var result = TaskResult(mix: mix.rawValue, size: size, contender: ContenderName.ours.rawValue)
            let planned = settings.managerRuns(size: size)
            let warmUp = size < 1_000_000 ? 1 : 0
            var times: [Double] = [], fullTimes: [Double] = []
            for run in 0..<(warmUp + planned) {
                counter.reset()
                Wire.run()
                let t0 = Clock.now()
                try! manager.setState([Section(rows: newGenerators)])
                let t1 = Clock.now()
                Wire.setup()
                if run == 0 {
                    switch idKind {
                    case .int:
                        result.managerEmissions = counter.emissions
                        result.managerChurn = counter.churn
                        result.managerMoves = manager.lastUpdate?.moves
                        result.managerMismatch = mismatch(manager.store, newGenerators)
                        result.managerVerified = true
                    case .string:
                        result.managerStringMoves = manager.lastUpdate?.moves
                        result.managerStringMismatch = mismatch(manager.store, newGenerators)
                    }
                }
                if run >= warmUp { times.append(Clock.ms(t0, t1)) }
                let last = index == mixes.count - 1 && run == warmUp + planned - 1
                if !last { try! manager.setState([Section(rows: oldGenerators)]) }
                if Clock.ms(t0, t1) / 1000 > settings.timeBoundSeconds {
                    result.dnfReason = "time: setState\(idKind == .string ? " (String ids)" : "") took \(Int(Clock.ms(t0, t1) / 1000)) s"
                    if times.isEmpty { times.append(Clock.ms(t0, t1)) }
                    break
                }
            }
            // The full reloads of the same input, once this mix's setState runs are done: a reload
            // between two runs left the next one's caches cold (at 10k, setState 25–35% slower).
            if result.dnfReason == nil {
                for run in 0..<(warmUp + planned) {
                    let full = fullReload(input, check: run == 0)
                    if run >= warmUp { fullTimes.append(full) }
                }
            }
            switch idKind {
            case .int:
                result.managerMs = median(times)
                result.managerRuns = times.count
                result.managerFullMs = median(fullTimes)
            case .string:
                result.managerStringMs = median(times)
                result.managerStringRuns = times.count
                result.managerStringFullMs = median(fullTimes)
            }
            Wire.result(result)
        }
        counter.stop()
    }

    /// One full reload of `input` on a fresh raw store in the old state (made untimed), its apply
    /// timed (ms); with `check`, the store is then checked row by row against the new state.
    static func fullReload(_ input: BenchInput, check: Bool) -> Double {
        Wire.setup()
        let fixture = RawFixture(ids: input.oldIDs, content: input.oldContent)
        Wire.run()
        let t0 = Clock.now()
        FullReloadContender().apply((), input, to: fixture)
        let t1 = Clock.now()
        Wire.setup()
        if check, let wrong = fixture.mismatch(ids: input.newIDs, content: input.newContent) {
            preconditionFailure("full reload beside setState: \(wrong)")
        }
        fixture.destroy()
        return Clock.ms(t0, t1)
    }

    /// Nil when the store shows exactly `generators`, in order, by identity.
    static func mismatch(_ store: RowStore, _ generators: [any RowGenerator]) -> String? {
        if store.count != generators.count { return "store has \(store.count) rows, target \(generators.count)" }
        for i in 0..<generators.count {
            guard let shown = store.generator(at: i) else { return "row \(i): no generator" }
            if shown !== generators[i] {
                let model = (shown as? BenchRow)?.model
                return "row \(i): store shows \(model.map { "id \($0.id) v\($0.content)" } ?? "?"), target id \((generators[i] as! BenchRow).model.id)"
            }
        }
        return nil
    }
}
