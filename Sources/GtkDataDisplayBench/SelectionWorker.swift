// Child process (needs a display): selecting every row of a long sectioned list (issue 9).
//
// N selectable rows in letter sections (a contacts list: 26 headers, sizes by how common each
// initial is) in a `.multiple` ListViewAdapter shown in a real window. A `selectionChanged`
// listener reads `adapter.selectedCount` — O(1), no per-row work of its own — and the worker checks,
// untimed, after every operation: the listener ran exactly once and read the number of non-header
// rows (0 after unselecting), GTK's selection model holds that many rows and no header. A wrong
// figure ends the measurement as a correctness failure, without times.
//
// Each timed run, from an empty selection and each operation from the state the one before left:
//   (a) adapter.selectAll()                       empty → every row
//   (c) adapter.unselectAll()                     every row → empty
//   (b) GTK's "list.select-all" action (Ctrl+A)   empty → every row, headers corrected away
// then an untimed unselectAll resets. Each operation is timed from the call until it returns
// (GTK's signal, the adapter's diff and events, and the listener all run inside it); the window
// draws its frames between operations, untimed. One warm-up run, then `selectionRuns` timed runs.
//
// Side by side, on the same window: a hand-written GTK app — a GtkMultiSelection over a GListStore
// of as many plain items (rows + headers, nothing to correct), a plain factory, a `selection-changed`
// handler reading the count with `gtk_bitset_get_size` — doing the same three operations: the
// floor GTK itself sets.

import CGtkDataDisplay
import GtkDataDisplay

/// Approximate share of surnames by initial (‰): the section sizes of a contacts list.
enum LetterSections {
    static let weights: [(letter: String, share: Double)] = [
        ("A", 35), ("B", 90), ("C", 75), ("D", 45), ("E", 20), ("F", 35), ("G", 50), ("H", 75), ("I", 5),
        ("J", 25), ("K", 40), ("L", 50), ("M", 95), ("N", 20), ("O", 15), ("P", 50), ("Q", 2), ("R", 55),
        ("S", 100), ("T", 40), ("U", 3), ("V", 15), ("W", 60), ("X", 0.5), ("Y", 6), ("Z", 5),
    ]

    /// Rows per letter, summing to `size` (largest remainder); letters with no row are left out.
    static func layout(size: Int) -> [(letter: String, rows: Int)] {
        let total = weights.reduce(0) { $0 + $1.share }
        let exact = weights.map { Double(size) * $0.share / total }
        var counts = exact.map { Int($0) }
        var left = size - counts.reduce(0, +)
        for i in exact.indices.sorted(by: { exact[$0] - Double(counts[$0]) > exact[$1] - Double(counts[$1]) }) where left > 0 {
            counts[i] += 1
            left -= 1
        }
        return zip(weights, counts).compactMap { $1 > 0 ? ($0.letter, $1) : nil }
    }
}

/// A section header: one GtkLabel showing its letter.
@MainActor
final class LetterHeaderView: ConfigurableRowView {
    let widget: OwnedWidget
    private init() { widget = OwnedWidget(gtk_label_new(nil)) }
    static func make() -> LetterHeaderView { LetterHeaderView() }
    func configure(with model: String) {
        model.withCString { gtk_label_set_text(gdd_label(widget.raw), $0) }
    }
}

typealias LetterHeader = BaseHeaderGenerator<LetterHeaderView>

/// A measurement stopped by a wrong figure.
struct SelectionFailure: Error {
    let message: String
}

/// What a selection listener saw since the last reset.
@MainActor
final class ListenerProbe {
    var calls = 0
    var count = -1
    func reset() { calls = 0; count = -1 }

    /// Nil when the listener ran exactly once and read `expected`.
    func problem(_ operation: String, expected: Int) -> String? {
        if calls != 1 { return "\(operation): the selection listener ran \(calls) times, expected once" }
        if count != expected { return "\(operation): the selection listener read a count of \(count), expected \(expected)" }
        return nil
    }
}

@MainActor
enum SelectionWorker {
    /// Issue 9's bound for selecting all of 100k rows with a listener reading the count.
    static let targetMs = 50.0

    /// One operation of a run: what it does, what the selection count must be after it.
    struct Step {
        let name: String
        let expected: Int
        let perform: () -> Void
    }

    static func run(size: Int, settings: Settings) {
        guard WindowHost.initializeGTK() else { Wire.send("NODISPLAY"); return }
        Wire.task("selection")
        Wire.setup()
        let host = WindowHost()
        let layout = LetterSections.layout(size: size)
        var figures = SelectionFigures()
        figures.rows = size
        figures.headers = layout.count
        figures.runs = settings.selectionRuns(size: size)
        do {
            try measureOurs(layout, size: size, runs: figures.runs, host: host, into: &figures)
            try measureRaw(items: size + layout.count, runs: figures.runs, host: host, into: &figures)
        } catch let failure as SelectionFailure {
            figures.mismatch = failure.message
        } catch {
            figures.mismatch = "\(error)"
        }
        host.destroy()
        var result = TaskResult(mix: "selection", size: size, contender: ContenderName.ours.rawValue)
        result.selection = figures
        Wire.result(result)
    }

    // MARK: Ours

