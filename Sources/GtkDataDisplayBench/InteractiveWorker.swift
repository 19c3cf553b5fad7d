// Child process (needs a display): the interactive budget (issue 12, goal 8). A filter keystroke in
// a real app: N rows in letter sections (a contacts list, `LetterSections`) shown in a ListViewAdapter
// in a window; a query keeps about 5% of the rows (sections left empty are dropped), then clearing it
// brings every row back. Each update is a whole-state `setState` of new generator instances (the way
// apps re-render), from the top of the list.
//
// Per update: the setState call (the manager, its splices, GTK's items-changed handling) and the work
// of the next frame (the frame clock's before-paint to after-paint: layout binds the rows that became
// visible, then paint). The update fits the budget when both together take at most one frame (16 ms).
// One warm-up cycle (filter + restore), then `cycles` timed ones. Checked untimed after each update:
// the store shows the target and the realised rows show the store.

import CGtkDataDisplay
import GtkDataDisplay

/// The interactive measurement: per update the setState time and the next frame's work.
struct InteractiveFigures: Codable, Sendable {
    var rows = 0
    var sections = 0
    /// Rows the query keeps.
    var keptRows = 0
    var cycles = 0
    /// Removing most rows: setState, the next frame, and both.
    var filterSet: OpTiming?
    var filterFrame: OpTiming?
    var filterTotal: OpTiming?
    /// Bringing them back.
    var restoreSet: OpTiming?
    var restoreFrame: OpTiming?
    var restoreTotal: OpTiming?
    /// Updates whose setState + next frame took longer than the budget, of all timed updates.
    var overBudget = 0
    var updates = 0
    /// Binds of the first timed filter and restore, and their minimum (rows new on screen).
    var filterBinds: Int?
    var restoreBinds: Int?
    /// Splices (items-changed emissions) of the first timed filter and restore.
    var filterSplices: Int?
    var restoreSplices: Int?
    /// The first wrong figure (store or screen differs from the target).
    var mismatch: String?
}

@MainActor
enum InteractiveWorker {
    /// One frame at 60 Hz.
    static let budgetMs = 16.0
    /// The query keeps rows whose id leaves this remainder…
    static let keptRemainder = 7
    /// …modulo this: 5% of the rows.
    static let keptModulus = 20

