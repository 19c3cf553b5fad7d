// The parent process: runs the workers — timing workers strictly one at a time (so timings do not
// compete), list-view workers up to `bindJobs` at a time (bind counts do not depend on speed) —
// records DNFs, and carries a DNF at one size over to the larger sizes of the same input and
// contender without running them (their cost only grows with size). The selection workers (issue 9)
// run after the binds, one at a time and alone, since their figures are times. The parent itself does no
// GTK work besides probing for a display.

import CGtkDataDisplay

@MainActor
final class Orchestrator {
    let options: Options
    var settings: Settings { options.settings }
    private(set) var table = ResultTable()
    private(set) var hasDisplay = false
    private(set) var notes: [String] = []
    private let started = Clock.now()

    /// Untimed work (building inputs, fixtures, 1M generators) may take this long between markers.
    private let setupBoundSeconds: Double = 180
    /// List-view workers running at once.
    private let bindJobs = 2
    /// Rounds of the first-fill pair (the manager's fill, then the full reload by hand).
    static let fillRounds = 3

    init(options: Options) { self.options = options }

    func runAll() {
        hasDisplay = WindowHost.initializeGTK()
        if options.interactiveOnly || options.singleOpsOnly {
            if options.singleOpsOnly { runSingleOpsJobs() }
            if options.interactiveOnly {
                if hasDisplay { runInteractiveJob() } else { notes.append("no display: the interactive budget was not measured (run under xvfb-run -a)") }
            }
            progress("benchmark finished in \(Int(Clock.seconds(since: started))) s")
            return
        }
        if options.viewsOnly {
            if hasDisplay { runViewJobs() } else { notes.append("no display: list and grid were not measured (run under xvfb-run -a)") }
            progress("benchmark finished in \(Int(Clock.seconds(since: started))) s")
            return
        }
        for size in options.sizes {
            for contender in ContenderName.allCases {
                let tasks = tasksToRun(size: size, contender: contender)
                guard !tasks.isEmpty else { continue }
                job("timing \(sizeLabel(size)) \(contender.rawValue)", tasks, size, contender) { remaining in
                    ["--worker", "timing", "--size", String(size), "--contender", contender.rawValue,
                     "--mixes", remaining.joined(separator: ",")]
                }.run(into: &table)
            }
            // setState end to end, once with Int ids and once with String ids (issue 12, goal 1).
            for idKind in BenchIDKind.allCases {
                let managerTasks = tasksToRun(size: size, contender: .ours) { idKind == .int ? $0.managerMs : $0.managerStringMs }
                guard !managerTasks.isEmpty else { continue }
                job("manager \(sizeLabel(size)) \(idKind.rawValue) ids", managerTasks, size, .ours) { remaining in
                    ["--worker", "manager", "--ids", idKind.rawValue, "--size", String(size), "--mixes", remaining.joined(separator: ",")]
                }.run(into: &table)
            }
        }
        if hasDisplay { runBindJobs() }
        if hasDisplay { runSelectionJobs() }
        if hasDisplay { runViewJobs() }
        if hasDisplay { runInteractiveJob() }
        runSingleOpsJobs()
        if !hasDisplay {
            notes.append("no display: binds and list-view figures were not measured (run under xvfb-run -a)")
        }
        for size in options.memorySizes {
            job("memory \(sizeLabel(size))", ["memory"], size, .ours) { _ in ["--measure-memory", String(size)] }.run(into: &table)
        }
        if let size = options.fillSize {
            // The manager's first fill and the full reload by hand, each in a fresh process (equal,
            // untouched heaps), taken in turn a few times: each figure is the median of its rounds.
            let rounds = settings.quick ? 1 : Self.fillRounds
            var records: [TaskResult] = []
            for round in 1...rounds {
                var scratch = ResultTable()
                let of = rounds > 1 ? " (\(round)/\(rounds))" : ""
                job("first fill \(sizeLabel(size))\(of)", ["first-fill"], size, .ours) { _ in
                    ["--worker", "fill", "--size", String(size)] + (self.settings.quick ? ["--set-state-only"] : [])
                }.run(into: &scratch)
                job("first fill \(sizeLabel(size)), full reload by hand alone\(of)", ["first-fill"], size, .ours) { _ in
                    ["--worker", "raw-fill", "--size", String(size)]
                }.run(into: &scratch)
                if let record = scratch.get("first-fill", size, .ours) { records.append(record) }
            }
            if let median = TaskResult.fillMedian(of: records) { table.add(median) }
        }
        progress("benchmark finished in \(Int(Clock.seconds(since: started))) s")
    }

