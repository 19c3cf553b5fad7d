// `--engine-only`: the diff engine against the hash floor, in this process, without GTK — the quick
// loop for working on DataDisplayDiff, and a fixed workload for instruction counters such as
//   valgrind --tool=callgrind --toggle-collect='*EngineOnly*engineDiff*' gtk-data-display-bench \
//       --engine-only --sizes 1M --mixes rotate-left --runs 1
// (the engine and the floor are separate functions, so either can be counted alone).

import DataDisplayDiff
import Foundation

enum EngineOnly {
    /// Prints, per mix and size, the median of `runs` (default: the bench's runs per size, at least 3)
    /// ListDiff.plan times and hash floor times, taken alternately after one warm-up of each.
    static func run(sizes: [Int], mixes: [Mix], settings: Settings, runs: Int?) {
        print("ENGINE — ListDiff.plan (old ids, new ids, content comparison) vs the hash floor ([id: index] of old, one lookup per new id)")
        print(pad(["input", "size", "plan ms", "floor ms", "plan/floor", "moves", "splices"]))
        for size in sizes {
            for mix in mixes {
                let input = BenchInput.make(mix: mix, size: size, seed: settings.seed)
                let count = runs ?? max(3, settings.runs(size: size))
                var planTimes: [Double] = [], floorTimes: [Double] = []
                var plan = engineDiff(input)
                _ = hashFloor(input)
                for _ in 0..<count {
                    let t0 = Clock.now()
                    plan = engineDiff(input)
                    let t1 = Clock.now()
                    _ = hashFloor(input)
                    let t2 = Clock.now()
                    planTimes.append(Clock.ms(t0, t1))
                    floorTimes.append(Clock.ms(t1, t2))
                }
                let p = median(planTimes)!, f = median(floorTimes)!
                print(pad([mix.rawValue, sizeLabel(size), format(p), format(f), String(format: "%.2f", p / f),
                           String(plan.moveCount), String(plan.splices.count)]))
            }
        }
    }

    @inline(never)
    static func engineDiff(_ input: BenchInput) -> SplicePlan {
        let oldContent = input.oldContent, newContent = input.newContent
        return try! ListDiff.plan(old: input.oldIDs, new: input.newIDs) { oldContent[$0] == newContent[$1] }
    }

    @inline(never)
    static func hashFloor(_ input: BenchInput) -> Int {
        HashFloor.run(old: input.oldIDs, new: input.newIDs)
    }

    private static func format(_ value: Double) -> String {
        value >= 10 ? String(format: "%.1f", value) : String(format: "%.3f", value)
    }

    private static func pad(_ cells: [String]) -> String { tableLine(cells, widths: [14, 6, 10, 10, 11, 8, 8]) }
}
