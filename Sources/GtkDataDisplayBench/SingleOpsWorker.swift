// Child process (no display needed): single operations on a long list (issue 12, goal 6). N rows in
// letter sections (`LetterSections`); every 100th row is foldable with 10 children (collapsed). Each
// operation targets a random row of the list (seeded) and is timed alone, through the public API:
//   insert-after  insert(_:after:) one new row after a random row
//   remove        remove(_:) that row again
//   remove-3      remove(_:) of an array: three rows inserted (untimed) after random rows, removed in one call
//   move          move(_:after:) a random row to 8 rows further down (the splice spans them: k = 9)
//   swap          swap(_:with:) a random row and the row 8 further down (one splice over the 9)
//   replace       replace(_:with:) a random row (not a foldable one) by a new generator
//   update        update(_:) a random row (rebound in place)
//   expand        expand(_:) a random foldable row (10 children shown)
//   collapse      collapse(_:) it again
// The manager (a `ManualListManager`, for `swap`) has done one operation of each kind (untimed), so
// lookups built on first use after a whole-state update are in place, and then had a section inserted
// first, so every row stands in a section whose index changed since it was placed; the figures are
// medians over the runs, in µs. The first insert-after, the first single operation after the
// `setState` that filled the manager, is reported apart (one sample: what it costs to build those
// lookups; not a goal). Checked (untimed) at the end: the store holds the manager's rows in order. Then GTK alone, for scale: a
// GListStore of as many items, one item inserted at a random position and removed again
// (`g_list_store_insert`, `g_list_store_remove`), what every insert and removal above includes; one
// item put in for another (`replace`'s splice) and nine put back with the ends exchanged (`swap`'s).

import CGtkDataDisplay
import GtkDataDisplay

/// Median, min and max µs of each single operation at one size.
struct SingleOpsFigures: Codable, Sendable {
    var rows = 0
    var runs = 0
    /// Operation name → its times.
    var operations: [String: OpTiming] = [:]
    var mismatch: String?

    static let names = ["insert-after", "remove", "remove-3", "move", "swap", "replace", "update", "expand", "collapse"]
    /// GTK alone: a GListStore's own insert and remove at a random position, and the splices
    /// `replace` (one item for one) and `swap` (nine for the same nine, the ends exchanged) hand it,
    /// at random positions (not a goal; for scale).
    static let storeNames = ["store insert", "store remove", "store 1 for 1", "store 9 for 9"]
    /// The first insert-after, right after the filling `setState` (one sample; not a goal).
    static let firstInsert = "first insert"

}

@MainActor
enum SingleOpsWorker {
    static let foldEvery = 100
    static let childrenPerFold = 10
    static let moveDistance = 8

    static func run(size: Int, settings: Settings) {
        Wire.task("single-ops")
        Wire.setup()
        let runs = settings.quick ? 100 : 300
        var figures = SingleOpsFigures()
        figures.rows = size
        figures.runs = runs

        var (sections, rows, foldables) = makeSections(size: size)
        let manager = ManualListManager()
        try! manager.setState(sections)
        sections = []

        var random = SeededRandom(seed: settings.seed &+ UInt64(size))
        var times: [String: [Double]] = [:]
        var newID = size
        func time(_ name: String, timed: Bool, _ op: () throws -> Void) {
            let t0 = Clock.now()
            try! op()
            let t1 = Clock.now()
            if timed { times[name, default: []].append(Clock.ms(t0, t1) * 1000) }
        }
        Wire.run()
        for run in 0...runs {
            let timed = run > 0
            // After the untimed first run (its insert-after measures the first operation after the fill).
            if run == 1 { try! manager.insertSection(Section(header: LetterHeader(model: "#", id: "header #")), at: 0) }
            let anchor = rows[random.below(rows.count)]
            let fresh = BenchRow(model: BenchModel(id: newID, content: 0), id: newID)
            newID += 1
            time(timed ? "insert-after" : SingleOpsFigures.firstInsert, timed: true) { try manager.insert(fresh, after: anchor) }
            time("remove", timed: timed) { try manager.remove(fresh) }
            let several = (0..<3).map { _ in
                defer { newID += 1 }
                return BenchRow(model: BenchModel(id: newID, content: 0), id: newID) as any RowGenerator
            }
            for row in several { try! manager.insert(row, after: rows[random.below(rows.count)]) }
            time("remove-3", timed: timed) { try manager.remove(several) }
            let from = random.below(rows.count - moveDistance - 1)
            // The anchor must stand in the same section as far as the bench cares: any row will do.
            time("move", timed: timed) { try manager.move(rows[from], after: rows[from + moveDistance]) }
            // The bench's own list follows in place: `rows.insert(rows.remove(at: from), …)` moved
            // half of a million-element array twice a run, 8 MB that evicted the caches between the
            // operations timed.
            let moved = rows[from]
            for j in from..<(from + moveDistance) { rows[j] = rows[j + 1] }
            rows[from + moveDistance] = moved
            let first = random.below(rows.count - moveDistance - 1)
            time("swap", timed: timed) { try manager.swap(rows[first], with: rows[first + moveDistance]) }
            rows.swapAt(first, first + moveDistance)
            var replaced = random.below(rows.count)
            while rows[replaced] is BenchFoldable { replaced = (replaced + 1) % rows.count }
            let replacement = BenchRow(model: BenchModel(id: newID, content: 0), id: newID)
            newID += 1
            time("replace", timed: timed) { try manager.replace(rows[replaced], with: replacement) }
            rows[replaced] = replacement
            let updated = rows[random.below(rows.count)]
            time("update", timed: timed) { try manager.update(updated) }
            let foldable = foldables[random.below(foldables.count)]
            time("expand", timed: timed) { try manager.expand(foldable) }
            time("collapse", timed: timed) { try manager.collapse(foldable) }
        }
        Wire.setup()
        storeAlone(size: size, runs: runs, seed: settings.seed, into: &times)
        for name in SingleOpsFigures.names + SingleOpsFigures.storeNames + [SingleOpsFigures.firstInsert] {
            figures.operations[name] = OpTiming(times[name] ?? [])
        }
        let shown = manager.flatGenerators
        if shown.count != manager.store.count {
            figures.mismatch = "the store holds \(manager.store.count) rows, the manager \(shown.count)"
        } else if let bad = shown.indices.first(where: { manager.store.generator(at: $0) !== shown[$0] }) {
            figures.mismatch = "position \(bad): the store and the manager disagree"
        }
        var result = TaskResult(mix: "single-ops", size: size, contender: ContenderName.ours.rawValue)
        result.singleOps = figures
        Wire.result(result)
    }
}

