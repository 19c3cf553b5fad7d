// `--updates-only`: whole-state updates of a manager already filled, in this process, no display — a
// fixed workload for instruction and cache counters, with the fill and the making of generators outside
// the counted function (`--sections N` splits the rows into N sections of about equal size):
//   valgrind --tool=callgrind --cache-sim=yes --toggle-collect='*UpdatesOnly*update*' gtk-data-display-bench \
//       --updates-only --sizes 1M --mixes none --runs 2
// The manager is filled with the mix's old rows; each run then sets the mix's new state or the old one
// again, alternately, every time as new generator instances (kept alive across the runs, so no
// generator is freed inside an update), the way an app re-renders.

import Foundation
import GtkDataDisplay

@MainActor
enum UpdatesOnly {
    /// Prints, per mix and size, the median `setState` time of `runs` updates (default 3).
    static func run(sizes: [Int], mixes: [Mix], settings: Settings, runs: Int?, idKind: BenchIDKind, sections: Int = 1) {
        print("UPDATES — BaseListManager.setState of new generators on a filled manager, \(idKind.rawValue) ids, "
              + "\(sections) section\(sections == 1 ? "" : "s"), median ms")
        print(pad(["input", "size", "setState ms", "runs"]))
        for size in sizes {
            for mix in mixes {
                let input = BenchInput.make(mix: mix, size: size, seed: settings.seed)
                let count = runs ?? 3
                let manager = BaseListManager()
                let old = split(makeGenerators(ids: input.oldIDs, content: input.oldContent, idKind: idKind), sections)
                let new = split(makeGenerators(ids: input.newIDs, content: input.newContent, idKind: idKind), sections)
                // Filled with the generators the runs go back to, held here throughout (as the manager
                // worker holds its own): no update frees a million generators the fill made.
                try! manager.setState(old)
                var times: [Double] = []
                for run in 0..<count {
                    let t0 = Clock.now()
                    update(manager, run % 2 == 0 ? new : old)
                    times.append(Clock.ms(t0, Clock.now()))
                }
                print(pad([mix.rawValue, sizeLabel(size), String(format: "%.2f", median(times)!), String(count)]))
                withExtendedLifetime((new, old)) {}
            }
        }
    }

    /// One whole-state update (a function of its own, for `--toggle-collect`).
    @inline(never)
    static func update(_ manager: BaseListManager, _ sections: [Section]) {
        try! manager.setState(sections)
    }

    /// `rows` in `count` sections of about equal size (made outside the counted function).
    static func split(_ rows: [any RowGenerator], _ count: Int) -> [Section] {
        guard count > 1 else { return [Section(rows: rows)] }
        let size = (rows.count + count - 1) / count
        return stride(from: 0, to: rows.count, by: size).map { Section(rows: Array(rows[$0..<min($0 + size, rows.count)])) }
    }

    private static func pad(_ cells: [String]) -> String { tableLine(cells, widths: [14, 6, 13, 6]) }
}
