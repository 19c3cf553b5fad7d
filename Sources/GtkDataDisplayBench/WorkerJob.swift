// One worker job of the parent: a kind of worker over a list of tasks (mix names). It (re)spawns
// the child, follows its protocol lines, enforces the time and memory bounds by killing it,
// records results and DNFs, and respawns for the tasks left. `pump()` handles one step, so the
// parent can drive several jobs at once.

@MainActor
final class WorkerJob {
    let label: String
    let size: Int
    let contender: String
    /// Added to DNF reasons (e.g. "with a realised list view").
    let context: String
    private let arguments: ([String]) -> [String]
    private let settings: Settings
    private let setupBoundSeconds: Double
    private(set) var remaining: [String]
    private(set) var sawNoDisplay = false

    private var child: ChildProcess?
    private var current: String?
    private var inRun = false
    private var deadline: UInt64 = 0
    private var taskStart: UInt64 = 0

    init(label: String, tasks: [String], size: Int, contender: String, context: String = "",
         settings: Settings, setupBoundSeconds: Double, arguments: @escaping ([String]) -> [String]) {
        self.label = label
        self.remaining = tasks
        self.size = size
        self.contender = contender
        self.context = context
        self.settings = settings
        self.setupBoundSeconds = setupBoundSeconds
        self.arguments = arguments
    }

    var isFinished: Bool { remaining.isEmpty && child == nil }

    /// Does one step (waits at most `waitMilliseconds`); records into `table`.
    func pump(into table: inout ResultTable, waitMilliseconds: Int32) {
        if child == nil {
            guard !remaining.isEmpty else { return }
            guard let started = ChildProcess(arguments: arguments(remaining) + settings.arguments) else {
                for task in remaining { table.markDNF(mix: task, size: size, contender: contender, reason: "worker could not start", rss: nil) }
                remaining = []
                return
            }
            child = started
            current = nil
            inRun = false
            restartDeadline(setupBoundSeconds)
        }
        guard let child, let event = child.next(deadline: deadline, memoryBound: settings.memoryBoundBytes,
                                                waitMilliseconds: waitMilliseconds) else { return }
        let suffix = context.isEmpty ? "" : " (\(context))"
        switch event {
        case .line(let line):
            if line.hasPrefix("TASK ") {
                current = String(line.dropFirst(5))
                taskStart = Clock.now()
                inRun = false
                restartDeadline(setupBoundSeconds)
            } else if line == "SETUP" {
                inRun = false
                restartDeadline(setupBoundSeconds)
            } else if line == "RUN" {
                inRun = true
                restartDeadline(settings.timeBoundSeconds + 1)
            } else if line.hasPrefix("RESULT "), let result = Wire.decode(line.dropFirst(7)) {
                table.add(result)
                progress("[\(label)] \(result.mix): \(Self.summary(result)) (\(String(format: "%.1f", Clock.seconds(since: taskStart))) s)")
                remaining.removeAll { $0 == result.mix }
                current = nil
            } else if line == "NODISPLAY" {
                sawNoDisplay = true
                stop(child)
                remaining = []
            }
        case .timeout:
            let reason = inRun ? "time > \(Int(settings.timeBoundSeconds)) s\(suffix)" : "setup > \(Int(setupBoundSeconds)) s\(suffix)"
            fail(child, reason: reason, rss: child.peakRSS, into: &table)
        case .memory(let rss):
            fail(child, reason: "memory > \(settings.memoryBoundBytes >> 30) GiB\(suffix)", rss: rss, into: &table)
        case .exited(let status):
            self.child = nil
            guard !remaining.isEmpty else { return }
            let how = (status & 0x7f) != 0 ? "killed by signal \(status & 0x7f)" : "exit status \((status >> 8) & 0xff)"
            if let task = current {
                table.markDNF(mix: task, size: size, contender: contender, reason: "worker crashed (\(how))\(suffix)", rss: child.peakRSS)
                progress("[\(label)] \(task): WORKER CRASHED (\(how))")
                remaining.removeAll { $0 == task }
            } else {
                for task in remaining {
                    table.markDNF(mix: task, size: size, contender: contender, reason: "worker failed before the task (\(how))", rss: nil)
                }
                progress("[\(label)] WORKER FAILED (\(how))")
                remaining = []
            }
        }
    }

    /// Runs the job to the end.
    func run(into table: inout ResultTable) {
        while !isFinished { pump(into: &table, waitMilliseconds: 20) }
    }

    private func fail(_ child: ChildProcess, reason: String, rss: Int, into table: inout ResultTable) {
        stop(child)
        let task = current ?? remaining[0]
        table.markDNF(mix: task, size: size, contender: contender, reason: reason, rss: rss)
        progress("[\(label)] \(task): DNF (\(reason))")
        remaining.removeAll { $0 == task }
    }

    private func stop(_ child: ChildProcess) {
        child.kill()
        self.child = nil
    }

    private func restartDeadline(_ seconds: Double) {
        deadline = Clock.now() + UInt64(seconds * 1e9)
    }

    static func summary(_ r: TaskResult) -> String {
        var parts: [String] = []
        if let total = r.totalMs { parts.append(String(format: "%.3f ms", total)) }
        if let m = r.managerMs { parts.append(String(format: "setState %.3f ms", m)) }
        if let m = r.managerStringMs { parts.append(String(format: "setState (String ids) %.3f ms", m)) }
        if let b = r.binds { parts.append("binds \(b) (min \(r.minBinds ?? -1))") }
        if let p = r.peakBytesPerRow { parts.append(String(format: "peak %.0f B/row", p)) }
        if r.mix == "first-fill", let f = r.firstBindMs ?? r.applyMs { parts.append(String(format: "%.0f ms", f)) }
        if let s = r.selection, s.mismatch == nil, let a = s.selectAll, let b = s.selectAllAction, let c = s.unselectAll {
            parts.append(String(format: "selectAll %.2f ms, Ctrl+A %.2f ms, unselectAll %.2f ms (medians)", a.medianMs, b.medianMs, c.medianMs))
        }
        if let f = r.interactive, let a = f.filterTotal, let b = f.restoreTotal {
            parts.append(String(format: "filter %.2f ms, restore %.2f ms (setState + frame, medians), %d/%d over budget", a.medianMs, b.medianMs, f.overBudget, f.updates))
        }
        if let f = r.singleOps {
            parts.append(SingleOpsFigures.names.map { "\($0) \(f.operations[$0].map { String(format: "%.1f", $0.medianMs) } ?? "-") µs" }.joined(separator: ", "))
        }
        if let reason = r.dnfReason { parts.append("DNF: \(reason)") }
        parts.append(contentsOf: r.problems.map { "MISMATCH: " + $0 })
        return parts.joined(separator: ", ")
    }
}
