// `--audit-only`: every public operation of a `ManualListManager` timed on a long list, in this
// process, no display (not a goal; what finds an operation that grows with the list). The rows of
// SINGLE OPERATIONS (`SingleOpsWorker.makeSections`); each operation picks its rows at random
// (seeded) and runs `--runs N` times (default 40) after one untimed run, median µs per size and the
// ratio of the largest size to the smallest:
//   gtk-data-display-bench --audit-only [--sizes 10k,1M] [--runs N]
// An operation that needs rows in place first (a remove, a replace) inserts them inside the timed
// call's run, so its figure includes that insert; the "+" names say so. The last two lines are of
// one section of the size's rows, rows inserted one at a time after random rows (a fifth as many
// as it holds): the mean of the first tenth of the inserts and of the last tenth.

import Foundation
import GtkDataDisplay

@MainActor
enum AuditOnly {
    /// Prints the table of every operation at every size (default 10k and 1M).
    static func run(sizes: [Int], settings: Settings, runs: Int?) {
        let count = runs ?? 40
        var table: [(name: String, medians: [Double])] = []
        for (column, size) in sizes.enumerated() {
            let figures = measure(size: size, runs: count, seed: settings.seed &+ UInt64(size))
            for (row, figure) in figures.enumerated() {
                if column == 0 { table.append((figure.name, [])) }
                table[row].medians.append(figure.median)
            }
        }
        print("ALL PUBLIC OPERATIONS — ManualListManager, rows in letter sections, every 100th foldable (10 children);")
        print("  random rows (seeded), median µs of \(count) runs after one untimed; × = largest / smallest size; not a goal")
        print(pad(["operation"] + sizes.map(sizeLabel) + ["×"], count: sizes.count))
        for line in table {
            let ratio = line.medians.count > 1 && line.medians[0] > 0 ? String(format: "×%.2f", line.medians.last! / line.medians[0]) : "-"
            print(pad([line.name] + line.medians.map { String(format: "%.1f", $0) } + [ratio], count: sizes.count))
        }
    }

    private static func pad(_ cells: [String], count: Int) -> String {
        tableLine(cells, widths: [34] + Array(repeating: 11, count: count) + [8])
    }

