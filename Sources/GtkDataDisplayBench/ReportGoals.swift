// The goals section of the report: issue 12's goals 1–9 in its order and with its thresholds, each
// met / not met / not measured with the numbers behind the verdict (GoalTally: MET only when every
// input the goal names was measured), then the goals of earlier issues (ReportEarlierGoals.swift).
// Measured, never asserted: the program does not fail on a miss.

import Foundation

/// Records one goal line: nil = N/A (not measured, or only partly and without a miss).
typealias GoalVerdict = (_ met: Bool?, _ name: String, _ detail: String) -> Void

extension Report {
    /// Sizes of goal 1's "never slower" line (issue 12: 10k, 100k and 1M).
    static let neverSlowerSizes = [10_000, 100_000, 1_000_000]
    /// Sizes of goal 1's ≥ 5× line and goal 2 (100k and 1M).
    static let largeSizes = [100_000, 1_000_000]
    static let setStateSpeedup = 5.0
    static let planOverFloor = 2.0
    static let setStateScaling = 2.0
    static let firstFillRatio = 1.5
    static let memoryBytesPerRow = 150.0
    /// The sizes every input-wide goal names (the bench's default sizes).
    static let allSizes = [1_000, 10_000, 100_000, 1_000_000]

    func goals() -> [String] {
        var lines = ["GOALS (measured, not asserted) — issue 12; MET needs every input the goal names measured in this run"]
        let verdict: GoalVerdict = { met, name, detail in
            lines.append("  [\(met.map { $0 ? "MET    " : "NOT MET" } ?? "N/A    ")] \(name): \(detail)")
        }
        goal1(verdict)
        goal2(verdict)
        goal3(verdict)
        goal4(verdict)
        goal5(verdict)
        goal6(verdict)
        goal7(verdict)
        goal8(verdict)
        goal9(verdict)
        lines.append("  earlier issues:")
        earlierGoals(verdict)
        return lines
    }

    // MARK: Figures

    func setStateMs(_ mix: Mix, _ size: Int, _ kind: BenchIDKind) -> Double? {
        let ours = table.get(mix.rawValue, size, .ours)
        return kind == .int ? ours?.managerMs : ours?.managerStringMs
    }

    /// Full reload's time (one splice of all-new items on a raw GListStore), when it finished.
    func fullReloadMs(_ mix: Mix, _ size: Int) -> Double? {
        table.get(mix.rawValue, size, .fullReload)?.totalMs
    }

    /// The same full reload timed in the worker of `setState` with `kind` ids, after its runs of the
    /// same input (goal 1's comparison: the same process and the same minutes).
    func setStateFullMs(_ mix: Mix, _ size: Int, _ kind: BenchIDKind) -> Double? {
        let ours = table.get(mix.rawValue, size, .ours)
        return kind == .int ? ours?.managerFullMs : ours?.managerStringFullMs
    }

    /// Whether setState of `kind` was given up on (DNF) at this input.
    private func setStateDNF(_ mix: Mix, _ size: Int, _ kind: BenchIDKind) -> Bool {
        setStateMs(mix, size, kind) == nil && table.get(mix.rawValue, size, .ours)?.isDNF == true
    }

    private func ran(_ mix: Mix, _ size: Int) -> Bool { mixes.contains(mix) && sizes.contains(size) }

    private func label(_ mix: Mix, _ size: Int, _ kind: BenchIDKind? = nil) -> String {
        "\(mix.rawValue) \(sizeLabel(size))" + (kind.map { $0 == .int ? " Int" : " String" } ?? "")
    }

    /// What part of (`needMixes` × `needSizes`) this run left out, for N/A lines.
    private func coverage(_ needMixes: [Mix], _ needSizes: [Int]) -> String {
        let noSizes = needSizes.filter { !sizes.contains($0) }
        let noMixes = needMixes.filter { !mixes.contains($0) }
        var parts: [String] = []
        if !noSizes.isEmpty { parts.append("sizes not run: " + noSizes.map(sizeLabel).joined(separator: ", ")) }
        if !noMixes.isEmpty { parts.append("mixes not run: \(noMixes.count)") }
        return parts.isEmpty ? "" : " [" + parts.joined(separator: "; ") + "]"
    }

