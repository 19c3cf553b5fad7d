// Child process (`--measure-memory N`): what a manager costs per row beyond the user's generators,
// in a fresh process. Resident memory before and after creating N generators (their own cost),
// then the peak (VmHWM, reset just before) and the steady RSS of the first fill through setState,
// then the peak of one whole-state update (the classic mix) on top of it, then what the first single
// operation adds (the tables single operations keep).

import CGtkDataDisplay
import GtkDataDisplay

@MainActor
enum MemoryWorker {
    static func run(size: Int, settings: Settings) {
        Wire.task("memory")
        Wire.setup()
        // Warm up types and lazily created state so they do not count as per-row cost.
        do {
            let warm = BaseListManager()
            try! warm.setState([Section(rows: makeGenerators(ids: Array(0..<64), content: [Int](repeating: 0, count: 64)))])
        }
        var result = TaskResult(mix: "memory", size: size, contender: ContenderName.ours.rawValue)
        guard ProcessMemory.resetPeak() else {
            result.dnfReason = "cannot reset the peak RSS (/proc/self/clear_refs refused)"
            Wire.result(result)
            return
        }
        let old = BenchInput.oldRows(size: size)
        let input = BenchInput.make(mix: .classic, size: size, seed: settings.seed)
        let r0 = ProcessMemory.read()!.rss
        let generators = makeGenerators(ids: old.ids, content: old.content)
        let r1 = ProcessMemory.read()!.rss
        ProcessMemory.resetPeak()
        let manager = BaseListManager()
        Wire.run()
        try! manager.setState([Section(rows: generators)])
        Wire.setup()
        let (r2, peak) = ProcessMemory.read()!
        let n = Double(size)
        result.generatorBytesPerRow = Double(r1 - r0) / n
        result.peakBytesPerRow = Double(peak - r1) / n
        result.steadyBytesPerRow = Double(r2 - r1) / n
        result.peakRSSBytes = peak

        let newGenerators = makeGenerators(ids: input.newIDs, content: input.newContent)
        let r3 = ProcessMemory.read()!.rss
        ProcessMemory.resetPeak()
        Wire.run()
        try! manager.setState([Section(rows: newGenerators)])
        Wire.setup()
        result.updatePeakBytesPerRow = Double(ProcessMemory.read()!.peak - r3) / n
        // Then one single operation (a row inserted after the middle one): the first builds the
        // tables single operations keep (the shown ids), which no setState builds.
        let fresh = makeGenerators(ids: [Int.max - 1], content: [0])[0]  // an id no input uses
        let r4 = ProcessMemory.read()!.rss
        Wire.run()
        try! manager.insert(fresh, after: newGenerators[newGenerators.count / 2])
        Wire.setup()
        result.singleOpBytesPerRow = Double(ProcessMemory.read()!.rss - r4) / n
        Wire.result(result)
        withExtendedLifetime((generators, manager)) {}
    }
}
