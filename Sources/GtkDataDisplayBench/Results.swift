// What the parent collects: one TaskResult per (input, size, contender), merged from the
// timing, manager and binds workers, plus memory and first-fill records.

extension TaskResult {
    /// Takes every figure `other` has.
    mutating func merge(_ other: TaskResult) {
        diffMs = other.diffMs ?? diffMs
        applyMs = other.applyMs ?? applyMs
        runs = other.runs ?? runs
        emissions = other.emissions ?? emissions
        churn = other.churn ?? churn
        moves = other.moves ?? moves
        minMoves = other.minMoves ?? minMoves
        libraryMinMoves = other.libraryMinMoves ?? libraryMinMoves
        peakRSSBytes = other.peakRSSBytes ?? peakRSSBytes
        if let reason = other.dnfReason { addDNF(reason) }
        mismatch = other.mismatch ?? mismatch
        verified = other.verified ?? verified
        hashFloorMs = other.hashFloorMs ?? hashFloorMs
        hashFloorRuns = other.hashFloorRuns ?? hashFloorRuns
        managerMs = other.managerMs ?? managerMs
        managerRuns = other.managerRuns ?? managerRuns
        managerEmissions = other.managerEmissions ?? managerEmissions
        managerChurn = other.managerChurn ?? managerChurn
        managerMoves = other.managerMoves ?? managerMoves
        managerMismatch = other.managerMismatch ?? managerMismatch
        managerVerified = other.managerVerified ?? managerVerified
        managerFullMs = other.managerFullMs ?? managerFullMs
        managerStringFullMs = other.managerStringFullMs ?? managerStringFullMs
        managerStringMs = other.managerStringMs ?? managerStringMs
        managerStringRuns = other.managerStringRuns ?? managerStringRuns
        managerStringMoves = other.managerStringMoves ?? managerStringMoves
        managerStringMismatch = other.managerStringMismatch ?? managerStringMismatch
        binds = other.binds ?? binds
        unbinds = other.unbinds ?? unbinds
        minBinds = other.minBinds ?? minBinds
        realisedBefore = other.realisedBefore ?? realisedBefore
        realisedAfter = other.realisedAfter ?? realisedAfter
        viewApplyMs = other.viewApplyMs ?? viewApplyMs
        displayMismatch = other.displayMismatch ?? displayMismatch
        extraBinds = other.extraBinds ?? extraBinds
        generatorBytesPerRow = other.generatorBytesPerRow ?? generatorBytesPerRow
        peakBytesPerRow = other.peakBytesPerRow ?? peakBytesPerRow
        steadyBytesPerRow = other.steadyBytesPerRow ?? steadyBytesPerRow
        updatePeakBytesPerRow = other.updatePeakBytesPerRow ?? updatePeakBytesPerRow
        singleOpBytesPerRow = other.singleOpBytesPerRow ?? singleOpBytesPerRow
        firstBindMs = other.firstBindMs ?? firstBindMs
        addPathMs = other.addPathMs ?? addPathMs
        unorderedApplyMs = other.unorderedApplyMs ?? unorderedApplyMs
        warmApplyMs = other.warmApplyMs ?? warmApplyMs
        addFirstBindMs = other.addFirstBindMs ?? addFirstBindMs
        rawFillFirstBindMs = other.rawFillFirstBindMs ?? rawFillFirstBindMs
        rawFillMs = other.rawFillMs ?? rawFillMs
        rawColdFillMs = other.rawColdFillMs ?? rawColdFillMs
        rawColdFirstBindMs = other.rawColdFirstBindMs ?? rawColdFirstBindMs
        selection = other.selection ?? selection
        interactive = other.interactive ?? interactive
        singleOps = other.singleOps ?? singleOps
    }

    /// The first-fill record of several rounds: each time the median of the rounds that have it
    /// (the first round's for the rest; every round's DNF), nil when there is no round.
    static func fillMedian(of rounds: [TaskResult]) -> TaskResult? {
        guard var median = rounds.first else { return nil }
        let times: [WritableKeyPath<TaskResult, Double?>] = [
            \.applyMs, \.firstBindMs, \.addPathMs, \.addFirstBindMs, \.unorderedApplyMs, \.warmApplyMs,
            \.rawFillMs, \.rawFillFirstBindMs, \.rawColdFillMs, \.rawColdFirstBindMs,
        ]
        for time in times {
            let values = rounds.compactMap { $0[keyPath: time] }.sorted()
            median[keyPath: time] = values.isEmpty ? nil : values[values.count / 2]
        }
        median.dnfReason = nil
        for reason in rounds.compactMap(\.dnfReason) where median.dnfReason?.contains(reason) != true { median.addDNF(reason) }
        median.runs = rounds.count
        return median
    }

    mutating func addDNF(_ reason: String) {
        dnfReason = dnfReason.map { $0 + "; " + reason } ?? reason
    }

    var isDNF: Bool { dnfReason != nil }

    /// diff + apply (diff counts as 0 for full reload).
    var totalMs: Double? {
        guard let applyMs else { return nil }
        return (diffMs ?? 0) + applyMs
    }

    /// Every correctness problem this record shows, for the loud part of the report.
    var problems: [String] {
        var list: [String] = []
        if let mismatch { list.append("store after apply differs from the target: \(mismatch)") }
        if let managerMismatch { list.append("manager store differs from the target: \(managerMismatch)") }
        if let managerStringMismatch { list.append("manager store (String ids) differs from the target: \(managerStringMismatch)") }
        if let displayMismatch { list.append("list view shows stale content: \(displayMismatch)") }
        if let wrong = selection?.mismatch { list.append("selection: \(wrong)") }
        if let wrong = interactive?.mismatch { list.append("interactive: \(wrong)") }
        if let wrong = singleOps?.mismatch { list.append("single operations: \(wrong)") }
        if let libraryMinMoves, let minMoves, libraryMinMoves != minMoves {
            list.append("ListDiff.minimumMoves says \(libraryMinMoves), the bench's own LIS says \(minMoves)")
        }
        return list
    }
}

/// All records of a run.
struct ResultTable {
    private(set) var records: [String: TaskResult] = [:]

    private static func key(_ mix: String, _ size: Int, _ contender: String) -> String { "\(mix)|\(size)|\(contender)" }

    mutating func add(_ result: TaskResult) {
        let key = Self.key(result.mix, result.size, result.contender)
        if records[key] == nil { records[key] = result } else { records[key]!.merge(result) }
    }

    mutating func markDNF(mix: String, size: Int, contender: String, reason: String, rss: Int?) {
        var result = TaskResult(mix: mix, size: size, contender: contender)
        result.dnfReason = reason
        if let rss { result.peakRSSBytes = rss }
        add(result)
    }

    func get(_ mix: String, _ size: Int, _ contender: ContenderName) -> TaskResult? {
        records[Self.key(mix, size, contender.rawValue)]
    }

    /// A record of a contender outside `ContenderName` (the views worker's "list-view", "grid-view").
    func get(_ mix: String, _ size: Int, contender: String) -> TaskResult? {
        records[Self.key(mix, size, contender)]
    }
}
