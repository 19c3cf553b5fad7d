// One goal's comparisons: each input the goal names is either measured (a figure and whether it
// meets the threshold) or missing from this run. A goal is MET only when every input it names was
// measured and none missed; NOT MET as soon as one measured input missed; otherwise N/A (partial or
// unmeasured), never MET without numbers.

struct GoalTally {
    struct Check {
        var label: String
        var value: Double
        var ok: Bool
    }

    private(set) var checks: [Check] = []
    private(set) var missing: [String] = []
    /// Inputs that failed without a figure (DNF).
    private(set) var failed: [String] = []

    mutating func add(_ label: String, _ value: Double, ok: Bool) { checks.append(Check(label: label, value: value, ok: ok)) }
    mutating func miss(_ label: String) { missing.append(label) }
    mutating func fail(_ label: String) { failed.append(label) }

    var misses: [Check] { checks.filter { !$0.ok } }

    var verdict: Bool? {
        if !failed.isEmpty || !misses.isEmpty { return false }
        if checks.isEmpty || !missing.isEmpty { return nil }
        return true
    }

    /// "N/M measured inputs meet it" with the worst figure (by `worse`; left out with `showWorst`
    /// false, for exact counts), the misses and what was not measured.
    func detail(format: (Double) -> String, worse: (Double, Double) -> Bool, showWorst: Bool = true, limit: Int = 8) -> String {
        var parts: [String] = []
        if checks.isEmpty && failed.isEmpty { return "not measured: \(missingSummary)" }
        var head = "\(checks.count - misses.count)/\(checks.count + failed.count) measured inputs meet it"
        if showWorst || !misses.isEmpty, let worst = checks.min(by: { worse($0.value, $1.value) }) {
            head += "; worst \(worst.label) \(format(worst.value))"
        }
        parts.append(head)
        if !misses.isEmpty {
            let sorted = misses.sorted { worse($0.value, $1.value) }
            parts.append("missed on \(misses.count): " + sorted.prefix(limit).map { "\($0.label) \(format($0.value))" }.joined(separator: ", ")
                         + (misses.count > limit ? ", …" : ""))
        }
        if !failed.isEmpty {
            parts.append("DNF on \(failed.count): " + failed.prefix(limit).joined(separator: ", ") + (failed.count > limit ? ", …" : ""))
        }
        if !missing.isEmpty { parts.append("not measured: \(missingSummary)") }
        return parts.joined(separator: "; ")
    }

    private var missingSummary: String {
        guard !missing.isEmpty else { return "none" }
        return "\(missing.count) input\(missing.count == 1 ? "" : "s") (" + missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? ", …" : "") + ")"
    }
}