    private func speedup(_ v: Double) -> String { ratio(v) }
    private func factor(_ v: Double) -> String { String(format: "%.2f×", v) }

    // MARK: Goal 1 — setState end to end against full reload

    private func goal1(_ verdict: GoalVerdict) {
        // `beside`: the full reload timed in the setState worker (the goal's figure); else the
        // full-reload contender's own worker's (another process, minutes apart; shown for comparison).
        func tally(_ needMixes: [Mix], _ needSizes: [Int], threshold: Double, beside: Bool = true) -> GoalTally {
            var t = GoalTally()
            for mix in needMixes { for size in needSizes { for kind in BenchIDKind.allCases {
                let reload = beside ? setStateFullMs(mix, size, kind) : fullReloadMs(mix, size)
                guard ran(mix, size), let full = reload else { t.miss(label(mix, size, kind)); continue }
                if let set = setStateMs(mix, size, kind), set > 0 {
                    t.add(label(mix, size, kind), full / set, ok: full / set >= threshold)
                } else if setStateDNF(mix, size, kind) {
                    t.fail(label(mix, size, kind))
                } else {
                    t.miss(label(mix, size, kind))
                }
            } } }
            return t
        }
        /// How many inputs meet it against the full-reload contender's own worker instead.
        func apart(_ needMixes: [Mix], _ needSizes: [Int], threshold: Double) -> String {
            let t = tally(needMixes, needSizes, threshold: threshold, beside: false)
            return " (against the full reload of the contender's own worker: \(t.checks.count - t.misses.count)/\(t.checks.count + t.failed.count))"
        }
        let never = tally(Mix.allCases, Self.neverSlowerSizes, threshold: 1)
        verdict(never.verdict, "1. setState (new generators; Int and String ids) never slower than full reload, every mix at 10k, 100k, 1M (full/setState ≥ ×1, the full reload timed beside setState in its worker)",
                never.detail(format: speedup, worse: <) + coverage(Mix.allCases, Self.neverSlowerSizes)
                    + apart(Mix.allCases, Self.neverSlowerSizes, threshold: 1))
        let small = Mix.issueSmallChanges
        let fast = tally(small, Self.largeSizes, threshold: Self.setStateSpeedup)
        var name = "1. setState ≥ \(Int(Self.setStateSpeedup))× faster than full reload at 100k and 1M on the < 10% mixes (\(small.map(\.rawValue).joined(separator: ", ")))"
        if Set(small) != Set(Mix.allCases.filter(\.isSmallChange)) { name += " [note: differs from Mix.isSmallChange]" }
        verdict(fast.verdict, name, fast.detail(format: speedup, worse: <) + coverage(small, Self.largeSizes)
                    + apart(small, Self.largeSizes, threshold: Self.setStateSpeedup))
    }

    // MARK: Goal 2 — the engine near the hash floor

    private func goal2(_ verdict: GoalVerdict) {
        var near = GoalTally()
        for mix in Mix.allCases { for size in Self.largeSizes {
            guard ran(mix, size), let o = table.get(mix.rawValue, size, .ours), let plan = o.diffMs, let floor = o.hashFloorMs, floor > 0 else {
                near.miss(label(mix, size)); continue
            }
            near.add(label(mix, size), plan / floor, ok: plan / floor <= Self.planOverFloor)
        } }
        verdict(near.verdict, "2. ListDiff.plan within \(Int(Self.planOverFloor))× the hash floor, every mix at 100k and 1M (plan/floor)",
                near.detail(format: factor, worse: >) + coverage(Mix.allCases, Self.largeSizes))

        // O(changed + log n): every plan writes n entries (oldIndexOfNew), so times cannot show the
        // complexity itself; the proxy is the work beyond that output — beyond a no-change plan of the
        // same size — against what hashing only the changed rows would cost.
        var cheap = GoalTally()
        for mix in Mix.issueNoHashing { for size in Self.largeSizes {
            guard ran(mix, size), ran(.none, size), let o = table.get(mix.rawValue, size, .ours), let plan = o.diffMs,
                  let floor = o.hashFloorMs, let base = table.get(Mix.none.rawValue, size, .ours)?.diffMs, base > 0 else {
                cheap.miss(label(mix, size)); continue
            }
            let bound = Self.planOverFloor * (base + floor * mix.changedShare)
            cheap.add(label(mix, size), plan / bound, ok: plan <= bound)
        } }
        verdict(cheap.verdict, "2. rotate-by-one, swap of the ends, append/prepend, block move in O(changed + log n), not O(n) hashing"
                + " (timing proxy: plan ≤ 2 × (no-change plan + hash floor × changed share); figure = plan / that bound)",
                cheap.detail(format: factor, worse: >) + coverage(Mix.issueNoHashing + [.none], Self.largeSizes))
    }