    static func run(size: Int, settings: Settings) {
        guard WindowHost.initializeGTK() else { Wire.send("NODISPLAY"); return }
        Wire.task("interactive")
        Wire.setup()
        let host = WindowHost()
        let cycles = settings.quick ? 8 : 25
        var figures = InteractiveFigures()
        figures.rows = size
        figures.cycles = cycles
        let layout = LetterSections.layout(size: size)
        figures.sections = layout.count

        /// New generators (new instances, as an app re-renders) for the rows `keep` accepts.
        func state(_ keep: (Int) -> Bool) -> [Section] {
            var sections: [Section] = []
            var nextID = 0
            for (letter, count) in layout {
                let ids = (nextID..<(nextID + count)).filter(keep)
                nextID += count
                guard !ids.isEmpty else { continue }
                sections.append(Section(header: LetterHeader(model: letter, id: "header \(letter)"),
                                        rows: makeGenerators(ids: ids, content: Array(repeating: 0, count: ids.count))))
            }
            return sections
        }
        let keep: (Int) -> Bool = { $0 % keptModulus == keptRemainder }
        figures.keptRows = (0..<size).filter(keep).count

        let manager = BaseListManager()
        try! manager.setState(state { _ in true })
        let adapter = ListViewAdapter(manager: manager, selection: .single)
        host.show(adapter.scrolledWindow)
        let frames = FrameWork(window: host.window)
        let activity = { adapter.statistics.binds + adapter.statistics.unbinds + adapter.statistics.setups }
        host.settle(activity: activity)

        var times: [String: [Double]] = [:]
        /// One update to `sections`: setState timed, then the next frame's work; checked after.
        func update(_ name: String, _ sections: [Section], expectedRows: Int, timed: Bool) -> (binds: Int, splices: Int) {
            host.scrollToTop(adapter.scrolledWindow)
            host.settle(activity: activity)
            adapter.resetStatistics()
            Wire.run()
            let t0 = Clock.now()
            try! manager.setState(sections)
            let t1 = Clock.now()
            let frame = frames.nextFrameMs()
            Wire.setup()
            host.settle(activity: activity)
            let binds = adapter.statistics.binds
            if figures.mismatch == nil {
                figures.mismatch = check(manager, expectedRows: expectedRows, sections: sections)
            }
            if timed {
                let set = Clock.ms(t0, t1)
                times[name + ".set", default: []].append(set)
                times[name + ".frame", default: []].append(frame)
                times[name + ".total", default: []].append(set + frame)
                figures.updates += 1
                if set + frame > budgetMs { figures.overBudget += 1 }
            }
            return (binds, manager.lastUpdate?.splices ?? 0)
        }
        let headers = { (sections: [Section]) in sections.count }
        for cycle in 0...cycles {
            let filtered = state(keep)
            let filteredCount = filtered.reduce(0) { $0 + $1.rows.count } + headers(filtered)
            let filterUpdate = update("filter", filtered, expectedRows: filteredCount, timed: cycle > 0)
            let full = state { _ in true }
            let restoreUpdate = update("restore", full, expectedRows: size + headers(full), timed: cycle > 0)
            if cycle == 1 {
                figures.filterBinds = filterUpdate.binds
                figures.restoreBinds = restoreUpdate.binds
                figures.filterSplices = filterUpdate.splices
                figures.restoreSplices = restoreUpdate.splices
            }
        }
        figures.filterSet = OpTiming(times["filter.set"] ?? [])
        figures.filterFrame = OpTiming(times["filter.frame"] ?? [])
        figures.filterTotal = OpTiming(times["filter.total"] ?? [])
        figures.restoreSet = OpTiming(times["restore.set"] ?? [])
        figures.restoreFrame = OpTiming(times["restore.frame"] ?? [])
        figures.restoreTotal = OpTiming(times["restore.total"] ?? [])
        frames.stop()
        host.show(nil)
        host.destroy()
        var result = TaskResult(mix: "interactive", size: size, contender: ContenderName.ours.rawValue)
        result.interactive = figures
        Wire.result(result)
    }

    /// Nil when the store holds `sections` row by row.
    private static func check(_ manager: BaseListManager, expectedRows: Int, sections: [Section]) -> String? {
        guard manager.store.count == expectedRows else {
            return "the store holds \(manager.store.count) rows, expected \(expectedRows)"
        }
        var position = 0
        for section in sections {
            for generator in [section.header].compactMap({ $0 }) + section.rows {
                guard let shown = manager.store.generator(at: position), shown.diffKey == generator.diffKey else {
                    return "position \(position) does not show the target's row"
                }
                position += 1
            }
        }
        return nil
    }
}

/// The work of a window's frames, timed between the frame clock's before-paint and after-paint.
@MainActor
final class FrameWork {
    private let window: UnsafeMutablePointer<GtkWidget>
    private var clock: OpaquePointer?
    private var handlers: [UInt] = []
    private var started: UInt64 = 0
    private var lastMs = 0.0
    private var frames = 0

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        clock = gtk_widget_get_frame_clock(window)
        guard let clock else { return }
        let raw = UnsafeMutableRawPointer(clock)
        handlers.append(Signal.connect(raw, "before-paint") { [weak self] in self?.started = Clock.now() })
        handlers.append(Signal.connectAfter(raw, "after-paint") { [weak self] in
            guard let self else { return }
            self.lastMs = Clock.ms(self.started, Clock.now())
            self.frames += 1
        })
    }

    /// Requests a frame and waits for it; its work in ms (0 without a frame clock).
    func nextFrameMs() -> Double {
        guard let clock else { return 0 }
        let before = frames
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
        let start = Clock.now()
        while frames == before && Clock.seconds(since: start) < 1 {
            if g_main_context_iteration(nil, 0) == 0 { usleep(100) }
        }
        return frames == before ? 0 : lastMs
    }

    func stop() {
        guard let clock else { return }
        for handler in handlers { Signal.disconnect(UnsafeMutableRawPointer(clock), handler) }
        handlers = []
    }
}