    /// The mixes to run for (size, contender). A mix that was DNF at a smaller size is recorded as
    /// DNF here without running; so is one whose run at a smaller size took at least a second and,
    /// scaled linearly to this size, would pass the time bound (every contender at least reads
    /// every row, so its time grows at least linearly once fixed costs are negligible).
    private func tasksToRun(size: Int, contender: ContenderName,
                            time: (TaskResult) -> Double? = { $0.totalMs }) -> [String] {
        var tasks: [String] = []
        for mix in options.mixes.map(\.rawValue) {
            let smaller = options.sizes.filter { $0 < size }
            if let dnfSize = smaller.first(where: { table.get(mix, $0, contender)?.isDNF == true }) {
                table.markDNF(mix: mix, size: size, contender: contender.rawValue,
                              reason: "not run: DNF at \(sizeLabel(dnfSize))", rss: nil)
            } else if let base = smaller.last, let record = table.get(mix, base, contender), let total = time(record), total >= 1000,
                      total * Double(size) / Double(base) > settings.timeBoundSeconds * 1000 {
                table.markDNF(mix: mix, size: size, contender: contender.rawValue,
                              reason: "not run: \(Int(total)) ms at \(sizeLabel(base)), at least \(Int(total * Double(size) / Double(base) / 1000)) s here (linear lower bound) > \(Int(settings.timeBoundSeconds)) s", rss: nil)
            } else {
                tasks.append(mix)
            }
        }
        return tasks
    }

    private func runBindJobs() {
        var queue: [WorkerJob] = []
        // Largest first, so the long jobs overlap the many short ones.
        for size in options.sizes.reversed() {
            for contender in ContenderName.allCases where options.measuresBinds(contender, size: size) {
                // An input a contender could not finish without a list view is not tried with one.
                let tasks = options.mixes.map(\.rawValue).filter { table.get($0, size, contender)?.isDNF != true }
                guard !tasks.isEmpty else { continue }
                queue.append(job("binds \(sizeLabel(size)) \(contender.rawValue)", tasks, size, contender,
                                 context: "with a realised list view") { remaining in
                    ["--worker", "binds", "--size", String(size), "--contender", contender.rawValue,
                     "--mixes", remaining.joined(separator: ",")]
                })
            }
        }
        var active: [WorkerJob] = []
        while !queue.isEmpty || !active.isEmpty {
            while active.count < bindJobs && !queue.isEmpty { active.append(queue.removeFirst()) }
            for job in active { job.pump(into: &table, waitMilliseconds: 10) }
            if active.contains(where: \.sawNoDisplay) {
                hasDisplay = false
                for job in active where !job.isFinished { while !job.isFinished { job.pump(into: &table, waitMilliseconds: 10) } }
                return
            }
            active.removeAll(where: \.isFinished)
        }
    }

    /// Selecting every row with a listener, one size at a time and alone (its figures are times);
    /// a size past the time bound is not tried at the larger ones.
    private func runSelectionJobs() {
        var dnfSize: Int?
        for size in options.selectionSizes.sorted() {
            if let dnfSize {
                table.markDNF(mix: "selection", size: size, contender: ContenderName.ours.rawValue,
                              reason: "not run: DNF at \(sizeLabel(dnfSize))", rss: nil)
                continue
            }
            let selection = job("selection \(sizeLabel(size))", ["selection"], size, .ours, context: "selecting every row") { _ in
                ["--worker", "selection", "--size", String(size)]
            }
            selection.run(into: &table)
            if selection.sawNoDisplay { hasDisplay = false; return }
            if table.get("selection", size, .ours)?.isDNF == true { dnfSize = size }
        }
    }

    /// The same updates in a list and in a grid (issue 10), one size at a time and alone (times).
    private func runViewJobs() {
        for size in options.viewSizes.sorted() {
            // A DNF is recorded for the grid (the slower view, if either is), not for "ours" of the main tables.
            let views = WorkerJob(label: "list and grid \(sizeLabel(size))", tasks: options.mixes.map(\.rawValue), size: size,
                                  contender: ViewsWorker.contender(.grid), context: "with a realised list and grid view",
                                  settings: settings, setupBoundSeconds: setupBoundSeconds) { remaining in
                ["--worker", "views", "--size", String(size), "--mixes", remaining.joined(separator: ",")]
            }
            views.run(into: &table)
            if views.sawNoDisplay { hasDisplay = false; return }
        }
    }

    /// The interactive budget (issue 12, goal 8), alone (its figures are times).
    private func runInteractiveJob() {
        let size = Options.interactiveSize
        let interactive = job("interactive \(sizeLabel(size))", ["interactive"], size, .ours, context: "with a realised list view") { _ in
            ["--worker", "interactive", "--size", String(size)]
        }
        interactive.run(into: &table)
        if interactive.sawNoDisplay { hasDisplay = false }
    }

    /// Single operations at each size (issue 12, goal 6), one size at a time.
    private func runSingleOpsJobs() {
        for size in options.singleOpsSizes.sorted() {
            job("single operations \(sizeLabel(size))", ["single-ops"], size, .ours) { _ in
                ["--worker", "single-ops", "--size", String(size)]
            }.run(into: &table)
        }
    }

    private func job(_ label: String, _ tasks: [String], _ size: Int, _ contender: ContenderName, context: String = "",
                     arguments: @escaping ([String]) -> [String]) -> WorkerJob {
        WorkerJob(label: label, tasks: tasks, size: size, contender: contender.rawValue, context: context,
                  settings: settings, setupBoundSeconds: setupBoundSeconds, arguments: arguments)
    }
}