    // MARK: Goal 3 — scale

    private func goal3(_ verdict: GoalVerdict) {
        var t = GoalTally()
        for mix in Mix.allCases { for kind in BenchIDKind.allCases {
            let name = "\(mix.rawValue) \(kind == .int ? "Int" : "String")"
            guard ran(mix, 10_000), ran(mix, 1_000_000), let small = setStateMs(mix, 10_000, kind), small > 0 else { t.miss(name); continue }
            if let large = setStateMs(mix, 1_000_000, kind) {
                let r = (large / 1_000_000) / (small / 10_000)
                t.add(name, r, ok: r <= Self.setStateScaling)
            } else if setStateDNF(mix, 1_000_000, kind) {
                t.fail(name)
            } else {
                t.miss(name)
            }
        } }
        verdict(t.verdict, "3. setState time per row at 1M within \(Int(Self.setStateScaling))× its time per row at 10k, every mix, Int and String ids",
                t.detail(format: factor, worse: >) + coverage(Mix.allCases, [10_000, 1_000_000]))
    }

    // MARK: Goal 4 — first fill

    private func goal4(_ verdict: GoalVerdict) {
        let name = "4. first fill: 1M rows into an empty manager shown in a list view, to the first bound rows, within \(Self.firstFillRatio)× a full reload of 1M rows (raw items, one splice, plain GtkListView), each in a fresh process"
        guard let size = options.fillSize, let r = table.get("first-fill", size, .ours) else {
            verdict(nil, name, "not measured"); return
        }
        var figures: [String] = []
        if let t = r.firstBindMs { figures.append("manager \(ms(t)) ms to first bound rows") }
        if let t = r.rawColdFirstBindMs { figures.append("full reload \(ms(t)) ms") }
        if let rounds = r.runs, rounds > 1 { figures.append("medians of \(rounds) rounds in turn") }
        if let t = r.applyMs { figures.append("setState alone \(ms(t)) ms") }
        if let t = r.rawColdFillMs { figures.append("raw items + splice alone \(ms(t)) ms") }
        if let ours = r.firstBindMs, let warm = r.rawFillFirstBindMs, warm > 0 {
            figures.append("the full reload again at the end of the manager's worker \(ms(warm)) ms (\(factor(ours / warm)), "
                           + "not the goal's comparison: it runs on the heap the manager's fills left)")
        }
        if let t = r.addFirstBindMs { figures.append("through add(_:) \(ms(t)) ms") }
        if let t = fullReloadMs(.none, size) { figures.append("full-reload contender (1M over 1M, no view) \(ms(t)) ms") }
        if let reason = r.dnfReason { figures.append("DNF: \(reason)") }
        let text = figures.joined(separator: ", ")
        if size != 1_000_000 {
            verdict(nil, name, "measured at \(sizeLabel(size)) only: " + text)
        } else if let ours = r.firstBindMs, let raw = r.rawColdFirstBindMs, raw > 0 {
            verdict(ours / raw <= Self.firstFillRatio, name, "\(factor(ours / raw)) — " + text)
        } else if !hasDisplay {
            verdict(nil, name, "no display: list views not measured; " + text)
        } else {
            // A display, but a figure is missing: the manager's list view never bound (or the worker
            // was DNF) is a miss; the comparison alone missing is not measured.
            let missed = r.dnfReason != nil || (r.firstBindMs == nil && r.rawColdFirstBindMs != nil)
            verdict(missed ? false : nil, name, text.isEmpty ? "no figure" : text)
        }
    }

    // MARK: Goal 5 — memory

