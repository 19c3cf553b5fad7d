// `--pipeline-only`, its last task: rows arriving in batches into a list that is searched and
// sorted — 200 batches of 1,000 made-up strings (seeded) appended to GTK's GtkStringList under a
// GtkFilterListModel (GtkStringFilter "a", case ignored) and a GtkSortListModel (GtkStringSorter),
// against `FilteredState.append` with the same query and order. Each batch is timed till the
// append returns (the work: both paint within the next frame) and to the painted frame; the
// report gives the first and last ten batches' medians (does a batch cost more as the list
// grows?) and the longest, and checks that both hold the same rows after every batch.

import CGtkDataDisplay
import GtkDataDisplay

extension GtkPipeline {
    private static let batches = 200
    private static let batchSize = 1_000
    private static let appendQuery = "a"

    /// Runs the task `runs` times on each side, alternating, and prints its report.
    static func runAppends(settings: Settings, runs: Int) {
        let strings = madeUpWords(batches * batchSize, seed: settings.seed &+ 2)
        print("GTK PIPELINE, APPENDS — \(batches) batches of \(batchSize) made-up strings appended to a list searched for "
              + "\"\(appendQuery)\" and sorted; ms till the append returned (and to the painted frame), medians over \(runs) runs")
        let (ours, gtk) = alternate(runs) { oursAppends(strings) } gtk: { gtkAppends(strings) }
        for (a, b) in zip(ours, gtk) where a.shown != b.shown {
            let step = a.shown.indices.first { a.shown[$0] != b.shown[$0] } ?? 0
            print("MISMATCH after batch \(step + 1): ours \(a.shown[step].prefix(4)), GTK \(b.shown[step].prefix(4))")
            return
        }
        func summary(_ runs: [Run]) -> (first: Double, last: Double, longest: Double, painted: Double) {
            let first = median(runs.flatMap { $0.ms.prefix(10) })!
            let last = median(runs.flatMap { $0.ms.suffix(10) })!
            return (first, last, runs.flatMap(\.ms).max()!, runs.flatMap(\.paintedMs).max()!)
        }
        let (o, g) = (summary(ours), summary(gtk))
        let widths = [8, 10, 10, 10, 18, 16]
        print(tableLine(["", "first 10", "last 10", "longest", "longest painted", "rows at the end"], widths: widths))
        for (name, s, run) in [("ours", o, ours[0]), ("GTK", g, gtk[0])] {
            print(tableLine([name, String(format: "%.1f", s.first), String(format: "%.1f", s.last), String(format: "%.1f", s.longest),
                             String(format: "%.1f", s.painted), run.shown.last?.first ?? "0"], widths: widths))
        }
        print(String(format: "  GTK/ours: first 10 ×%.2f, last 10 ×%.2f; a batch's growth from first to last: ours ×%.2f, GTK ×%.2f",
                     g.first / o.first, g.last / o.last, o.last / o.first, g.last / g.first))
    }

    /// Our side: a `FilteredState` searched and sorted before any row, then each batch appended.
    private static func oursAppends(_ strings: [String]) -> Run {
        inWindow { host, frames, run in
            let manager = BaseListManager()
            let state = try! FilteredState<Int>(manager: manager, models: [], text: { strings[$0] }) {
                BaseRowGenerator<WordView>(model: strings[$0], id: $0)
            }
            try! state.setQuery(appendQuery)
            try! state.sort { strings[$0] < strings[$1] }
            let adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).build()
            host.show(adapter.widget)
            _ = frames.waitForPaint()
            for batch in 0..<batches {
                let t = Clock.now()
                try! state.append(Array((batch * batchSize)..<((batch + 1) * batchSize)))
                run.ms.append(Clock.ms(t, Clock.now()))
                run.paintedMs.append(Clock.ms(t, frames.waitForPaint()))
                run.shown.append(shown(manager))
            }
            host.show(nil)
            manager.clear()
        }
    }

    /// GTK's side: an empty `GtkStringList` under the filter and sort models, each batch spliced in
    /// at its end.
    private static func gtkAppends(_ strings: [String]) -> Run {
        let cStrings = CStrings(strings)
        defer { cStrings.free() }
        return inWindow { host, frames, run in
            let list = gtk_string_list_new(nil)!
            let filter = substringFilter()
            gtk_string_filter_set_search(filter, appendQuery)
            let filtered = gtk_filter_list_model_new(gdd_list_model(UnsafeMutableRawPointer(list)),
                                                     UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GtkFilter.self))!
            let sorter = gtk_string_sorter_new(gtk_property_expression_new(gtk_string_object_get_type(), nil, "string"))!
            gtk_string_sorter_set_ignore_case(sorter, 0)
            let sorted = gtk_sort_list_model_new(gdd_list_model(UnsafeMutableRawPointer(filtered)),
                                                 UnsafeMutableRawPointer(sorter).assumingMemoryBound(to: GtkSorter.self))!
            let model = gdd_list_model(UnsafeMutableRawPointer(sorted))!
            g_object_ref(UnsafeMutableRawPointer(list))   // kept to append to; the filter model takes one
            let view = listView(over: model)
            host.show(view)
            _ = frames.waitForPaint()
            for batch in 0..<batches {
                let t = Clock.now()
                cStrings.splice(into: list, range: (batch * batchSize)..<((batch + 1) * batchSize))
                run.ms.append(Clock.ms(t, Clock.now()))
                run.paintedMs.append(Clock.ms(t, frames.waitForPaint()))
                run.shown.append(shownStrings(model))
            }
            host.show(nil)
            g_object_unref(UnsafeMutableRawPointer(view))
            g_object_unref(UnsafeMutableRawPointer(list))
        }
    }
}
