// `--pipeline-only` (and `--stalls-only`), its part on frames: how long the main loop is held while a
// big update lands. The 663,473 words, a list view in a window. Ours: the manager's
// `setStateInBackground` with the words that contain each query (the app's generators, made once a
// word, filtered before the clock starts: the app's filtering is not the library's); GTK's: its
// GtkFilterListModel set incremental (it filters a slice of items per main-loop turn, GTK's own
// answer to long filters). A probe, a GLib timeout every millisecond at high priority, records the
// longest gap between its calls from the change until the update is painted: the longest time the
// main loop could not run anything (a frame's own layout and paint included, on both sides).

import CGtkDataDisplay
import GtkDataDisplay

extension GtkPipeline {
    /// The steps: the first fill, a type-ahead and its way back.
    private static let stallQueries = ["s", "st", "str", "st", "s", ""]

    /// One contender's run: ms to the painted frame and the longest stall, per step.
    struct StallRun {
        var ms: [Double] = []
        var stall: [Double] = []
        var shown: [[String]] = []
    }

    static func runStalls(runs: Int?) {
        guard WindowHost.initializeGTK() else {
            print("GTK PIPELINE, FRAMES: no display, not measured (run under xvfb-run)")
            return
        }
        let (words, source) = loadWords(seed: 0)
        let count = runs ?? 3
        print("GTK PIPELINE, FRAMES — \(words.count) words (\(source)): our setStateInBackground against GTK's incremental "
              + "GtkFilterListModel; ms to the painted frame and the longest main-loop stall (ms), median of \(count) "
              + "(the app's sections made beforehand)")
        var ours: [StallRun] = [], gtk: [StallRun] = []
        for run in 0..<count {
            if run % 2 == 0 { ours.append(oursStallRun(words)); gtk.append(gtkStallRun(words)) } else {
                gtk.append(gtkStallRun(words)); ours.append(oursStallRun(words))
            }
        }
        for (a, b) in zip(ours, gtk) where a.shown != b.shown {
            let step = a.shown.indices.first { a.shown[$0] != b.shown[$0] } ?? 0
            print("MISMATCH at step \(step): ours \(a.shown[step].prefix(4)), GTK \(b.shown[step].prefix(4))")
            return
        }
        let labels = ["first fill"] + stallQueries.map { $0.isEmpty ? "(empty)" : "\"\($0)\"" }
        print(tableLine(["step", "", "rows", "ours", "stall", "GTK", "stall"], widths: [5, 13, 9, 9, 9, 9, 9]))
        var longest = (ours: 0.0, gtk: 0.0)
        for step in labels.indices {
            let values = [ours.map { $0.ms[step] }, ours.map { $0.stall[step] }, gtk.map { $0.ms[step] }, gtk.map { $0.stall[step] }]
                .map { median($0)! }
            longest = (max(longest.ours, ours.map { $0.stall[step] }.max()!), max(longest.gtk, gtk.map { $0.stall[step] }.max()!))
            print(tableLine([String(step), labels[step], ours[0].shown[step].first ?? "0"] + values.map { String(format: "%.1f", $0) },
                            widths: [5, 13, 9, 9, 9, 9, 9]))
        }
        print(String(format: "  longest stall of any step in any run: ours %.1f ms, GTK %.1f ms", longest.ours, longest.gtk))
    }

    private static func oursStallRun(_ words: [String]) -> StallRun {
        var result = StallRun()
        _ = inWindow { host, frames, _ in
            let manager = BaseListManager()
            let adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).build()
            host.show(adapter.widget)
            _ = frames.waitForPaint()
            let generators = words.indices.map { BaseRowGenerator<WordView>(model: words[$0], id: $0) }
            let folded = words.map { $0.lowercased() }
            // The app's sections, made beforehand (as the other contender's filters are): making an
            // array of `any RowGenerator` of a few hundred thousand rows is the app's work, not the update's.
            let steps: [Section] = ([generators] + stallQueries.map { query in
                query.isEmpty ? generators : generators.indices.filter { folded[$0].contains(query) }.map { generators[$0] }
            }).map { Section(rows: $0) }
            for section in steps {
                let probe = StallProbe()
                let t = Clock.now()
                let done = Flag()
                Task { @MainActor in
                    _ = try! await manager.setStateInBackground([section])
                    done.isSet = true
                }
                while !done.isSet { if g_main_context_iteration(nil, 0) == 0 { usleep(50) } }
                result.ms.append(Clock.ms(t, frames.waitForPaint()))
                result.stall.append(probe.stop())
                result.shown.append(shown(manager))
            }
            host.show(nil)
            manager.clear()
        }
        return result
    }

    private static func gtkStallRun(_ words: [String]) -> StallRun {
        let strings = CStrings(words)
        defer { strings.free() }
        var result = StallRun()
        _ = inWindow { host, frames, _ in
            let probe = StallProbe()
            let t0 = Clock.now()
            let list = strings.stringList()
            let filter = substringFilter()
            g_object_ref(UnsafeMutableRawPointer(filter))
            let filtered = gtk_filter_list_model_new(gdd_list_model(UnsafeMutableRawPointer(list)),
                                                     UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GtkFilter.self))!
            gtk_filter_list_model_set_incremental(filtered, 1)
            let view = listView(over: gdd_list_model(UnsafeMutableRawPointer(filtered))!)
            host.show(view)
            let model = gdd_list_model(UnsafeMutableRawPointer(filtered))!
            @MainActor func settle(_ start: UInt64, _ probe: StallProbe) {
                while gtk_filter_list_model_get_pending(filtered) > 0 {
                    if g_main_context_iteration(nil, 0) == 0 { usleep(50) }
                }
                result.ms.append(Clock.ms(start, frames.waitForPaint()))
                result.stall.append(probe.stop())
                result.shown.append(shownStrings(model))
            }
            settle(t0, probe)
            for query in stallQueries {
                let probe = StallProbe()
                let t = Clock.now()
                gtk_string_filter_set_search(filter, query)
                settle(t, probe)
            }
            host.show(nil)
            g_object_unref(UnsafeMutableRawPointer(view))
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        return result
    }
}

/// Set when a task is done.
@MainActor
private final class Flag {
    var isSet = false
}

/// A GLib timeout every millisecond at high priority: the longest gap between its calls is the
/// longest time the main loop was held.
@MainActor
final class StallProbe {
    private final class Gaps {
        var last = Clock.now()
        var longest: UInt64 = 0
    }
    private let gaps = Gaps()
    private var source: guint = 0

    init() {
        let box = Unmanaged.passRetained(gaps).toOpaque()
        source = g_timeout_add_full(G_PRIORITY_HIGH, 1, { data in
            let gaps = Unmanaged<Gaps>.fromOpaque(data!).takeUnretainedValue()
            let now = Clock.now()
            gaps.longest = max(gaps.longest, now &- gaps.last)
            gaps.last = now
            return 1
        }, box, { data in Unmanaged<Gaps>.fromOpaque(data!).release() })
    }

    /// Stops the probe: the longest gap in ms (the gap up to now counts too).
    func stop() -> Double {
        gaps.longest = max(gaps.longest, Clock.now() &- gaps.last)
        g_source_remove(source)
        return Double(gaps.longest) / 1e6
    }
}
