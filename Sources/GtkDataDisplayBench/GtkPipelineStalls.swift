// `--pipeline-only` (and `--stalls-only`), its part on frames: how long the main loop is held while a
// big update lands. The 663,473 words, a list view in a window. Ours: the manager's
// `setStateInBackground` with the words that contain each query (the app's generators, made once a
// word, filtered before the clock starts: the app's filtering is not the library's), and the library's
// search helper, `FilteredState.inBackground`, its own work included; GTK's: its
// GtkFilterListModel set incremental (it filters a slice of items per main-loop turn, GTK's own
// answer to long filters). A probe, a GLib timeout every millisecond at high priority, records the
// longest gap between its calls from the change until the update is painted: the longest time the
// main loop could not run anything (a frame's own layout and paint included, on both sides).

import CGtkDataDisplay
import GtkDataDisplay

extension GtkPipeline {
    /// The steps: the first fill, a type-ahead and its way back.
    private static let stallQueries = ["s", "st", "str", "st", "s", ""]
    /// How many rows from the top a frame must show of the new state to count as its first.
    private static let topRows = 20

    /// The first `topRows` of `words` that contain `query` (`folded`: the words lowercased).
    private static func top(_ words: [String], _ folded: [String], _ query: String) -> [String] {
        var result: [String] = []
        for index in words.indices where query.isEmpty || folded[index].contains(query) {
            result.append(words[index])
            if result.count == topRows { break }
        }
        return result
    }

    /// Whether the first rows of a list of `count` rows (`text`: a row's text) are `expected`.
    private static func showsTop(_ expected: [String], count: Int, _ text: (Int) -> String) -> Bool {
        count >= expected.count && expected.indices.allSatisfy { text($0) == expected[$0] }
    }

    /// Notes the first frame whose first rows in `manager`'s store are `expected`.
    private static func watch(_ frames: PaintedFrames, _ manager: BaseListManager, shows expected: [String]) {
        frames.watch {
            showsTop(expected, count: manager.store.count) {
                (manager.store.generator(at: $0) as! BaseRowGenerator<WordView>).model
            }
        }
    }

    /// Notes the first frame whose first rows of string objects in `model()` are `expected`.
    private static func watch(_ frames: PaintedFrames, _ model: @escaping () -> OpaquePointer?, shows expected: [String]) {
        frames.watch {
            guard let model = model() else { return false }
            return showsTop(expected, count: Int(g_list_model_get_n_items(model))) { position in
                let item = g_list_model_get_item(model, guint(position))!
                defer { g_object_unref(item) }
                return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
            }
        }
    }

    /// `manager.setStateInBackground([section])`, the main loop run till it returns, timed from `start`
    /// into `result`: the frame of the whole update, the first frame `frames` watched for, the stall.
    private static func update(_ manager: BaseListManager, to section: Section, from start: UInt64, probe: StallProbe,
                               _ frames: PaintedFrames, into result: inout StallRun) {
        update(manager, from: start, probe: probe, frames, into: &result) { _ = try! await manager.setStateInBackground([section]) }
    }

    /// `change` run in a task, the main loop run till it returns; timed as `update(_:to:from:probe:_:into:)`.
    private static func update(_ manager: BaseListManager, from start: UInt64, probe: StallProbe, _ frames: PaintedFrames,
                               into result: inout StallRun, _ change: @escaping @MainActor () async -> Void) {
        let done = Flag()
        Task { @MainActor in
            await change()
            done.isSet = true
        }
        while !done.isSet { if g_main_context_iteration(nil, 0) == 0 { usleep(50) } }
        result.ms.append(Clock.ms(start, frames.waitForPaint()))
        result.first.append(Clock.ms(start, frames.firstShownAt!))
        result.stall.append(probe.stop())
        result.shown.append(shown(manager))
    }

    /// One contender's run: ms to the painted frame, to the first frame showing the top, and the longest stall, per step.
    struct StallRun {
        var ms: [Double] = []
        /// ms to the first painted frame whose first rows (`topRows`) are the new state's.
        var first: [Double] = []
        var stall: [Double] = []
        var shown: [[String]] = []
    }

