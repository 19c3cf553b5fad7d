import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// The soak run (`--stress SECONDS`): a list of 100,000 rows takes random updates many times a
/// second while it scrolls, next to a plain Swift model of what it should show. At the end the
/// store must equal the model and no row object may be left over; the run says so and sets the
/// exit status. It reports resident memory and malloc's heap every 10 s, and their start, peak and
/// end. GTK's own warnings go to stderr, where the caller looks for them.
@MainActor
final class StressRun {
    private let manager = BaseListManager()
    private var adapter: ListViewAdapter?
    private let window: Window
    private let application: Application
    private var model: [Int] = []                 // ids in list order: what the store must show
    private var rows: [Int: StressRow] = [:]       // id → generator shown
    private var nextID = 0
    private var random = StressRandom(seed: 0x5EED)
    private var counts = (updates: 0, backgroundStates: 0, superseded: 0, scrolls: 0, checks: 0)
    private var failures: [String] = []
    private var leftoverAtStart = 0
    private var heldByGTK = 0
    private var stopped = false            // set when the run ends: the timers stop
    private var backgroundInFlight = 0     // whole-state updates started and not yet returned
    private var rss = Extent(), heap = Extent()
    private let startTime = ContinuousClock.now
    /// Whether every check held; read after the main loop ends.
    private(set) var passed = false

    init(application: Application, window: Window, seconds: Double, rowCount: Int = 100_000) {
        let adapter = ListViewAdapter(manager: manager, selection: .single)
        self.adapter = adapter
        self.application = application
        self.window = window
        window.title = "GtkDataDisplay stress"
        window.setDefaultSize(width: 480, height: 720)
        window.child = adapter.scrolledWindow   // the run keeps the adapter: it lets go of it on closing

        model = (0..<rowCount).map { _ in makeID() }
        try? manager.setState([Section(rows: model.map { rows[$0]! })])
        leftoverAtStart = Diagnostics.liveRowObjects - manager.store.count
        window.present()
        sampleMemory()

        every(milliseconds: 25) { $0.randomUpdate() }
        every(milliseconds: 60) { $0.scroll() }
        every(milliseconds: 1_500) { $0.randomWholeState() }
        every(milliseconds: 1_000) { run in
            run.check()
            run.sampleMemory()
            if run.counts.checks % 10 == 0 { run.printMemory() }
        }
        Timeout.once(milliseconds: Int(seconds * 1000)) { [weak self] in
            self?.finish()
        }
    }

    /// Calls `body` every `milliseconds` until the run stops.
    private func every(milliseconds: Int, _ body: @escaping @MainActor (StressRun) -> Void) {
        Timeout.repeating(milliseconds: milliseconds) { [weak self] in
            guard let self, !self.stopped else { return false }
            body(self)
            return true
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
        // Any newer change supersedes a background update in flight: hold most of them back while
        // one runs, so most whole states land and some are still superseded.
        if backgroundInFlight > 0, random.below(20) != 0 { return }
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
                try remove(at: i)
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

    private func remove(at i: Int) throws(DataDisplayError) {
        let id = model.remove(at: i)
        try manager.remove(rows.removeValue(forKey: id)!)
    }

    /// A whole-state update (−1%, +1%, a few moves, some changed rows), diffed off the main thread.
    /// It starts at once, so it has taken the rows it diffs from when this returns; it holds them
    /// (removed ones too) until `setStateInBackground` returns, and is counted in flight till then.
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
        backgroundInFlight += 1
        Task.immediate { @MainActor in
            defer { backgroundInFlight -= 1 }
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

    private func sampleMemory() {
        rss.add(ProcessMemory.residentBytes())
        heap.add(ProcessMemory.heapBytes())
    }

    private func printMemory() {
        let elapsed = seconds(since: startTime)
        print("stress: \(String(format: "%.0f", elapsed)) s: \(manager.store.count) rows; " +
              "resident \(mebibytes(rss.latest)), heap \(mebibytes(heap.latest))")
    }

    /// Runs the main loop until `done()` holds and no event source is ready, for at most `seconds`.
    /// Returns false if time ran out first.
    private func settle(seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        // Wakes a blocking iteration now and then, so the deadline is seen even if nothing else comes.
        let tick = Timeout.repeating(milliseconds: 50) { true }
        defer { tick.cancel() }
        while ContinuousClock.now < deadline {
            if !done() {
                MainLoop.iterate(mayBlock: true)   // wait for the next event: a finished diff wakes it
            } else if !MainLoop.iterate() {
                return true                        // nothing was ready: settled
            }
        }
        return false
    }

    private func finish() {
        let elapsed = seconds(since: startTime)
        stopped = true
        let binds = adapter?.statistics.binds ?? 0
        // Close the window with a background update in flight: GTK's list items let go of their
        // rows. Then wait until every background update has returned (each holds the rows it
        // started from, removed ones too) and the main loop has run what they and closing queued:
        // the store must equal the model, and exactly the store's row objects may remain.
        endWithUpdateInFlight()
        window.destroy()
        adapter = nil   // the list view (and the anchor row it keeps) goes with its adapter
        let closed = ContinuousClock.now
        if !settle(seconds: 10, until: { backgroundInFlight == 0 }) {
            failures.append("\(backgroundInFlight) background updates still running 10 s after closing")
        }
        let settled = seconds(since: closed) * 1000
        check()
        let leftover = Diagnostics.liveRowObjects - manager.store.count
        if leftover > leftoverAtStart { failures.append("\(leftover) row objects alive beyond the store's after closing") }
        sampleMemory()
        passed = failures.isEmpty
        print("""
        stress: \(String(format: "%.0f", elapsed)) s: \(counts.updates) single updates, \(counts.backgroundStates) background whole-state updates \
        (\(counts.superseded) superseded), \(counts.scrolls) scrolls, \(counts.checks) checks; \
        \(manager.store.count) rows; live row objects \(Diagnostics.liveRowObjects) \
        (at most \(heldByGTK) more held by GTK mid-frame); binds \(binds); settled \(String(format: "%.0f", settled)) ms after closing
        stress: resident start \(mebibytes(rss.start)), peak \(mebibytes(rss.peak)), end \(mebibytes(rss.latest)); \
        heap start \(mebibytes(heap.start)), peak \(mebibytes(heap.peak)), end \(mebibytes(heap.latest)) (sampled every second)
        stress: \(passed ? "PASSED: store equals the model after every check, no row object left over" : "FAILED")
        """)
        for failure in failures.prefix(10) { print("stress: \(failure)") }
        application.quit()
    }

    /// Leaves a whole-state update diffing with a row removed under it: the update holds that row
    /// until it returns, so a leak count that does not wait for it sees one row object too many
    /// (issue 8). Every run ends so, and checks that the count waits.
    private func endWithUpdateInFlight() {
        randomWholeState()
        guard !model.isEmpty else { return }
        do { try remove(at: random.below(model.count)) } catch { failures.append("operation failed: \(error)") }
    }
}

/// Start, peak and latest of a series of byte counts (unreadable ones skipped).
private struct Extent {
    private(set) var start: Int?, peak: Int?, latest: Int?
    mutating func add(_ bytes: Int?) {
        guard let bytes else { return }
        if start == nil { start = bytes }
        peak = max(peak ?? bytes, bytes)
        latest = bytes
    }
}

/// Seconds from `start` until now.
private func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = (ContinuousClock.now - start).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}

/// "123.4 MiB", or "n/a".
private func mebibytes(_ bytes: Int?) -> String {
    bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "n/a"
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
    private let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> StressRowView { StressRowView() }
    func configure(with model: String) { label.text = model }
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