extension SingleOpsWorker {
    /// `size` rows in letter sections (`LetterSections`), every `foldEvery`-th a collapsed foldable row
    /// with `childrenPerFold` children; the top-level rows in order and the foldable ones apart.
    static func makeSections(size: Int) -> (sections: [Section], rows: [any RowGenerator], foldables: [any RowGenerator]) {
        var rows: [any RowGenerator] = []
        var foldables: [any RowGenerator] = []
        var sections: [Section] = []
        var nextID = 0
        for (letter, count) in LetterSections.layout(size: size) {
            var sectionRows: [any RowGenerator] = []
            sectionRows.reserveCapacity(count)
            for id in nextID..<(nextID + count) {
                let row: any RowGenerator
                if id % foldEvery == foldEvery / 2 {
                    let children = (0..<childrenPerFold).map { BenchRow(model: BenchModel(id: -1 - id * childrenPerFold - $0, content: 0),
                                                                        id: -1 - id * childrenPerFold - $0) as any RowGenerator }
                    row = BenchFoldable(model: BenchModel(id: id, content: 0), id: id, children: children, expanded: false)
                    foldables.append(row)
                } else {
                    row = BenchRow(model: BenchModel(id: id, content: 0), id: id)
                }
                sectionRows.append(row)
            }
            rows += sectionRows
            sections.append(Section(header: LetterHeader(model: letter, id: "header \(letter)"), rows: sectionRows))
            nextID += count
        }
        return (sections, rows, foldables)
    }

    /// GTK alone: `runs` inserts of a new item at a random position of a GListStore of `size` items,
    /// each removed again; a new item put in for the one at a random position (one splice, as
    /// `replace` makes); nine items at a random position put back with the first and last
    /// exchanged (one splice, as `swap` makes) — timed apart (µs) into `times` under
    /// `SingleOpsFigures.storeNames`. The fixture holds every item, as rows hold their objects.
    static func storeAlone(size: Int, runs: Int, seed: UInt64, into times: inout [String: [Double]]) {
        let fixture = RawFixture(ids: Array(0..<size), content: [Int](repeating: 0, count: size))
        fixture.counter.stop()  // GTK alone: no items-changed handler either
        var random = SeededRandom(seed: seed &+ 7 &+ UInt64(size))
        let span = moveDistance + 1
        func record(_ name: Int, _ t0: UInt64, _ t1: UInt64, _ run: Int) {
            if run > 0 { times[SingleOpsFigures.storeNames[name], default: []].append(Clock.ms(t0, t1) * 1000) }
        }
        Wire.run()
        for run in 0...runs {
            let position = guint(random.below(size))
            let item = BenchItem.make(id: size + run, content: 0)
            let t0 = Clock.now()
            g_list_store_insert(fixture.store, position, item)
            let t1 = Clock.now()
            g_list_store_remove(fixture.store, position)
            let t2 = Clock.now()
            g_object_unref(item)
            record(0, t0, t1, run)
            record(1, t1, t2, run)

            let replaced = random.below(size)
            var replacement: UnsafeMutableRawPointer? = BenchItem.make(id: size + run, content: 1)
            let t3 = Clock.now()
            g_list_store_splice(fixture.store, guint(replaced), 1, &replacement, 1)
            let t4 = Clock.now()
            g_object_unref(fixture.objects[replaced])
            fixture.objects[replaced] = replacement
            record(2, t3, t4, run)

            let first = random.below(size - span)
            fixture.objects.swapAt(first, first + span - 1)
            let t5 = Clock.now()
            fixture.objects.withUnsafeMutableBufferPointer { objects in
                g_list_store_splice(fixture.store, guint(first), guint(span), objects.baseAddress! + first, guint(span))
            }
            let t6 = Clock.now()
            record(3, t5, t6, run)
        }
        Wire.setup()
        // The splices did what they were timed for: the store holds the fixture's items, in order.
        for i in 0..<size {
            let item = g_list_model_get_item(fixture.listModel, guint(i))  // transfer full
            precondition(item == fixture.objects[i], "GTK alone: the store's item \(i) is not the one put there")
            g_object_unref(item)
        }
        fixture.destroy()
    }
}

/// A foldable benchmark row.
typealias BenchFoldable = FoldableRowGenerator<BenchRowView>