    static func runStalls(seed: UInt64, runs: Int?) {
        guard WindowHost.initializeGTK() else {
            print("GTK PIPELINE, FRAMES: no display, not measured (run under xvfb-run)")
            return
        }
        let (words, source) = loadWords(seed: 0)
        let count = runs ?? 3
        print("GTK PIPELINE, FRAMES — \(words.count) words (\(source)): our setStateInBackground (the app's sections made "
              + "beforehand) and FilteredState.inBackground (the library's search helper, its matching included) against GTK's "
              + "incremental GtkFilterListModel; ms to the painted frame of the whole update, to the first painted frame that shows its "
              + "first \(topRows) rows (first), and the longest main-loop stall (ms), median of \(count)")
        var ours: [StallRun] = [], helper: [StallRun] = [], gtk: [StallRun] = []
        for run in 0..<count {
            if run % 2 == 0 {
                ours.append(oursStallRun(words)); helper.append(helperStallRun(words)); gtk.append(gtkStallRun(words))
            } else {
                gtk.append(gtkStallRun(words)); helper.append(helperStallRun(words)); ours.append(oursStallRun(words))
            }
        }
        for (a, b) in zip(ours + helper, gtk + gtk) where a.shown != b.shown {
            let step = a.shown.indices.first { a.shown[$0] != b.shown[$0] } ?? 0
            print("MISMATCH at step \(step): ours \(a.shown[step].prefix(4)), GTK \(b.shown[step].prefix(4))")
            return
        }
        let labels = ["first fill"] + stallQueries.map { $0.isEmpty ? "(empty)" : "\"\($0)\"" }
        let widths = [5, 13, 9, 9, 9, 9, 10, 9, 9, 9, 9, 9]
        print(tableLine(["step", "", "rows", "ours", "first", "stall", "FilteredSt", "first", "stall", "GTK", "first", "stall"],
                        widths: widths))
        var longest = (ours: 0.0, helper: 0.0, gtk: 0.0)
        for step in labels.indices {
            let values = [ours, helper, gtk].flatMap { runs in
                [runs.map { $0.ms[step] }, runs.map { $0.first[step] }, runs.map { $0.stall[step] }].map { median($0)! }
            }
            let worst = { (runs: [StallRun]) in runs.map { $0.stall[step] }.max()! }
            longest = (max(longest.ours, worst(ours)), max(longest.helper, worst(helper)), max(longest.gtk, worst(gtk)))
            print(tableLine([String(step), labels[step], ours[0].shown[step].first ?? "0"] + values.map { String(format: "%.1f", $0) },
                            widths: widths))
        }
        print(String(format: "  longest stall of any step in any run: ours %.1f ms, FilteredState %.1f ms, GTK %.1f ms",
                     longest.ours, longest.helper, longest.gtk))
        for (name, runs) in [("ours", ours), ("FilteredState", helper)] {
            print("  \(name) per run (ms): " + runs.map { run in run.stall.map { String(format: "%.0f", $0) }.joined(separator: " ") }
                .joined(separator: " | "))
        }
        runLoadStalls(madeUpWords(1_000_000, seed: seed &+ 1), runs: count)
    }

    /// 1,000,000 made-up strings loaded into an empty list, each side timed from its model's making
    /// (ours: the app's generators and section; GTK's: its GtkStringList) to the first painted frame
    /// that shows the top and to the frame of the whole load; ours through `setStateInBackground`
    /// (the stall counted from the call: making the generators is the app's work), GTK's list set on
    /// a list view at once.
    static func runLoadStalls(_ strings: [String], runs: Int) {
        guard WindowHost.initializeGTK() else { return }
        let expected = Array(strings.prefix(topRows))
        var ours: [StallRun] = [], gtk: [StallRun] = []
        for run in 0..<runs {
            if run % 2 == 0 { ours.append(oursLoadRun(strings, expected)); gtk.append(gtkLoadRun(strings, expected)) } else {
                gtk.append(gtkLoadRun(strings, expected)); ours.append(oursLoadRun(strings, expected))
            }
        }
        for (a, b) in zip(ours, gtk) where a.shown != b.shown {
            print("MISMATCH in the 1M load: ours \(a.shown[0].prefix(4)), GTK \(b.shown[0].prefix(4))")
            return
        }
        let m = { (runs: [StallRun], value: (StallRun) -> Double) in median(runs.map(value))! }
        let (oursFirst, gtkFirst) = (m(ours) { $0.first[0] }, m(gtk) { $0.first[0] })
        print(String(format: "GTK PIPELINE, FRAMES, 1M LOAD — \(strings.count) made-up strings into an empty list, from making the "
                     + "model to the first frame showing the top (all rows: the frame of the whole load), median of \(runs): "
                     + "ours (setStateInBackground) first frame %.1f ms, all %.1f ms, longest stall %.1f ms; GTK (GtkStringList "
                     + "on a list view) first frame %.1f ms, all %.1f ms, longest stall %.1f ms; first frame GTK/ours ×%.2f",
                     oursFirst, m(ours) { $0.ms[0] }, ours.map { $0.stall[0] }.max()!,
                     gtkFirst, m(gtk) { $0.ms[0] }, gtk.map { $0.stall[0] }.max()!, gtkFirst / oursFirst))
    }