    /// The operations at one size, in the table's order.
    private static func measure(size: Int, runs: Int, seed: UInt64) -> [(name: String, median: Double)] {
        var (sections, rows, foldables) = SingleOpsWorker.makeSections(size: size)
        let headers = sections.compactMap(\.header)
        let manager = ManualListManager()
        try! manager.setState(sections)
        sections = []
        var random = SeededRandom(seed: seed)
        var nextID = size
        func fresh() -> any RowGenerator {
            defer { nextID += 1 }
            return BenchRow(model: BenchModel(id: nextID, content: 0), id: nextID)
        }
        func any() -> any RowGenerator { rows[random.below(rows.count)] }
        func near() -> (any RowGenerator, any RowGenerator) {
            let i = random.below(rows.count - 3)
            return (rows[i], rows[i + 2])
        }
        var figures: [(name: String, median: Double)] = []
        func time(_ name: String, _ body: () throws -> Void) {
            var times: [Double] = []
            for run in 0...runs {
                let t0 = Clock.now()
                try! body()
                let t1 = Clock.now()
                if run > 0 { times.append(Clock.ms(t0, t1) * 1000) }
            }
            figures.append((name, median(times)!))
        }
        // The first single operation after the fill builds the lookups they keep: not timed.
        let first = fresh()
        try! manager.insert(first, after: rows[0])
        try! manager.remove(first)

        time("add + remove") { let g = fresh(); try manager.add(g); try manager.remove(g) }
        time("add [2] + remove [2]") { let g = [fresh(), fresh()]; try manager.add(g); try manager.remove(g) }
        time("insert after") { try manager.insert(fresh(), after: any()) }
        time("insert before") { try manager.insert(fresh(), before: any()) }
        time("insertAtBeginning of a section") { try manager.insertAtBeginning([fresh()], ofSectionWith: headers[random.below(headers.count)]) }
        time("insertAtEnd of a section") { try manager.insertAtEnd([fresh()], ofSection: random.below(headers.count)) }
        time("insert + remove") { let g = fresh(); try manager.insert(g, after: any()); try manager.remove(g) }
        time("insert 3 + remove [3]") {
            let g = [fresh(), fresh(), fresh()]
            for row in g { try manager.insert(row, after: any()) }
            try manager.remove(g)
        }
        time("move after, 2 rows away") { let (a, b) = near(); try manager.move(a, after: b) }
        time("move after, anywhere") { try manager.move(any(), after: any()) }
        time("swap, 2 rows apart") { let (a, b) = near(); try manager.swap(a, with: b) }
        time("swap, anywhere") { try manager.swap(any(), with: any()) }
        time("update") { try manager.update(any()) }
        time("update [3]") { try manager.update([any(), any(), any()]) }
        time("insert + replace + remove") {
            let old = fresh()
            try manager.insert(old, after: any())
            let new = fresh()
            try manager.replace(old, with: new)
            try manager.remove(new)
        }
        time("contains") { _ = manager.contains(any()) }
        time("position(of:)") { _ = manager.position(of: any()) }
        time("siblingPosition(of:)") { _ = manager.siblingPosition(of: any()) }
        time("expand + collapse") { let f = foldables[random.below(foldables.count)]; try manager.expand(f); try manager.collapse(f) }
        time("expandSubtree + collapseSubtree") {
            let f = foldables[random.below(foldables.count)]
            try manager.expandSubtree(f)
            try manager.collapseSubtree(f)
        }
        time("insertSection + removeSection") {
            let header = LetterHeader(model: "+", id: "header +\(nextID)")
            nextID += 1
            try manager.insertSection(Section(header: header, rows: [fresh()]), at: headers.count / 2)
            try manager.removeSection(with: header)
        }
        // Many rows in one call: their cost follows the rows, not the list. The removals after the
        // first find rows that drifted from their hints (the first removal moved them all alike).
        time("add [6,000] + remove [6,000]") { let g = (0..<6_000).map { _ in fresh() }; try manager.add(g); try manager.remove(g) }
        time("insert [6,000]; remove 1k, 1k spread, 4k") {
            let g = (0..<6_000).map { _ in fresh() }
            try manager.insert(g, after: any())
            try manager.remove(Array(g[..<1_000]))
            let spread = stride(from: 1_000, to: 6_000, by: 5).map { g[$0] }
            try manager.remove(spread)
            try manager.remove(stride(from: 1_000, to: 6_000, by: 1).filter { ($0 - 1_000) % 5 != 0 }.map { g[$0] })
        }
        time("batch { insert after }") { try manager.batch { try manager.insert(fresh(), after: any()) } }
        // A section inserted before all others: no lookup may lean on a section's index.
        try! manager.insertSection(Section(header: LetterHeader(model: "#", id: "header #")), at: 0)
        time("insert + remove, section first") { let g = fresh(); try manager.insert(g, after: any()); try manager.remove(g) }
        figures += scattered(size: size, seed: seed)
        return figures
    }

    /// Rows inserted one at a time after random rows of one section of `size` (a whole-state update's),
    /// `size / 5` in all after one untimed (the first builds the tables single operations keep): the
    /// mean µs of the first tenth and of the last tenth. Rows looked up after many inserts before them
    /// must not be searched for further away each time (their hints name their chunks); the two
    /// figures stay close when they are not.
    private static func scattered(size: Int, seed: UInt64) -> [(name: String, median: Double)] {
        let rows = (0..<size).map { BenchRow(model: BenchModel(id: $0, content: 0), id: $0) as any RowGenerator }
        let manager = ManualListManager()
        try! manager.setState([Section(rows: rows)])
        var random = SeededRandom(seed: seed &+ 1)
        var nextID = size
        func insert() {
            try! manager.insert(BenchRow(model: BenchModel(id: nextID, content: 0), id: nextID), after: rows[random.below(size)])
            nextID += 1
        }
        insert()
        let tenth = max(size / 50, 100)
        func mean() -> Double {
            let start = Clock.now()
            for _ in 0..<tenth { insert() }
            return Clock.seconds(since: start) * 1e6 / Double(tenth)
        }
        let first = mean()
        for _ in 0..<(8 * tenth) { insert() }
        return [("one section: inserts, first tenth", first), ("one section: inserts, last tenth", mean())]
    }
}
