// The goals section of the report: each goal of the issue, met / not met / not measured, with the
// numbers behind the verdict. Measured, never asserted: the program does not fail on a miss.

import Foundation

extension Report {
    func goals() -> [String] {
        var lines = ["GOALS (measured, not asserted)"]
        func verdict(_ met: Bool?, _ name: String, _ detail: String) {
            let word = met.map { $0 ? "MET    " : "NOT MET" } ?? "N/A    "
            lines.append("  [\(word)] \(name): \(detail)")
        }

        // 1. Moves.
        var movesChecked = 0
        var movesWrong: [String] = []
        var stdlibWrong = 0, stdlibChecked = 0
        for mix in mixes { for size in sizes {
            guard let ours = table.get(mix.rawValue, size, .ours), let min = ours.minMoves else { continue }
            if let m = ours.moves { movesChecked += 1; if m != min { movesWrong.append("\(mix.rawValue) \(sizeLabel(size)): \(m) vs \(min)") } }
            if let m = ours.managerMoves { movesChecked += 1; if m != min { movesWrong.append("setState \(mix.rawValue) \(sizeLabel(size)): \(m) vs \(min)") } }
            if let s = table.get(mix.rawValue, size, .stdlib)?.moves { stdlibChecked += 1; if s != min { stdlibWrong += 1 } }
        } }
        verdict(movesChecked == 0 ? nil : movesWrong.isEmpty, "moves reported == minimum on every input",
                movesWrong.isEmpty ? "\(movesChecked)/\(movesChecked) plans (ours and setState) report the minimum (stdlib: \(stdlibChecked - stdlibWrong)/\(stdlibChecked))"
                                   : "\(movesWrong.count) off: " + movesWrong.prefix(8).joined(separator: "; "))

        // 2. No slower than full reload.
        var slower: [String] = []
        var compared = 0
        var worst: (Double, String)?
        for mix in mixes { for size in sizes {
            guard let o = table.get(mix.rawValue, size, .ours), !o.isDNF, let ot = o.totalMs,
                  let f = table.get(mix.rawValue, size, .fullReload), let ft = f.totalMs else { continue }
            compared += 1
            let r = ft / ot
            if worst == nil || r < worst!.0 { worst = (r, "\(mix.rawValue) \(sizeLabel(size))") }
            if r < 1 { slower.append("\(mix.rawValue) \(sizeLabel(size)) \(ratio(r))") }
        } }
        verdict(compared == 0 ? nil : slower.isEmpty, "ours no slower than full reload on every input",
                slower.isEmpty ? "\(compared) inputs; closest: \(worst.map { "\($0.1) at \(ratio($0.0))" } ?? "-")"
                               : "slower on \(slower.count)/\(compared): " + slower.joined(separator: ", "))

        // Same question end to end (information, not a goal of its own).
        var e2eSlower: [String] = []
        var e2eCompared = 0
        for mix in mixes { for size in sizes {
            guard let m = table.get(mix.rawValue, size, .ours)?.managerMs,
                  let ft = table.get(mix.rawValue, size, .fullReload)?.totalMs else { continue }
            e2eCompared += 1
            if m > ft { e2eSlower.append("\(mix.rawValue) \(sizeLabel(size))") }
        } }
        if e2eCompared > 0 {
            lines.append("  [info   ] end to end (setState with generators) vs raw full reload: slower on \(e2eSlower.count)/\(e2eCompared) inputs"
                         + (e2eSlower.isEmpty ? "" : " (\(e2eSlower.prefix(12).joined(separator: ", "))\(e2eSlower.count > 12 ? ", …" : ""))"))
        }

        // 2b. The engine near the hash floor (issue 12).
        var overFloor: [String] = []
        var floorChecked = 0
        var floorWorst: (Double, String)?
        for mix in mixes { for size in sizes where size >= 100_000 {
            guard let o = table.get(mix.rawValue, size, .ours), let plan = o.diffMs, let floor = o.hashFloorMs, floor > 0 else { continue }
            floorChecked += 1
            let r = plan / floor
            if floorWorst == nil || r > floorWorst!.0 { floorWorst = (r, "\(mix.rawValue) \(sizeLabel(size))") }
            if r > 2 { overFloor.append("\(mix.rawValue) \(sizeLabel(size)) \(String(format: "%.2f", r))") }
        } }
        verdict(floorChecked == 0 ? nil : overFloor.isEmpty, "ListDiff.plan within 2× the hash floor at 100k and 1M, every mix",
                floorChecked == 0 ? "needs 100k or 1M in --sizes"
                    : overFloor.isEmpty ? "\(floorChecked) inputs; highest plan/floor \(floorWorst!.1) at \(String(format: "%.2f", floorWorst!.0))"
                                        : "over 2× on \(overFloor.count)/\(floorChecked): " + overFloor.joined(separator: ", "))

        // 3. >= 5x at 100k and 1M on small changes.
        var fast: [String] = []
        var fastChecked = 0
        var fastWorst: (Double, String)?
        for mix in mixes where mix.isSmallChange { for size in sizes where size >= 100_000 {
            guard let o = table.get(mix.rawValue, size, .ours), !o.isDNF, let ot = o.totalMs,
                  let ft = table.get(mix.rawValue, size, .fullReload)?.totalMs else { continue }
            fastChecked += 1
            let r = ft / ot
            if fastWorst == nil || r < fastWorst!.0 { fastWorst = (r, "\(mix.rawValue) \(sizeLabel(size))") }
            if r < 5 { fast.append("\(mix.rawValue) \(sizeLabel(size)) \(ratio(r))") }
        } }
        verdict(fastChecked == 0 ? nil : fast.isEmpty, "≥5× faster than full reload at 100k and 1M, mixes with < 10% change",
                fastChecked == 0 ? "needs 100k or 1M in --sizes"
                    : fast.isEmpty ? "\(fastChecked) inputs; slowest \(fastWorst!.1) at \(ratio(fastWorst!.0))"
                                   : "below 5× on \(fast.count)/\(fastChecked): " + fast.joined(separator: ", "))

        // 4. Binds.
        if hasDisplay {
            var exact = 0, measured = 0
            var off: [String] = []
            var noChange: [String] = []
            for mix in mixes { for size in sizes {
                guard let o = table.get(mix.rawValue, size, .ours), let b = o.binds, let m = o.minBinds else { continue }
                measured += 1
                if b == m { exact += 1 } else { off.append("\(mix.rawValue) \(sizeLabel(size)) \(b) vs \(m)") }
                if mix == .none { noChange.append("\(sizeLabel(size)): \(b)") }
            } }
            let totalBinds = mixes.flatMap { mix in sizes.compactMap { table.get(mix.rawValue, $0, .ours)?.binds } }.reduce(0, +)
            let totalMin = mixes.flatMap { mix in sizes.compactMap { table.get(mix.rawValue, $0, .ours)?.minBinds } }.reduce(0, +)
            verdict(measured == 0 ? nil : off.isEmpty, "whole-state update binds only new/changed visible rows (ratio 1.0)",
                    "\(exact)/\(measured) inputs exact; total binds \(totalBinds) vs minimum \(totalMin)"
                    + (totalMin > 0 ? " (ratio \(String(format: "%.2f", Double(totalBinds) / Double(totalMin))))" : "")
                    + (off.isEmpty ? "" : "; off: " + off.prefix(10).joined(separator: ", ")))
            let noChangeBinds = mixes.contains(.none) ? sizes.compactMap { table.get("none", $0, .ours)?.binds } : []
            verdict(noChangeBinds.isEmpty ? nil : noChangeBinds.allSatisfy { $0 == 0 }, "no-change update binds 0",
                    noChangeBinds.isEmpty ? "mix none not run" : noChange.joined(separator: ", "))
        } else {
            verdict(nil, "whole-state update binds only new/changed visible rows", "no display: not measured")
            verdict(nil, "no-change update binds 0", "no display: not measured")
        }

        // 5. First fill.
        if let size = options.fillSize, let r = table.get("first-fill", size, .ours) {
            let label = "1M rows first fill of a manager + list view < 1 s"
            if size != 1_000_000 {
                verdict(nil, label, "measured at \(sizeLabel(size)) only: \(ms(r.firstBindMs ?? r.applyMs)) ms")
            } else if let t = r.firstBindMs {
                verdict(t < 1000, label, "\(ms(t)) ms to first bound rows (setState alone \(ms(r.applyMs)) ms"
                        + (r.addFirstBindMs.map { "; through add(_:) \(ms($0)) ms" } ?? "") + ")")
            } else if let t = r.applyMs {
                verdict(nil, label, "no display: manager part alone \(ms(t)) ms" + (r.dnfReason.map { "; " + $0 } ?? ""))
            } else {
                verdict(false, label, r.dnfReason ?? "no figure")
            }
        }

        // 6. Memory.
        let memory = options.memorySizes.compactMap { size in table.get("memory", size, .ours)?.peakBytesPerRow.map { (size, $0) } }
        if let top = memory.last(where: { $0.0 == 1_000_000 }) ?? memory.last {
            let steady = table.get("memory", top.0, .ours)?.steadyBytesPerRow
            let large = memory.filter { $0.0 >= 10_000 }.map(\.1)
            let spread = (large.max() ?? 0) / max(large.min() ?? 1, 1)
            let linear = large.count >= 2 && memory.contains(where: { $0.0 == 1_000_000 }) ? spread <= 1.5 : nil
            let perSize = memory.map { "\(sizeLabel($0.0)) \(bytes($0.1))" }.joined(separator: ", ")
            verdict(top.0 == 1_000_000 ? top.1 < 200 : nil, "memory overhead per row < 200 B at 1M (peak, beyond generators)",
                    "\(sizeLabel(top.0)): peak \(bytes(top.1)), steady \(bytes(steady)) per row")
            verdict(linear, "memory linear 1k → 1M", "peak per row: \(perSize)" + (large.count >= 2 ? " (max/min over ≥10k: \(String(format: "%.2f", spread)); 1k is dominated by allocator granularity)" : ""))
        }

        // 7. Diff time per row.
        if sizes.contains(10_000) && sizes.contains(1_000_000) {
            var worstRatio: (Double, String)?
            var over: [String] = []
            for mix in mixes {
                guard let a = table.get(mix.rawValue, 10_000, .ours)?.diffMs, let b = table.get(mix.rawValue, 1_000_000, .ours)?.diffMs,
                      a > 0 else { continue }
                let r = (b / 1_000_000) / (a / 10_000)
                if worstRatio == nil || r > worstRatio!.0 { worstRatio = (r, mix.rawValue) }
                if r > 3 { over.append("\(mix.rawValue) \(String(format: "%.1f×", r))") }
            }
            verdict(worstRatio == nil ? nil : over.isEmpty, "diff time per row at 1M ≤ 3× per row at 10k",
                    worstRatio.map { "worst \($0.1) \(String(format: "%.2f×", $0.0))" + (over.isEmpty ? "" : "; over 3×: " + over.joined(separator: ", ")) } ?? "-")
        } else {
            verdict(nil, "diff time per row at 1M ≤ 3× per row at 10k", "needs 10k and 1M in --sizes")
        }

        // 8. Selection (issue 9).
        let selection = selectionGoal()
        verdict(selection.met, "select all of 100k rows + selectedCount read in a selectionChanged listener < \(Int(SelectionWorker.targetMs)) ms",
                selection.detail)
        let grid = gridGoal()
        verdict(grid.met, "100k rows updated in a grid within \(Report.gridGoalRatio)× of the list (sum over the mixes)", grid.detail)
        budgetGoals(verdict)
        return lines
    }
}