    /// Our side's run: a manager's list view shown in a window of its own and painted, then `body`.
    private static func oursRun(_ body: (BaseListManager, PaintedFrames, inout StallRun) -> Void) -> StallRun {
        var result = StallRun()
        _ = inWindow { host, frames, _ in
            let manager = BaseListManager()
            let adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).build()
            host.show(adapter.widget)
            _ = frames.waitForPaint()
            body(manager, frames, &result)
            host.show(nil)
            manager.clear()
        }
        return result
    }

    private static func oursLoadRun(_ strings: [String], _ expected: [String]) -> StallRun {
        oursRun { manager, frames, result in
            watch(frames, manager, shows: expected)
            let t = Clock.now()
            let section = Section(rows: strings.indices.map { BaseRowGenerator<WordView>(model: strings[$0], id: $0) })
            update(manager, to: section, from: t, probe: StallProbe(), frames, into: &result)
        }
    }

    private static func gtkLoadRun(_ strings: [String], _ expected: [String]) -> StallRun {
        let cStrings = CStrings(strings)
        defer { cStrings.free() }
        var result = StallRun()
        _ = inWindow { host, frames, _ in
            var model: OpaquePointer?
            watch(frames, { model }, shows: expected)
            let probe = StallProbe()
            let t = Clock.now()
            let list = cStrings.stringList()
            model = gdd_list_model(UnsafeMutableRawPointer(list))
            let view = listView(over: model!)
            host.show(view)
            result.ms.append(Clock.ms(t, frames.waitForPaint()))
            result.first.append(Clock.ms(t, frames.firstShownAt!))
            result.stall.append(probe.stop())
            result.shown.append(shownStrings(model!))
            model = nil
            host.show(nil)
            g_object_unref(UnsafeMutableRawPointer(view))
        }
        return result
    }

    private static func oursStallRun(_ words: [String]) -> StallRun {
        oursRun { manager, frames, result in
            let generators = words.indices.map { BaseRowGenerator<WordView>(model: words[$0], id: $0) }
            let folded = words.map { $0.lowercased() }
            // The app's sections, made beforehand (as the other contender's filters are): making an
            // array of `any RowGenerator` of a few hundred thousand rows is the app's work, not the update's.
            let steps: [Section] = ([generators] + stallQueries.map { query in
                query.isEmpty ? generators : generators.indices.filter { folded[$0].contains(query) }.map { generators[$0] }
            }).map { Section(rows: $0) }
            for section in steps {
                watch(frames, manager, shows: section.rows.prefix(topRows).map { ($0 as! BaseRowGenerator<WordView>).model })
                let probe = StallProbe()
                update(manager, to: section, from: Clock.now(), probe: probe, frames, into: &result)
            }
        }
    }

    /// The app's side written with the library's helper: a `FilteredState` of the words, empty at
    /// first, given its models and then each query through `inBackground` (its matching included).
    private static func helperStallRun(_ words: [String]) -> StallRun {
        let folded = words.map { $0.lowercased() }
        return oursRun { manager, frames, result in
            let state = try! FilteredState(manager: manager, models: [Int](), text: { words[$0] }) {
                BaseRowGenerator<WordView>(model: words[$0], id: $0)
            }
            let changes: [(String, (FilteredState<Int>) throws -> Void)] = [("", { try $0.setModels(Array(words.indices)) })]
                + stallQueries.map { query in (query, { try $0.setQuery(query) }) }
            for (query, change) in changes {
                watch(frames, manager, shows: top(words, folded, query))
                update(manager, from: Clock.now(), probe: StallProbe(), frames, into: &result) {
                    _ = try! await state.inBackground(change)
                }
            }
        }
    }

    private static func gtkStallRun(_ words: [String]) -> StallRun {
        let strings = CStrings(words)
        defer { strings.free() }
        var result = StallRun()
        let folded = words.map { $0.lowercased() }
        _ = inWindow { host, frames, _ in
            var model: OpaquePointer?
            watch(frames, { model }, shows: top(words, folded, ""))
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
            model = gdd_list_model(UnsafeMutableRawPointer(filtered))!
            @MainActor func settle(_ start: UInt64, _ probe: StallProbe) {
                while gtk_filter_list_model_get_pending(filtered) > 0 {
                    if g_main_context_iteration(nil, 0) == 0 { usleep(50) }
                }
                result.ms.append(Clock.ms(start, frames.waitForPaint()))
                result.first.append(Clock.ms(start, frames.firstShownAt!))
                result.stall.append(probe.stop())
                result.shown.append(shownStrings(model!))
            }
            settle(t0, probe)
            for query in stallQueries {
                watch(frames, { model }, shows: top(words, folded, query))
                let probe = StallProbe()
                let t = Clock.now()
                gtk_string_filter_set_search(filter, query)
                settle(t, probe)
            }
            model = nil
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