    private func goal5(_ verdict: GoalVerdict) {
        let name = "5. memory < \(Int(Self.memoryBytesPerRow)) B per row beyond the generators at 1M, steady and peak"
        let records = options.memorySizes.compactMap { size in table.get("memory", size, .ours).map { (size, $0) } }
        guard let (size, r) = records.last(where: { $0.0 == 1_000_000 }) ?? records.last else {
            verdict(nil, name, "not measured"); return
        }
        let text = "\(sizeLabel(size)): steady \(bytes(r.steadyBytesPerRow)), peak \(bytes(r.peakBytesPerRow)) per row"
            + (r.updatePeakBytesPerRow.map { " (one classic-mix update on top: \(bytes($0)))" } ?? "")
            + (r.singleOpBytesPerRow.map { "; the first single operation after it adds \(bytes($0)) (the shown-id table; not part of the goal's fill)" } ?? "")
            + (r.dnfReason.map { "; DNF: \($0)" } ?? "")
        if size != 1_000_000 {
            verdict(nil, name, "1M not measured; " + text)
        } else if let steady = r.steadyBytesPerRow, let peak = r.peakBytesPerRow {
            verdict(steady < Self.memoryBytesPerRow && peak < Self.memoryBytesPerRow, name, text)
        } else {
            verdict(r.isDNF ? false : nil, name, text)
        }
    }

    // MARK: Goal 7 — binds

    private func goal7(_ verdict: GoalVerdict) {
        let name = "7. binds = minimum (ratio 1.00) on every input: a whole-state update binds only rows newly realised or changed"
        guard hasDisplay else { verdict(nil, name, "no display: not measured (run under xvfb-run -a)"); return }
        var t = GoalTally()
        var total = 0, totalMin = 0
        for mix in Mix.allCases { for size in Self.allSizes {
            guard ran(mix, size), let o = table.get(mix.rawValue, size, .ours), let b = o.binds, let m = o.minBinds else {
                t.miss(label(mix, size)); continue
            }
            total += b
            totalMin += m
            t.add(label(mix, size), Double(b) - Double(m), ok: b == m)
        } }
        let sum = totalMin > 0 ? "; total binds \(total) vs minimum \(totalMin) (ratio \(String(format: "%.2f", Double(total) / Double(totalMin))))" : ""
        verdict(t.verdict, name, t.detail(format: { "+" + String(Int($0)) }, worse: >, showWorst: false) + sum + coverage(Mix.allCases, Self.allSizes))
    }

    // MARK: Goal 9 — what must stay

    private func goal9(_ verdict: GoalVerdict) {
        var moves = GoalTally()
        for mix in Mix.allCases { for size in Self.allSizes {
            guard ran(mix, size), let ours = table.get(mix.rawValue, size, .ours), let min = ours.minMoves else {
                moves.miss(label(mix, size)); continue
            }
            let plans: [(String, Int?)] = [("ours", ours.moves), ("setState Int", ours.managerMoves), ("setState String", ours.managerStringMoves)]
            for (who, m) in plans {
                guard let m else { moves.miss("\(label(mix, size)) \(who)"); continue }
                moves.add("\(label(mix, size)) \(who)", Double(m - min), ok: m == min)
            }
        } }
        verdict(moves.verdict, "9. keep: moves reported == minimum on every input (ours, setState Int, setState String; figure = moves − minimum)",
                moves.detail(format: { "+" + String(Int($0)) }, worse: >, showWorst: false) + coverage(Mix.allCases, Self.allSizes))

        let name = "9. keep: a no-change update binds 0"
        if !hasDisplay {
            verdict(nil, name, "no display: not measured")
        } else {
            var t = GoalTally()
            for size in Self.allSizes {
                guard ran(.none, size), let b = table.get(Mix.none.rawValue, size, .ours)?.binds else { t.miss(sizeLabel(size)); continue }
                t.add(sizeLabel(size), Double(b), ok: b == 0)
            }
            verdict(t.verdict, name, t.detail(format: { String(Int($0)) }, worse: >, showWorst: false) + coverage([.none], Self.allSizes))
        }

        let problems = correctnessProblems()
        let verified = table.records.values.filter { $0.verified == true || $0.managerVerified == true }.count
        verdict(verified == 0 && problems.isEmpty ? nil : problems.isEmpty, "9. keep: every store (and every shown row) equal to the target",
                problems.isEmpty ? "\(verified) records checked row by row, no difference"
                                 : "\(problems.count) failure(s), listed at the top: " + problems.prefix(3).joined(separator: "; "))
    }
}
