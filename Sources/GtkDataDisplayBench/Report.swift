// The printed report: setState against full reload, the hash floor and the engine first, then a time
// table of the raw contenders, the engine table, a table of emissions/churn/moves/binds, memory,
// first fill, selection (SelectionReport.swift), correctness, and the goals (measured, never asserted).

import Foundation

@MainActor
struct Report {
    let table: ResultTable
    let options: Options
    let hasDisplay: Bool
    let notes: [String]

    var sizes: [Int] { options.sizes }
    var mixes: [Mix] { options.mixes }

    func render() -> String {
        var out: [String] = []
        if options.interactiveOnly || options.singleOpsOnly {
            out.append(contentsOf: notes.map { "note: " + $0 })
            if options.interactiveOnly { out.append(contentsOf: interactiveSection()); out.append("") }
            if options.singleOpsOnly { out.append(contentsOf: singleOpsSection()); out.append("") }
            var lines = ["GOALS (measured, not asserted) — issue 12"]
            let verdict: GoalVerdict = { met, name, detail in
                lines.append("  [\(met.map { $0 ? "MET    " : "NOT MET" } ?? "N/A    ")] \(name): \(detail)")
            }
            if options.singleOpsOnly { goal6(verdict) }
            if options.interactiveOnly { goal8(verdict) }
            out.append(contentsOf: lines)
            return out.joined(separator: "\n") + "\n"
        }
        out.append(contentsOf: header())
        let problems = correctnessProblems()
        if !problems.isEmpty {
            out.append("")
            out.append("!!! CORRECTNESS FAILURES (\(problems.count)) — a contender left the store or the screen different from the target !!!")
            out.append(contentsOf: problems.map { "  " + $0 })
        }
        out.append("")
        out.append(contentsOf: setStateTable())
        out.append("")
        out.append(contentsOf: timeTable())
        out.append("")
        out.append(contentsOf: engineTable())
        out.append("")
        out.append(contentsOf: qualityTable())
        out.append("")
        out.append(contentsOf: bindsTable())
        out.append("")
        out.append(contentsOf: memorySection())
        out.append("")
        out.append(contentsOf: fillSection())
        out.append("")
        out.append(contentsOf: selectionSection())
        out.append("")
        out.append(contentsOf: viewsSection())
        out.append("")
        out.append(contentsOf: interactiveSection())
        out.append("")
        out.append(contentsOf: singleOpsSection())
        out.append("")
        out.append(contentsOf: goals())
        out.append("")
        out.append(problems.isEmpty ? "correctness: every store matched its target row by row (ids, content, item identity)"
                                    : "correctness: \(problems.count) FAILURE(S), listed at the top")
        return out.joined(separator: "\n") + "\n"
    }

    func correctnessProblems() -> [String] {
        var list: [String] = []
        for mix in mixes.map(\.rawValue) + ["memory", "first-fill", "selection"] {
            for size in sizes + options.memorySizes + [options.fillSize ?? 0] + options.selectionSizes where size > 0 {
                for contender in ContenderName.allCases {
                    guard let r = table.get(mix, size, contender) else { continue }
                    for problem in r.problems { list.append("\(mix) \(sizeLabel(size)) \(contender.rawValue): \(problem)") }
                }
            }
        }
        list += viewProblems()
        for size in [Options.interactiveSize] + options.singleOpsSizes {
            for mix in ["interactive", "single-ops"] {
                guard let r = table.get(mix, size, .ours) else { continue }
                for problem in r.problems { list.append("\(mix) \(sizeLabel(size)): \(problem)") }
            }
        }
        return Array(Set(list)).sorted()
    }

    // MARK: Header

    private func header() -> [String] {
        let s = options.settings
        var lines = [
            "GtkDataDisplay benchmark — release build, seed \(s.seed)\(s.quick ? ", --quick" : "")",
            "sizes: \(sizes.map(sizeLabel).joined(separator: ", ")); inputs: \(mixes.count) mixes; old list = ids 0..<n",
            "contenders: ours = ListDiff.plan + its splices on a GListStore (changed rows updated in place);",
            "  stdlib = difference(from:).inferringMoves() + id-based update pass, one splice per change (updates replace the item);",
            "  full-reload = one splice of all-new items; per-row = exact plan, one splice per removed/inserted/updated row.",
            "  setState = ours end to end through BaseListManager.setState (BaseRowGenerator rows, new generator instances),",
            "  once with Int ids and once with String ids (\"row-<n>\"), each in its own worker.",
            "time: median of \(sizes.map { "\(s.runs(size: $0)) (\(sizeLabel($0)))" }.joined(separator: ", ")) runs after one warm-up,",
            "  each on a fresh store; slow contenders get fewer (a run over \(Int(s.repeatBudgetSeconds)) s is measured once, its warm-up is the figure).",
            "  DNF = one run > \(Int(s.timeBoundSeconds)) s or a worker > \(s.memoryBoundBytes >> 30) GiB resident.",
            hasDisplay ? "binds: realised GtkListView (window 400×600, top of the list) under the current display; stdlib and per-row"
                + " only up to \(options.settings.quick ? "1k" : "10k") (one splice per row: GTK 4.8 rebinds every realised row per emission)"
                       : "binds: NOT MEASURED — no display (run under xvfb-run -a); everything else was measured",
        ]
        lines.append(contentsOf: notes.map { "note: " + $0 })
        lines.append("mixes: " + mixes.map { "\($0.rawValue) = \($0.summary)" }.joined(separator: "; "))
        return lines
    }

