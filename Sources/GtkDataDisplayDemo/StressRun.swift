import CGtk
import Foundation
import GtkDataDisplay

/// The soak run (`--stress SECONDS`): a list of 100,000 rows takes random updates many times a
/// second while it scrolls, next to a plain Swift model of what it should show. At the end the
/// store must equal the model and no row object may be left over; the run says so and sets the
/// exit status. GTK's own warnings go to stderr, where the caller looks for them.
@MainActor
final class StressRun {
    private let manager = BaseListManager()
    private var adapter: ListViewAdapter?
    private let window: UnsafeMutablePointer<GtkWidget>
    private var model: [Int] = []                 // ids in list order: what the store must show
    private var rows: [Int: StressRow] = [:]       // id → generator shown
    private var nextID = 0
    private var random = StressRandom(seed: 0x5EED)
    private var counts = (updates: 0, backgroundStates: 0, superseded: 0, scrolls: 0, checks: 0)
    private var failures: [String] = []
    private var leftoverAtStart = 0
    private var heldByGTK = 0
    private let startTime = g_get_monotonic_time()
    /// Whether every check held; read after the main loop ends.
    private(set) var passed = false

    init(application: UnsafeMutablePointer<GtkApplication>, seconds: Double, rowCount: Int = 100_000) {
        let adapter = ListViewAdapter(manager: manager, selection: .single)
        self.adapter = adapter
        window = gtk_application_window_new(application)
        gtk_window_set_title(gdd_window(UnsafeMutableRawPointer(window)), "GtkDataDisplay stress")
        gtk_window_set_default_size(gdd_window(UnsafeMutableRawPointer(window)), 480, 720)
        gtk_window_set_child(gdd_window(UnsafeMutableRawPointer(window)), adapter.scrolledWindow)

        model = (0..<rowCount).map { _ in makeID() }
        try? manager.setState([Section(rows: model.map { rows[$0]! })])
        leftoverAtStart = Diagnostics.liveRowObjects - manager.store.count
        gtk_window_present(gdd_window(UnsafeMutableRawPointer(window)))

        Timeout.add(milliseconds: 25) { [weak self] in self?.randomUpdate(); return true }
        Timeout.add(milliseconds: 60) { [weak self] in self?.scroll(); return true }
        Timeout.add(milliseconds: 1_500) { [weak self] in self?.randomWholeState(); return true }
        Timeout.add(milliseconds: 1_000) { [weak self] in self?.check(); return true }
        Timeout.add(milliseconds: UInt32(seconds * 1000)) { [weak self] in
            self?.finish(application: application)
            return false
        }
    }

    private func makeID() -> Int {
        let id = nextID
        nextID += 1
        rows[id] = StressRow(model: "row \(id)", id: id)
        return id
    }

    /// One random operation, applied to the manager and to the model alike.
    private func randomUpdate() {
        guard model.count > 2 else { return }
        counts.updates += 1
        let i = random.below(model.count), j = random.below(model.count)
        do {
            switch random.below(10) {
            case 0..<4:
                let row = rows[model[i]]!
                row.model = "row \(model[i]) · \(counts.updates)"
                try manager.update(row)
            case 4..<6:
                let id = makeID()
                try manager.insert(rows[id]!, after: rows[model[i]]!)
                model.insert(id, at: i + 1)
            case 6..<8:
                let id = model.remove(at: i)
                try manager.remove(rows.removeValue(forKey: id)!)
            default:
                guard i != j else { return }
                let id = model[i], anchor = model[j]
                try manager.move(rows[id]!, after: rows[anchor]!)
                model.remove(at: i)
                model.insert(id, at: model.firstIndex(of: anchor)! + 1)
            }
        } catch {
            failures.append("operation failed: \(error)")
        }
    }

    /// A whole-state update (−1%, +1%, a few moves, some changed rows), diffed off the main thread.
    private func randomWholeState() {
        var target = model.filter { _ in random.below(100) != 0 }
        for _ in 0..<(model.count / 100) { target.insert(makeID(), at: random.below(target.count + 1)) }
        for _ in 0..<(model.count / 500) { target.swapAt(random.below(target.count), random.below(target.count)) }
        let generators: [any RowGenerator] = target.map { id in
            let shown = rows[id]!
            // A fresh generator with the same id, one in fifty with other content.
            let changed = random.below(50) == 0
            return StressRow(model: changed ? shown.model + " ✎" : shown.model, id: id)
        }
        counts.backgroundStates += 1
        Task { @MainActor in
            do {
                guard try await manager.setStateInBackground([Section(rows: generators)]) else {
                    counts.superseded += 1
                    return
                }
                model = target
                rows = Dictionary(uniqueKeysWithValues: generators.map { (($0 as! StressRow).id, $0 as! StressRow) })
            } catch {
                failures.append("whole-state update failed: \(error)")
            }
        }
    }

    private func scroll() {
        counts.scrolls += 1
        adapter?.scrollTo(position: random.below(max(manager.store.count, 1)))
    }

    /// The store equals the model, row by row. Row objects beyond the store's are only noted:
    /// GTK's list items hold a removed row until their next frame.
    private func check() {
        counts.checks += 1
        let store = manager.store
        let shown = (0..<store.count).map { (store.generator(at: $0) as! StressRow).id }
        if shown != model { failures.append("check \(counts.checks): store differs from the model") }
        heldByGTK = max(heldByGTK, Diagnostics.liveRowObjects - store.count)
    }

    private func finish(application: UnsafeMutablePointer<GtkApplication>) {
        // Let queued updates land, then close the window: GTK's list items let go of their rows,
        // and exactly the store's row objects may remain.
        while g_main_context_iteration(nil, 0) != 0 {}
        check()
        let binds = adapter?.statistics.binds ?? 0
        gtk_window_destroy(gdd_window(UnsafeMutableRawPointer(window)))
        adapter = nil   // the list view (and the anchor row it keeps) goes with its adapter
        while g_main_context_iteration(nil, 0) != 0 {}
        let leftover = Diagnostics.liveRowObjects - manager.store.count
        if leftover > leftoverAtStart { failures.append("\(leftover) row objects alive beyond the store's after closing") }
        let elapsed = Double(g_get_monotonic_time() - startTime) / 1_000_000
        passed = failures.isEmpty
        print("""
        stress: \(String(format: "%.0f", elapsed)) s: \(counts.updates) single updates, \(counts.backgroundStates) background whole-state updates \
        (\(counts.superseded) superseded), \(counts.scrolls) scrolls, \(counts.checks) checks; \
        \(manager.store.count) rows; live row objects \(Diagnostics.liveRowObjects) \
        (at most \(heldByGTK) more held by GTK mid-frame); binds \(binds)
        stress: \(passed ? "PASSED: store equals the model after every check, no row object left over" : "FAILED")
        """)
        for failure in failures.prefix(10) { print("stress: \(failure)") }
        g_application_quit(gdd_g_application(UnsafeMutableRawPointer(application)))
    }
}

/// A stress row: a label with an id.
final class StressRow: BaseRowGenerator<StressRowView> {
    let id: Int
    init(model: String, id: Int) {
        self.id = id
        super.init(model: model, id: id)
    }
}

/// A single label.
final class StressRowView: ConfigurableRowView {
    let widget = Widget(gtk_label_new(nil))
    static func make() -> StressRowView {
        let view = StressRowView()
        gtk_label_set_xalign(gdd_label(view.widget.raw), 0)
        return view
    }
    func configure(with model: String) { gtk_label_set_text(gdd_label(widget.raw), model) }
}

/// SplitMix64: a small seeded generator, so a run can be repeated.
struct StressRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