    private static func measureOurs(_ layout: [(letter: String, rows: Int)], size: Int, runs: Int, host: WindowHost,
                                    into figures: inout SelectionFigures) throws {
        var sections: [Section] = []
        var headerPositions: [Int] = []
        var nextID = 0
        var position = 0
        for (letter, count) in layout {
            let ids = Array(nextID..<(nextID + count))
            sections.append(Section(header: LetterHeader(model: letter, id: "header \(letter)"),
                                    rows: makeGenerators(ids: ids, content: Array(repeating: 0, count: count))))
            headerPositions.append(position)
            position += 1 + count
            nextID += count
        }
        let manager = BaseListManager()
        let t0 = Clock.now()
        try manager.setState(sections)
        figures.buildMs = Clock.ms(t0, Clock.now())
        sections = []
        let adapter = ListViewAdapter(manager: manager, selection: .multiple)
        host.show(adapter.scrolledWindow)
        host.settle()

        let probe = ListenerProbe()
        // The listener under test: one O(1) read, nothing per row.
        adapter.selectionChanged += { [weak adapter, probe] _ in
            probe.calls += 1
            probe.count = adapter?.selectedCount ?? -1
        }

        func check(_ step: String, _ expected: Int) throws {
            if let problem = probe.problem(step, expected: expected) { throw SelectionFailure(message: problem) }
            if adapter.selectedCount != expected {
                throw SelectionFailure(message: "\(step): selectedCount is \(adapter.selectedCount) afterwards, expected \(expected)")
            }
            let gtk = selectionSize(adapter.selectionModel.pointer)
            if gtk != expected {
                throw SelectionFailure(message: "\(step): GTK's selection model holds \(gtk) rows, expected \(expected)")
            }
            if let header = headerPositions.first(where: { adapter.isSelected(position: $0) }) {
                throw SelectionFailure(message: "\(step): the header at position \(header) is selected")
            }
            probe.reset()
        }

        if adapter.selectedCount != 0 { throw SelectionFailure(message: "a new adapter has \(adapter.selectedCount) selected rows") }
        let listView = adapter.listView.widget
        let steps = [
            Step(name: "adapter.selectAll()", expected: size) { adapter.selectAll() },
            Step(name: "adapter.unselectAll()", expected: 0) { adapter.unselectAll() },
            Step(name: "list.select-all", expected: size) {
                _ = gtk_widget_activate_action_variant(listView, "list.select-all", nil)
            },
        ]
        let times = try timeRuns(steps, runs: runs, host: host, check: check) {
            adapter.unselectAll()
            try check("reset (adapter.unselectAll())", 0)
        }
        figures.selectAll = OpTiming(times[0])
        figures.unselectAll = OpTiming(times[1])
        figures.selectAllAction = OpTiming(times[2])
        host.show(nil)
        host.drain()
    }

    // MARK: Hand-written GTK

    private static func measureRaw(items: Int, runs: Int, host: WindowHost, into figures: inout SelectionFigures) throws {
        let ids = Array(0..<items)
        let fixture = RawFixture(ids: ids, content: Array(repeating: 0, count: items))
        let view = RawListView(listModel: fixture.listModel, multiple: true)
        host.show(view.scrolledWindow)
        host.settle()
        let model = view.selectionModel
        let probe = ListenerProbe()
        // What a hand-written handler reads: the size of GTK's selection bitset.
        let handler = Signal.connect(UnsafeMutableRawPointer(model), "selection-changed", range: { [probe] _, _ in
            probe.calls += 1
            probe.count = selectionSize(model)
        })

        func check(_ step: String, _ expected: Int) throws {
            if let problem = probe.problem("GTK alone: " + step, expected: expected) { throw SelectionFailure(message: problem) }
            probe.reset()
        }

        let listView = view.listView
        let steps = [
            Step(name: "gtk_selection_model_select_all", expected: items) { _ = gtk_selection_model_select_all(model) },
            Step(name: "gtk_selection_model_unselect_all", expected: 0) { _ = gtk_selection_model_unselect_all(model) },
            Step(name: "list.select-all", expected: items) {
                _ = gtk_widget_activate_action_variant(listView, "list.select-all", nil)
            },
        ]
        let times = try timeRuns(steps, runs: runs, host: host, check: check) {
            _ = gtk_selection_model_unselect_all(model)
            try check("reset (unselect_all)", 0)
        }
        figures.rawSelectAll = OpTiming(times[0])
        figures.rawUnselectAll = OpTiming(times[1])
        figures.rawSelectAllAction = OpTiming(times[2])
        Signal.disconnect(UnsafeMutableRawPointer(model), handler)
        host.show(nil)
        host.drain()
        view.destroy()
        fixture.destroy()
    }

    // MARK: Timing

    /// Runs `steps` in order, one warm-up run and `runs` timed ones; each step timed alone, checked
    /// (untimed) after, the window settled between steps; `reset` after each run. Times per step.
    private static func timeRuns(_ steps: [Step], runs: Int, host: WindowHost,
                                 check: (String, Int) throws -> Void, reset: () throws -> Void) throws -> [[Double]] {
        var times = Array(repeating: [Double](), count: steps.count)
        for run in 0...runs {
            for (index, step) in steps.enumerated() {
                Wire.run()
                let t0 = Clock.now()
                step.perform()
                let t1 = Clock.now()
                Wire.setup()
                try check(step.name, step.expected)
                if run > 0 { times[index].append(Clock.ms(t0, t1)) }
                host.settle()
            }
            try reset()
            host.settle()
        }
        return times
    }

    /// How many positions a selection model has selected (`gtk_bitset_get_size`, O(ranges)).
    static func selectionSize(_ model: OpaquePointer) -> Int {
        let set = gtk_selection_model_get_selection(model)!
        defer { gtk_bitset_unref(set) }
        return Int(gtk_bitset_get_size(set))
    }
}