    // MARK: Tables

    /// What apps call first (issue 12's reporting): setState with Int and with String ids, next to full
    /// reload, the hash floor and the engine (ours raw: plan + splices), every mix and size.
    private func setStateTable() -> [String] {
        var lines = ["SETSTATE — BaseListManager.setState of new generators (what apps call), median ms, Int ids and String ids;",
                     "  full = full reload (one splice of all-new items on a raw GListStore) timed beside setState, as many runs after",
                     "  its runs, in the worker with Int ids (full) and with String ids (full/S); ×full/setState > 1: setState is faster;",
                     "  reload = the full-reload contender's own worker (the RAW table); floor = the hash floor ([id: index] of the",
                     "  old ids, one lookup per new id); engine = ListDiff.plan + its splices"]
        let widths = [14, 5, 11, 11, 10, 10, 10, 10, 10, 10, 10]
        lines.append(row(["input", "size", "Int ms", "String ms", "full ms", "full/S ms", "×full/Int", "×full/Str", "reload ms", "floor ms", "engine ms"], widths: widths))
        for mix in mixes {
            for size in sizes {
                let ours = table.get(mix.rawValue, size, .ours)
                func timeCell(_ kind: BenchIDKind) -> String {
                    if let t = setStateMs(mix, size, kind) { return ms(t) }
                    return ours?.isDNF == true ? "DNF" : "-"
                }
                func ratioCell(_ kind: BenchIDKind) -> String {
                    guard let full = setStateFullMs(mix, size, kind), let t = setStateMs(mix, size, kind), t > 0 else { return "-" }
                    return ratio(full / t)
                }
                let engine = ours.flatMap { $0.isDNF && $0.totalMs == nil ? nil : $0.totalMs }
                lines.append(row([mix.rawValue, sizeLabel(size), timeCell(.int), timeCell(.string),
                                  ms(setStateFullMs(mix, size, .int)), ms(setStateFullMs(mix, size, .string)),
                                  ratioCell(.int), ratioCell(.string), ms(fullReloadMs(mix, size)), ms(ours?.hashFloorMs), ms(engine)], widths: widths))
            }
        }
        return lines
    }

    private func timeTable() -> [String] {
        var lines = ["TIME (raw contenders) — ours in ms (diff + apply, median); others as × ours total (> 1: ours is faster);",
                     "  full ms = full reload's own time"]
        let widths = [14, 5, 10, 9, 9, 10, 10, 12, 10]
        lines.append(row(["input", "size", "ours ms", "diff", "apply", "full ms", "stdlib", "full-reload", "per-row"], widths: widths))
        for mix in mixes {
            for size in sizes {
                let ours = table.get(mix.rawValue, size, .ours)
                let oursTotal = ours.flatMap { $0.isDNF ? nil : $0.totalMs }
                var cells = [mix.rawValue, sizeLabel(size)]
                if let ours, ours.isDNF, ours.totalMs == nil { cells += ["DNF", "", ""] } else {
                    cells += [ms(oursTotal), ms(ours?.diffMs), ms(ours?.applyMs)]
                }
                cells.append(ms(table.get(mix.rawValue, size, .fullReload)?.totalMs))
                for contender in [ContenderName.stdlib, .fullReload, .perRow] {
                    cells.append(ratioCell(table.get(mix.rawValue, size, contender), oursTotal))
                }
                lines.append(row(cells, widths: widths))
            }
        }
        return lines
    }

