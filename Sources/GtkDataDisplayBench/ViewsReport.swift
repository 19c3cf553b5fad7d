// The list-and-grid part of the report (issue 10): every mix shown through a ListViewAdapter and a
// GridViewAdapter side by side, grid/list ratios, and the goal (the grid within 1.2× of the list).

extension Report {
    /// The grid's goal: its update time at most this many times the list's.
    static let gridGoalRatio = 1.2

    private func viewRecords(_ size: Int) -> [(mix: Mix, list: TaskResult?, grid: TaskResult?)] {
        mixes.map { mix in
            (mix, table.get(mix.rawValue, size, contender: ViewsWorker.contender(.list)),
             table.get(mix.rawValue, size, contender: ViewsWorker.contender(.grid)))
        }
    }

    func viewsSection() -> [String] {
        guard hasDisplay else { return ["LIST AND GRID — not measured: no display (run under xvfb-run -a)"] }
        var lines = [
            "LIST AND GRID — the same updates through BaseListManager.setState shown in a ListViewAdapter and in a",
            "  GridViewAdapter (one 400×600 window each, default columns); setState ms with the view attached (median of",
            "  the runs, list and grid alternating), binds/minimum of the first run; × = grid / list",
        ]
        let widths = [14, 5, 10, 10, 7, 13, 13]
        lines.append(row(["input", "size", "list ms", "grid ms", "×", "list binds", "grid binds"], widths: widths))
        for size in options.viewSizes {
            for (mix, list, grid) in viewRecords(size) {
                func binds(_ r: TaskResult?) -> String {
                    guard let r else { return "-" }
                    if r.isDNF { return "DNF" }
                    return r.binds.map { "\($0)/\(r.minBinds.map(String.init) ?? "?")" } ?? "-"
                }
                var cells = [mix.rawValue, sizeLabel(size), ms(list?.viewApplyMs), ms(grid?.viewApplyMs)]
                if let l = list?.viewApplyMs, let g = grid?.viewApplyMs, l > 0 { cells.append(ratio(g / l)) } else { cells.append("-") }
                cells += [binds(list), binds(grid)]
                lines.append(row(cells, widths: widths))
                if let reason = grid?.dnfReason { lines.append("  \(mix.rawValue) \(sizeLabel(size)): DNF: \(reason)") }
            }
            if let (total, worst) = viewTotals(size) {
                lines.append("  \(sizeLabel(size)): all mixes grid/list \(ratio(total)) (sum of medians); slowest mix \(worst.mix) \(ratio(worst.ratio))")
            }
        }
        return lines
    }

    /// Sum of grid medians over sum of list medians, and the mix with the largest ratio.
    private func viewTotals(_ size: Int) -> (Double, (mix: String, ratio: Double))? {
        var listSum = 0.0, gridSum = 0.0
        var worst: (mix: String, ratio: Double)?
        for (mix, list, grid) in viewRecords(size) {
            guard let l = list?.viewApplyMs, let g = grid?.viewApplyMs else { continue }
            listSum += l
            gridSum += g
            if l > 0, worst == nil || g / l > worst!.ratio { worst = (mix.rawValue, g / l) }
        }
        guard listSum > 0, let worst else { return nil }
        return (gridSum / listSum, worst)
    }

    /// The goal of issue 10 at 100k: (met, detail); met is nil when not measured.
    func gridGoal() -> (met: Bool?, detail: String) {
        guard options.viewSizes.contains(100_000) else { return (nil, "needs 100k in --sizes") }
        guard let (total, worst) = viewTotals(100_000) else { return (nil, hasDisplay ? "not measured" : "no display: not measured") }
        let problems = viewProblems()
        let detail = "grid/list \(ratio(total)) over all mixes (sum of setState medians), slowest mix \(worst.mix) \(ratio(worst.ratio))"
            + (problems.isEmpty ? "; both views showed the store" : "; \(problems.count) display problem(s)")
        return (total <= Self.gridGoalRatio && problems.isEmpty, detail)
    }

    /// Screens that disagreed with the store, per view.
    func viewProblems() -> [String] {
        var list: [String] = []
        for size in options.viewSizes {
            for (mix, l, g) in viewRecords(size) {
                for (name, r) in [("list", l), ("grid", g)] {
                    for problem in r?.problems ?? [] { list.append("\(mix.rawValue) \(sizeLabel(size)) \(name) view: \(problem)") }
                }
            }
        }
        return list
    }
}
