// Goal lines of earlier issues, after issue 12's: the raw engine (plan + splices, no manager)
// against full reload, the engine's scaling, memory linearity, selection (issue 9) and the grid
// (issue 10). Judged on the inputs this run measured.

extension Report {
    func earlierGoals(_ verdict: GoalVerdict) {
        var slower = GoalTally(), fast = GoalTally()
        for mix in mixes { for size in sizes {
            guard let o = table.get(mix.rawValue, size, .ours), !o.isDNF, let ot = o.totalMs, ot > 0,
                  let ft = fullReloadMs(mix, size) else { continue }
            let label = "\(mix.rawValue) \(sizeLabel(size))"
            slower.add(label, ft / ot, ok: ft / ot >= 1)
            if mix.isSmallChange && size >= 100_000 { fast.add(label, ft / ot, ok: ft / ot >= 5) }
        } }
        verdict(slower.verdict, "ours (raw: ListDiff.plan + its splices, no manager) no slower than full reload on every input run",
                slower.detail(format: ratio, worse: <))
        verdict(fast.verdict, "ours (raw) ≥ 5× faster than full reload at 100k and 1M, mixes with < 10% change",
                fast.checks.isEmpty ? "needs 100k or 1M in --sizes" : fast.detail(format: ratio, worse: <))

        if sizes.contains(10_000) && sizes.contains(1_000_000) {
            var perRow = GoalTally()
            for mix in mixes {
                guard let a = table.get(mix.rawValue, 10_000, .ours)?.diffMs, let b = table.get(mix.rawValue, 1_000_000, .ours)?.diffMs,
                      a > 0 else { continue }
                let r = (b / 1_000_000) / (a / 10_000)
                perRow.add(mix.rawValue, r, ok: r <= 3)
            }
            verdict(perRow.verdict, "diff time per row at 1M ≤ 3× per row at 10k", perRow.detail(format: { String(format: "%.2f×", $0) }, worse: >))
        } else {
            verdict(nil, "diff time per row at 1M ≤ 3× per row at 10k", "needs 10k and 1M in --sizes")
        }

        let memory = options.memorySizes.compactMap { size in table.get("memory", size, .ours)?.peakBytesPerRow.map { (size, $0) } }
        if !memory.isEmpty {
            let large = memory.filter { $0.0 >= 10_000 }.map(\.1)
            let spread = (large.max() ?? 0) / max(large.min() ?? 1, 1)
            let linear = large.count >= 2 && memory.contains(where: { $0.0 == 1_000_000 }) ? spread <= 1.5 : nil
            let perSize = memory.map { "\(sizeLabel($0.0)) \(bytes($0.1))" }.joined(separator: ", ")
            verdict(linear, "memory linear 1k → 1M", "peak per row: \(perSize)"
                    + (large.count >= 2 ? " (max/min over ≥10k: \(String(format: "%.2f", spread)); 1k is dominated by allocator granularity)" : ""))
        }

        let selection = selectionGoal()
        verdict(selection.met, "select all of 100k rows + selectedCount read in a selectionChanged listener < \(Int(SelectionWorker.targetMs)) ms (issue 9)",
                selection.detail)
        let grid = gridGoal()
        verdict(grid.met, "100k rows updated in a grid within \(Report.gridGoalRatio)× of the list (sum over the mixes; issue 10)", grid.detail)
    }
}