    /// The engine alone: ours' diff (ListDiff.plan with its content comparison) against the hash floor
    /// timed in the same worker on the same input.
    private func engineTable() -> [String] {
        var lines = ["ENGINE — ListDiff.plan (ours' diff) vs the hash floor: a [id: index] dictionary of the old ids and",
                     "  one lookup per new id, nothing else; timed alternately in ours' worker (medians); plan/floor ≤ 2 is the goal"]
        let widths = [14, 5, 10, 10, 10]
        lines.append(row(["input", "size", "plan ms", "floor ms", "plan/floor"], widths: widths))
        for mix in mixes {
            for size in sizes {
                let ours = table.get(mix.rawValue, size, .ours)
                let plan = ours?.diffMs, floor = ours?.hashFloorMs
                let ratioText = plan.flatMap { p in floor.flatMap { $0 > 0 ? String(format: "%.2f", p / $0) : nil } } ?? "-"
                lines.append(row([mix.rawValue, sizeLabel(size), ms(plan), ms(floor), ratioText], widths: widths))
            }
        }
        return lines
    }

    private func ratioCell(_ r: TaskResult?, _ oursTotal: Double?) -> String {
        guard let r else { return "-" }
        if r.isDNF && r.totalMs == nil { return "DNF" }
        guard let total = r.totalMs, let oursTotal, oursTotal > 0 else { return "-" }
        return ratio(total / oursTotal) + (r.isDNF ? "!" : "")
    }

    private func qualityTable() -> [String] {
        var lines = [
            "CHANGES — items-changed emissions and churn (rows removed + added), ours/stdlib/full-reload/per-row;",
            "  moves reported by ours, by setState (Int ids / String ids) and by stdlib vs the minimum (common rows − LIS, computed by the bench)",
        ]
        let widths = [14, 5, 28, 36, 28, 7]
        lines.append(row(["input", "size", "emissions o/s/f/r", "churn o/s/f/r", "moves o/Int/String/s", "min"], widths: widths))
        for mix in mixes {
            for size in sizes {
                let rs = ContenderName.allCases.map { table.get(mix.rawValue, size, $0) }
                let ours = rs[0]
                func joined(_ value: (TaskResult) -> Int?) -> String {
                    rs.map { r in r.flatMap(value).map(String.init) ?? (r?.isDNF == true ? "DNF" : "-") }.joined(separator: "/")
                }
                let moves = [ours?.moves, ours?.managerMoves, ours?.managerStringMoves, rs[1]?.moves].map { $0.map(String.init) ?? "-" }.joined(separator: "/")
                let minMoves = (ours?.minMoves ?? rs[1]?.minMoves).map(String.init) ?? "-"
                lines.append(row([mix.rawValue, sizeLabel(size), joined { $0.emissions }, joined { $0.churn }, moves, minMoves],
                                 widths: widths))
            }
        }
        let dnfs = table.records.values.filter(\.isDNF).sorted { ($0.size, $0.mix, $0.contender) < ($1.size, $1.mix, $1.contender) }
        if !dnfs.isEmpty {
            lines.append("DNF:")
            lines.append(contentsOf: dnfs.map { "  \($0.mix) \(sizeLabel($0.size)) \($0.contender): \($0.dnfReason!)" })
            lines.append("  (a ratio ending in ! was measured without a list view; the contender did not finish with one)")
        }
        return lines
    }

    private func bindsTable() -> [String] {
        guard hasDisplay else { return ["BINDS — not measured: no display (run under xvfb-run -a)"] }
        var lines = [
            "BINDS — generator binds in a realised GtkListView during one update, as binds/minimum per contender;",
            "  minimum = rows realised after the update that were not realised before with the same content",
            "  (each contender has its own: GTK's viewport follows kept row objects); realised = rows GTK had bound;",
            "  ours counts the adapter's binds and in-place rebinds; the others count GTK's bind signals",
        ]
        let widths = [14, 5, 11, 14, 14, 16, 9, 12]
        lines.append(row(["input", "size", "ours", "stdlib", "full-reload", "per-row", "realised", "setState+view"], widths: widths))
        for mix in mixes {
            for size in sizes {
                var cells = [mix.rawValue, sizeLabel(size)]
                for contender in ContenderName.allCases {
                    guard let r = table.get(mix.rawValue, size, contender) else { cells.append("-"); continue }
                    if let b = r.binds { cells.append("\(b)/\(r.minBinds.map(String.init) ?? "?")") }
                    else if r.isDNF, r.dnfReason?.contains("list view") == true || r.totalMs == nil { cells.append("DNF") }
                    else { cells.append("-") }
                }
                let ours = table.get(mix.rawValue, size, .ours)
                cells.append(ours?.realisedAfter.map(String.init) ?? "-")
                cells.append(ours?.viewApplyMs.map { ms($0) + " ms" } ?? "-")
                lines.append(row(cells, widths: widths))
            }
        }
        var extras: [String] = []
        for mix in mixes { for size in sizes {
            if let e = table.get(mix.rawValue, size, .ours)?.extraBinds { extras.append("  \(mix.rawValue) \(sizeLabel(size)): \(e)") }
        } }
        if !extras.isEmpty {
            lines.append("ours: rows bound beyond the minimum (realised before with the same content, or bound and gone again):")
            lines.append(contentsOf: extras)
        }
        lines.append("  '-' = not measured at this size (stdlib and per-row only up to \(options.settings.quick ? "1k" : "10k"))")
        return lines
    }

