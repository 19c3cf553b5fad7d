// Child process: times one raw contender on every requested mix of one size, without a display.
// Per mix: a warm-up run (whose result is checked row by row), then timed runs, each on a fresh
// store in the old state; diff and apply are timed separately, their medians reported.

import CGtkDataDisplay
import DataDisplayDiff

@MainActor
enum TimingWorker {
    static func run(size: Int, contender: ContenderName, mixes: [Mix], settings: Settings) {
        switch contender {
        case .ours: measureAll(OursContender(), contender, size, mixes, settings)
        case .stdlib: measureAll(StdlibContender(), contender, size, mixes, settings)
        case .fullReload: measureAll(FullReloadContender(), contender, size, mixes, settings)
        case .perRow: measureAll(PerRowContender(), contender, size, mixes, settings)
        }
    }

    private static func measureAll<C: RawContender>(_ c: C, _ name: ContenderName, _ size: Int, _ mixes: [Mix], _ settings: Settings) {
        for (index, mix) in mixes.enumerated() {
            Wire.task(mix.rawValue)
            Wire.setup()
            let input = BenchInput.make(mix: mix, size: size, seed: settings.seed)
            var result = TaskResult(mix: mix.rawValue, size: size, contender: name.rawValue)
            if name == .ours {  // the parent gives the other contenders the same figure
                result.minMoves = MoveOracle.minimumMoves(old: input.oldIDs, new: input.newIDs)
                result.libraryMinMoves = ListDiff.minimumMoves(old: input.oldIDs, new: input.newIDs)
            }
            ProcessMemory.resetPeak()
            // Below 1M every input gets its own warm-up run; at 1M only the worker's first input does.
            measure(c, input, settings, warmUp: size < 1_000_000 || index == 0, floor: name == .ours, into: &result)
            result.peakRSSBytes = ProcessMemory.read()?.peak
            Wire.result(result)
        }
    }

    /// With `floor`, every run (the warm-up too) is followed by one run of the hash floor on the same
    /// input, timed alongside, so the engine's ratio to it comes from the same moments of the machine.
    private static func measure<C: RawContender>(_ c: C, _ input: BenchInput, _ settings: Settings, warmUp: Bool,
                                                 floor: Bool, into result: inout TaskResult) {
        var diffTimes: [Double] = [], applyTimes: [Double] = [], floorTimes: [Double] = []
        var floorWarmUp: Double?  // the figure when the engine's warm-up is its only run
        var planned = settings.runs(size: input.size)
        let started = Clock.now()
        var run = warmUp ? 0 : 1
        if !warmUp { planned = max(1, planned) }
        var first = true
        while run <= planned {  // run 0 is the warm-up
            Wire.setup()
            let fixture = RawFixture(ids: input.oldIDs, content: input.oldContent)
            Wire.run()
            let t0 = Clock.now()
            let plan = c.diff(input)
            let t1 = Clock.now()
            c.apply(plan, input, to: fixture)
            let t2 = Clock.now()
            Wire.setup()
            if first {
                result.emissions = fixture.counter.emissions
                result.churn = fixture.counter.churn
                result.moves = c.moves(plan)
                result.mismatch = fixture.mismatch(ids: input.newIDs, content: input.newContent)
                result.verified = true
                first = false
            }
            if run > 0 {
                diffTimes.append(Clock.ms(t0, t1))
                applyTimes.append(Clock.ms(t1, t2))
            }
            fixture.destroy()
            if floor {
                Wire.run()
                let f0 = Clock.now()
                let checksum = HashFloor.run(old: input.oldIDs, new: input.newIDs)
                let f1 = Clock.now()
                Wire.setup()
                if checksum == -1 { progress("unreachable checksum") }  // keeps the result used
                if run > 0 { floorTimes.append(Clock.ms(f0, f1)) } else { floorWarmUp = Clock.ms(f0, f1) }
            }
            let total = Clock.ms(t0, t2) / 1000
            if total > settings.timeBoundSeconds {
                result.dnfReason = "time: one run took \(Int(total)) s > \(Int(settings.timeBoundSeconds)) s"
                if diffTimes.isEmpty { diffTimes.append(Clock.ms(t0, t1)); applyTimes.append(Clock.ms(t1, t2)) }
                break
            }
            if run == 0 {
                // A run slower than the whole repeat budget is measured once: its warm-up is the figure.
                if total > settings.repeatBudgetSeconds {
                    diffTimes.append(Clock.ms(t0, t1))
                    applyTimes.append(Clock.ms(t1, t2))
                    break
                }
                // A slow contender gets fewer repetitions (at least one after the warm-up).
                let affordable = Int(settings.repeatBudgetSeconds / max(total, 1e-9))
                planned = max(1, min(planned, affordable))
            } else if Clock.seconds(since: started) > settings.repeatBudgetSeconds * 2 {
                break
            }
            run += 1
        }
        result.runs = diffTimes.count
        result.diffMs = c.hasDiff ? median(diffTimes) : nil
        result.applyMs = median(applyTimes)
        if floor {
            if floorTimes.isEmpty, let floorWarmUp { floorTimes.append(floorWarmUp) }
            result.hashFloorMs = median(floorTimes)
            result.hashFloorRuns = floorTimes.count
        }
    }
}
