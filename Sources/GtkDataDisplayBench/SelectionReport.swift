// The selection part of the report (issue 9): select all / Ctrl+A / unselect all of a sectioned
// list with a selectionChanged listener, per size, beside GTK alone; and its goal.

extension Report {
    var selectionSizes: [Int] { options.selectionSizes }

    func selectionSection() -> [String] {
        let measured = selectionSizes.compactMap { size in table.get("selection", size, .ours).map { (size, $0) } }
        guard !measured.isEmpty else {
            return [hasDisplay ? "SELECTION — not measured" : "SELECTION — not measured: no display (run under xvfb-run -a)"]
        }
        var lines = [
            "SELECTION — every row of a list in letter sections (headers not selectable), .multiple ListViewAdapter in a",
            "  400×600 window, a selectionChanged listener reading adapter.selectedCount (checked: once per change, the right",
            "  count, GTK's selection the same, no header selected). Each from the state the one before left: selectAll()",
            "  (empty → all), unselectAll() (all → empty), Ctrl+A = GTK's list.select-all action (empty → all, headers",
            "  corrected away). Timed from the call to its return (GTK's signal, the adapter's diff and events, the listener);",
            "  median / min ms over the runs after a warm-up. GTK alone = GtkMultiSelection over as many plain items, a",
            "  selection-changed handler reading gtk_bitset_get_size: select_all / list.select-all / unselect_all; × = ours / GTK alone",
        ]
        let widths = [6, 9, 6, 17, 17, 17, 26, 22]
        lines.append(row(["size", "headers", "runs", "selectAll()", "Ctrl+A", "unselectAll()", "GTK alone (medians)", "× GTK alone"], widths: widths))
        for (size, r) in measured {
            guard let s = r.selection else {
                lines.append(row([sizeLabel(size), "DNF: \(r.dnfReason ?? "no figures")"], widths: [6, 100]))
                continue
            }
            if let wrong = s.mismatch {
                lines.append(row([sizeLabel(size), String(s.headers), String(s.runs), "FAILED: \(wrong)"], widths: [6, 9, 6, 100]))
                continue
            }
            func pair(_ t: OpTiming?) -> String { t.map { "\(ms($0.medianMs)) / \(ms($0.minMs))" } ?? "-" }
            let raw = [s.rawSelectAll, s.rawSelectAllAction, s.rawUnselectAll].map { ms($0?.medianMs) }.joined(separator: " / ")
            let ratios = zip([s.selectAll, s.selectAllAction, s.unselectAll], [s.rawSelectAll, s.rawSelectAllAction, s.rawUnselectAll])
                .map { ours, gtk -> String in
                    guard let o = ours?.medianMs, let g = gtk?.medianMs, g > 0 else { return "-" }
                    return ratio(o / g)
                }.joined(separator: " ")
            lines.append(row([sizeLabel(size), String(s.headers), String(s.runs), pair(s.selectAll), pair(s.selectAllAction),
                              pair(s.unselectAll), raw, ratios], widths: widths))
            if let reason = r.dnfReason { lines.append("  \(sizeLabel(size)): DNF: \(reason)") }
        }
        if let built = measured.last?.1.selection?.buildMs {
            lines.append("  (setState of the \(sizeLabel(measured.last!.0)) sectioned list, untimed setup: \(ms(built)) ms)")
        }
        return lines
    }

    /// The goal of issue 9: (met, detail); met is nil when 100k was not measured.
    func selectionGoal() -> (met: Bool?, detail: String) {
        guard selectionSizes.contains(100_000) else { return (nil, "needs 100k in --sizes") }
        guard let r = table.get("selection", 100_000, .ours) else {
            return (nil, hasDisplay ? "not measured" : "no display: not measured")
        }
        guard let s = r.selection else { return (false, "DNF: \(r.dnfReason ?? "no figures")") }
        if let wrong = s.mismatch { return (false, "wrong figure: \(wrong)") }
        guard let worst = s.worstSelectAllMs, let a = s.selectAll, let b = s.selectAllAction else { return (false, "no figures") }
        var detail = "selectAll() \(ms(a.medianMs)) ms, Ctrl+A \(ms(b.medianMs)) ms (medians of \(a.samples); min \(ms(a.minMs)) / \(ms(b.minMs)))"
        if let c = s.unselectAll { detail += "; unselectAll() \(ms(c.medianMs)) ms" + (c.medianMs >= SelectionWorker.targetMs ? " (over 50 ms too)" : "") }
        detail += "; listener read the right count each time"
        return (worst < SelectionWorker.targetMs, detail)
    }
}
