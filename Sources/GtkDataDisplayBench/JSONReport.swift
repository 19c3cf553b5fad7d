// `--json FILE`: every figure as a JSON array of objects. The keys the issue names come first, in
// its order (null where a figure does not apply or was not measured); extra keys follow.

import Foundation

@MainActor
enum JSONReport {
    static func write(_ table: ResultTable, options: Options, to path: String) throws {
        var objects: [String] = []
        for mix in options.mixes {
            for size in options.sizes {
                for contender in ContenderName.allCases {
                    let r = table.get(mix.rawValue, size, contender) ?? TaskResult(mix: mix.rawValue, size: size, contender: contender.rawValue)
                    let minMoves = r.minMoves ?? table.get(mix.rawValue, size, .ours)?.minMoves
                    objects.append(object(r, minMoves: minMoves, minBinds: r.minBinds))
                }
                objects.append(hashFloorObject(table.get(mix.rawValue, size, .ours), mix: mix, size: size))
            }
        }
        for size in options.memorySizes {
            if let r = table.get("memory", size, .ours) { objects.append(object(r, minMoves: nil, minBinds: nil)) }
        }
        if let size = options.fillSize, let r = table.get("first-fill", size, .ours) {
            objects.append(object(r, minMoves: nil, minBinds: nil))
        }
        for size in options.selectionSizes {
            if let r = table.get("selection", size, .ours) { objects.append(object(r, minMoves: nil, minBinds: nil)) }
        }
        for size in options.viewSizes {
            for mix in options.mixes {
                for view in BenchView.allCases {
                    if let r = table.get(mix.rawValue, size, contender: ViewsWorker.contender(view)) {
                        objects.append(object(r, minMoves: nil, minBinds: r.minBinds))
                    }
                }
            }
        }
        for (mix, sizes) in [("interactive", [Options.interactiveSize]), ("single-ops", options.singleOpsSizes)] {
            for size in sizes {
                if let r = table.get(mix, size, .ours) { objects.append(object(r, minMoves: nil, minBinds: nil)) }
            }
        }
        let text = "[\n" + objects.joined(separator: ",\n") + "\n]\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The hash floor, timed in ours' worker: a diff-only contender ("hash-floor"), its time as diff_ms.
    private static func hashFloorObject(_ ours: TaskResult?, mix: Mix, size: Int) -> String {
        let fields: [(String, String)] = [
            ("input", string(mix.rawValue)), ("size", String(size)), ("contender", string("hash-floor")),
            ("diff_ms", number(ours?.hashFloorMs)), ("apply_ms", "null"), ("emissions", "null"), ("churn", "null"),
            ("moves", "null"), ("min_moves", "null"), ("binds", "null"), ("min_binds", "null"), ("peak_rss_bytes", "null"),
            ("dnf", ours?.hashFloorMs == nil && ours?.isDNF == true ? "true" : "false"),
            ("runs", number(ours?.hashFloorRuns)),
            ("plan_over_floor", number(ours.flatMap { o in o.diffMs.flatMap { d in o.hashFloorMs.map { d / $0 } } })),
        ]
        return "  {" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func object(_ r: TaskResult, minMoves: Int?, minBinds: Int?) -> String {
        var fields: [(String, String)] = [
            ("input", string(r.mix)),
            ("size", String(r.size)),
            ("contender", string(r.contender)),
            ("diff_ms", number(r.diffMs)),
            ("apply_ms", number(r.applyMs)),
            ("emissions", number(r.emissions)),
            ("churn", number(r.churn)),
            ("moves", number(r.moves)),
            ("min_moves", number(minMoves)),
            ("binds", number(r.binds)),
            ("min_binds", number(minBinds)),
            ("peak_rss_bytes", number(r.peakRSSBytes)),
            ("dnf", r.isDNF ? "true" : "false"),
        ]
        let correct: Bool? = r.verified == true ? (r.mismatch == nil) : nil
        let managerCorrect: Bool? = r.managerVerified == true ? (r.managerMismatch == nil) : nil
        let extras: [(String, String?)] = [
            ("dnf_reason", r.dnfReason.map(string)),
            ("runs", r.runs.map(String.init)),
            ("correct", correct.map { $0 ? "true" : "false" }),
            ("mismatch", r.mismatch.map(string)),
            ("library_min_moves", r.libraryMinMoves.map(String.init)),
            ("manager_ms", r.managerMs.map { number($0) }),
            ("manager_runs", r.managerRuns.map(String.init)),
            ("manager_emissions", r.managerEmissions.map(String.init)),
            ("manager_churn", r.managerChurn.map(String.init)),
            ("manager_moves", r.managerMoves.map(String.init)),
            ("manager_correct", managerCorrect.map { $0 ? "true" : "false" }),
            ("manager_mismatch", r.managerMismatch.map(string)),
            ("manager_full_ms", r.managerFullMs.map { number($0) }),
            ("manager_string_ms", r.managerStringMs.map { number($0) }),
            ("manager_string_full_ms", r.managerStringFullMs.map { number($0) }),
            ("manager_string_runs", r.managerStringRuns.map(String.init)),
            ("manager_string_moves", r.managerStringMoves.map(String.init)),
            ("manager_string_correct", r.managerStringMs == nil ? nil : (r.managerStringMismatch == nil ? "true" : "false")),
            ("manager_string_mismatch", r.managerStringMismatch.map(string)),
            ("unbinds", r.unbinds.map(String.init)),
            ("realised_before", r.realisedBefore.map(String.init)),
            ("realised_after", r.realisedAfter.map(String.init)),
            ("view_apply_ms", r.viewApplyMs.map { number($0) }),
            ("display_mismatch", r.displayMismatch.map(string)),
            ("extra_binds", r.extraBinds.map(string)),
            ("generator_bytes_per_row", r.generatorBytesPerRow.map { number($0) }),
            ("peak_bytes_per_row", r.peakBytesPerRow.map { number($0) }),
            ("steady_bytes_per_row", r.steadyBytesPerRow.map { number($0) }),
            ("update_peak_bytes_per_row", r.updatePeakBytesPerRow.map { number($0) }),
            ("single_op_bytes_per_row", r.singleOpBytesPerRow.map { number($0) }),
            ("first_bind_ms", r.firstBindMs.map { number($0) }),
            ("add_path_ms", r.addPathMs.map { number($0) }),
            ("unordered_apply_ms", r.unorderedApplyMs.map { number($0) }),
            ("warm_apply_ms", r.warmApplyMs.map { number($0) }),
            ("add_first_bind_ms", r.addFirstBindMs.map { number($0) }),
            ("raw_fill_ms", r.rawFillMs.map { number($0) }),
            ("raw_fill_first_bind_ms", r.rawFillFirstBindMs.map { number($0) }),
            ("raw_cold_fill_ms", r.rawColdFillMs.map { number($0) }),
            ("raw_cold_first_bind_ms", r.rawColdFirstBindMs.map { number($0) }),
        ]
        for (key, value) in extras + selectionFields(r.selection) + budgetFields(r) { if let value { fields.append((key, value)) } }
        return "  {" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The selection measurement (input "selection"): times per operation as median/min/max ms,
    /// ours and GTK alone, whether the listener's counts were right, and issue 9's 50 ms target.
    private static func selectionFields(_ s: SelectionFigures?) -> [(String, String?)] {
        guard let s else { return [] }
        var fields: [(String, String?)] = [
            ("selection_rows", String(s.rows)),
            ("selection_headers", String(s.headers)),
            ("selection_runs", String(s.runs)),
            ("selection_build_ms", s.buildMs.map { number($0) }),
        ]
        let timings: [(String, OpTiming?)] = [
            ("select_all", s.selectAll), ("select_all_action", s.selectAllAction), ("unselect_all", s.unselectAll),
            ("gtk_select_all", s.rawSelectAll), ("gtk_select_all_action", s.rawSelectAllAction), ("gtk_unselect_all", s.rawUnselectAll),
        ]
        for (name, timing) in timings {
            fields.append(("\(name)_ms", timing.map { number($0.medianMs) }))
            fields.append(("\(name)_min_ms", timing.map { number($0.minMs) }))
            fields.append(("\(name)_max_ms", timing.map { number($0.maxMs) }))
        }
        fields.append(("selection_correct", s.mismatch == nil ? "true" : "false"))
        fields.append(("selection_mismatch", s.mismatch.map(string)))
        fields.append(("selection_target_ms", number(SelectionWorker.targetMs)))
        let met: Bool? = s.mismatch != nil ? false : s.worstSelectAllMs.map { $0 < SelectionWorker.targetMs }
        fields.append(("selection_target_met", met.map { $0 ? "true" : "false" }))
        return fields
    }

    /// The interactive budget and single operations: their figures as one JSON value each.
    private static func budgetFields(_ r: TaskResult) -> [(String, String?)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func json<T: Encodable>(_ value: T?) -> String? {
            value.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        }
        return [("interactive", json(r.interactive)), ("single_ops", json(r.singleOps))]
    }

    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return String(format: "%.6g", value)
    }

    private static func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    private static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
