// The interactive budget and single operations parts of the report (issue 12, goals 8 and 6), and
// their goal lines.

extension Report {
    /// Single operations at 1M within this many times their time at 10k (issue 12, goal 6).
    static let singleOpsGoalRatio = 3.0

    var interactiveRecord: TaskResult? { table.get("interactive", Options.interactiveSize, .ours) }

    func interactiveSection() -> [String] {
        guard let r = interactiveRecord else {
            return [hasDisplay ? "INTERACTIVE BUDGET — not measured" : "INTERACTIVE BUDGET — not measured: no display (run under xvfb-run -a)"]
        }
        guard let f = r.interactive else { return ["INTERACTIVE BUDGET — DNF: \(r.dnfReason ?? "no figures")"] }
        var lines = [
            "INTERACTIVE BUDGET — \(sizeLabel(f.rows)) rows in \(f.sections) letter sections in a ListViewAdapter (400×600 window);",
            "  a filter keeping \(f.keptRows) rows (sections left empty dropped), then restoring all: whole-state setState of new",
            "  generators, \(f.cycles) cycles after a warm-up. setState = the call (manager, splices, GTK's items-changed handling);",
            "  frame = the next frame's work (before-paint to after-paint: layout binds the rows now visible, paint);",
            "  median / max ms; budget = one frame (\(Int(InteractiveWorker.budgetMs)) ms) for setState + frame",
        ]
        let widths = [9, 17, 17, 17, 7, 8]
        lines.append(row(["update", "setState", "frame", "total", "binds", "splices"], widths: widths))
        func cell(_ t: OpTiming?) -> String { t.map { "\(ms($0.medianMs)) / \(ms($0.maxMs))" } ?? "-" }
        lines.append(row(["filter", cell(f.filterSet), cell(f.filterFrame), cell(f.filterTotal), f.filterBinds.map(String.init) ?? "-", f.filterSplices.map(String.init) ?? "-"], widths: widths))
        lines.append(row(["restore", cell(f.restoreSet), cell(f.restoreFrame), cell(f.restoreTotal), f.restoreBinds.map(String.init) ?? "-", f.restoreSplices.map(String.init) ?? "-"], widths: widths))
        lines.append("  frames over budget: \(f.overBudget) of \(f.updates) updates")
        if let wrong = f.mismatch { lines.append("  FAILED: \(wrong)") }
        return lines
    }

    func singleOpsSection() -> [String] {
        let sizes = options.singleOpsSizes.sorted()
        let records = sizes.compactMap { size in table.get("single-ops", size, .ours).map { (size, $0) } }
        guard !records.isEmpty else { return ["SINGLE OPERATIONS — not measured"] }
        var lines = [
            "SINGLE OPERATIONS — rows in letter sections, every 100th foldable (10 children); one random row per run,",
            "  through the public API, median µs over the runs (one run of each first, untimed); × = largest / smallest size",
        ]
        let widths = [14] + Array(repeating: 11, count: records.count) + [8]
        lines.append(row(["operation"] + records.map { sizeLabel($0.0) } + ["×"], widths: widths))
        for name in SingleOpsFigures.names + SingleOpsFigures.storeNames + [SingleOpsFigures.firstInsert] {
            if name == SingleOpsFigures.storeNames[0] {
                lines.append("  GTK alone, for scale (not a goal): a GListStore of as many items, one inserted at a random position and removed;")
                lines.append("  one item spliced in for another (what replace hands GTK); nine spliced back with the ends exchanged (swap's)")
            }
            if name == SingleOpsFigures.firstInsert {
                lines.append("  the first insert-after right after the setState that filled the manager (one sample; it builds the tables")
                lines.append("  single operations keep, e.g. the shown ids; not a goal)")
            }
            let medians = records.map { $0.1.singleOps?.operations[name]?.medianMs }
            var cells = [name] + medians.map { $0.map { String(format: "%.1f", $0) } ?? "-" }
            if let first = medians.first ?? nil, let last = medians.last ?? nil, first > 0, records.count > 1 {
                cells.append(ratio(last / first))
            } else {
                cells.append("-")
            }
            lines.append(row(cells, widths: widths))
        }
        for (size, r) in records {
            if let reason = r.dnfReason { lines.append("  \(sizeLabel(size)): DNF: \(reason)") }
            if let wrong = r.singleOps?.mismatch { lines.append("  \(sizeLabel(size)): FAILED: \(wrong)") }
        }
        return lines
    }

    /// Goal 6: single operations at 1M within 3× their time at 10k.
    func goal6(_ verdict: GoalVerdict) {
        let name = "6. single operations (insert after, remove one and three, move, swap, replace, update, expand, collapse) at 1M within \(Int(Self.singleOpsGoalRatio))× their time at 10k"
        let small = table.get("single-ops", 10_000, .ours)?.singleOps
        let large = table.get("single-ops", 1_000_000, .ours)?.singleOps
        guard let small, let large else {
            let measured = options.singleOpsSizes.sorted().filter { table.get("single-ops", $0, .ours)?.singleOps != nil }
            verdict(nil, name, measured.isEmpty ? "not measured" : "needs 10k and 1M; measured at " + measured.map(sizeLabel).joined(separator: ", "))
            return
        }
        var t = GoalTally()
        for op in SingleOpsFigures.names {
            guard let a = small.operations[op]?.medianMs, let b = large.operations[op]?.medianMs, a > 0 else { t.miss(op); continue }
            t.add(op, b / a, ok: b / a <= Self.singleOpsGoalRatio)
        }
        if let wrong = large.mismatch ?? small.mismatch { t.fail("wrong result: \(wrong)") }
        let all = t.checks.map { "\($0.label) \(ratio($0.value))" }.joined(separator: ", ")
        let over = t.misses.map(\.label) + t.failed + t.missing.map { "\($0) not measured" }
        verdict(t.verdict, name, all + (over.isEmpty ? "" : "; over \(Int(Self.singleOpsGoalRatio))× or failed: " + over.joined(separator: ", ")))
    }

    /// Goal 8: the interactive budget.
    func goal8(_ verdict: GoalVerdict) {
        let name = "8. whole-state update of a 10k-row sectioned list in a realised list view (most rows removed, then restored) within one frame (\(Int(InteractiveWorker.budgetMs)) ms)"
        guard let f = interactiveRecord?.interactive, f.updates > 0 else {
            verdict(interactiveRecord?.isDNF == true ? false : nil, name,
                    interactiveRecord?.dnfReason.map { "DNF: \($0)" } ?? (hasDisplay ? "not measured" : "no display: not measured"))
            return
        }
        let worst = [f.filterTotal?.maxMs, f.restoreTotal?.maxMs].compactMap { $0 }.max() ?? 0
        verdict(f.mismatch == nil && f.overBudget == 0, name,
                "\(f.overBudget) of \(f.updates) updates over budget; median setState + frame: filter \(ms(f.filterTotal?.medianMs)) ms, restore \(ms(f.restoreTotal?.medianMs)) ms (worst \(ms(worst)) ms)"
                + (f.mismatch.map { "; FAILED: \($0)" } ?? ""))
    }
}