    private func memorySection() -> [String] {
        var lines = ["MEMORY — fresh process per size: first fill of a manager through setState; bytes per row beyond the generators",
                     row(["size", "generators", "steady", "peak", "update peak", "single op", "peak RSS"], widths: [6, 12, 10, 10, 13, 11, 12])]
        for size in options.memorySizes {
            guard let r = table.get("memory", size, .ours) else { continue }
            if let reason = r.dnfReason, r.peakBytesPerRow == nil {
                lines.append(row([sizeLabel(size), "DNF: \(reason)"], widths: [6, 60]))
                continue
            }
            lines.append(row([sizeLabel(size), bytes(r.generatorBytesPerRow), bytes(r.steadyBytesPerRow), bytes(r.peakBytesPerRow),
                              bytes(r.updatePeakBytesPerRow), bytes(r.singleOpBytesPerRow), r.peakRSSBytes.map { "\($0 >> 20) MiB" } ?? "-"],
                             widths: [6, 12, 10, 10, 13, 11, 12]))
        }
        lines.append("  generators = the user's BaseRowGenerator objects (not counted as overhead); steady = RSS growth after the fill;")
        lines.append("  peak = VmHWM growth during setState; update peak = VmHWM growth during one classic-mix setState on top;")
        lines.append("  single op = RSS growth from one insert(_:after:) after that (the first single operation builds the shown-id table)")
        return lines
    }

    private func fillSection() -> [String] {
        guard let size = options.fillSize, let r = table.get("first-fill", size, .ours) else { return ["FIRST FILL — not measured"] }
        var lines = ["FIRST FILL — \(sizeLabel(size)) rows, new manager (+ list view until GTK bound the first rows)"
                     + (r.runs.map { $0 > 1 ? "; medians of \($0) rounds, the manager's worker and the full reload's in turn" : "" } ?? "")]
        if let reason = r.dnfReason { lines.append("  DNF: \(reason)") }
        lines.append("  setState: \(ms(r.applyMs)) ms manager only, \(r.firstBindMs.map { ms($0) + " ms" } ?? "list view not measured") to first bound rows")
        if let unordered = r.unorderedApplyMs, let warm = r.warmApplyMs {
            lines.append("  setState again on the heap the first fill freed, manager only: ids in order \(ms(warm)) ms, "
                         + "ids shuffled (no ordered-ids shortcut: every id hashed) \(ms(unordered)) ms")
        }
        if r.rawFillMs != nil {
            lines.append("  full reload by hand (new items, one splice, plain GtkListView), at the end of the same worker (on the heap its fills left): \(ms(r.rawFillMs)) ms items + splice, "
                         + "\(r.rawFillFirstBindMs.map { ms($0) + " ms" } ?? "list view not measured") to first bound rows")
        }
        if r.rawColdFillMs != nil {
            lines.append("  the same full reload alone in a fresh process (a heap nothing grew before, as the first fill above finds it; goal 4's comparison): "
                         + "\(ms(r.rawColdFillMs)) ms items + splice, "
                         + "\(r.rawColdFirstBindMs.map { ms($0) + " ms" } ?? "list view not measured") to first bound rows")
        }
        if r.addPathMs != nil {
            lines.append("  add(_:):  \(ms(r.addPathMs)) ms manager only, \(r.addFirstBindMs.map { ms($0) + " ms" } ?? "list view not measured") to first bound rows")
        }
        return lines
    }

    // MARK: Formatting

    func row(_ cells: [String], widths: [Int]) -> String {
        var line = ""
        for (i, cell) in cells.enumerated() {
            let width = i < widths.count ? widths[i] : 10
            let padded = cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
            line += padded
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    func ms(_ value: Double?) -> String {
        guard let value else { return "-" }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        if value >= 1 { return String(format: "%.2f", value) }
        if value >= 0.01 { return String(format: "%.3f", value) }
        return String(format: "%.4f", value)
    }

    func ratio(_ value: Double) -> String {
        if value >= 100 { return String(format: "×%.0f", value) }
        if value >= 10 { return String(format: "×%.1f", value) }
        return String(format: "×%.2f", value)
    }

    func bytes(_ value: Double?) -> String {
        value.map { String(format: "%.0f B", $0) } ?? "-"
    }
}
