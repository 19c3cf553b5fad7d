// `--pipeline-only`: what a GTK developer builds instead of this library for a searchable list —
// GtkStringList → GtkFilterListModel (GtkStringFilter: substring, case ignored) → GtkSingleSelection
// → GtkListView with a label factory — against the library: a manager showing a `FilteredState` of
// the same words in a `ListViewAdapter`. The words of Debian's `wamerican-insane` (663,473; a
// seeded list of as many made-up words without it). Each contender in its own window under a
// display, timed from the change to the frame that paints it (the frame clock's after-paint): the
// first display of every word, then a type-ahead ("s" … "street", deleted back to empty). Both are
// checked to hold the same rows at every step (count and 256 positions spread over the list).

import CGtkDataDisplay
import Foundation
import GtkDataDisplay

@MainActor
enum GtkPipeline {
    static let wordList = "/usr/share/dict/american-english-insane"
    private static let queries = ["s", "st", "str", "stre", "stree", "street", "stree", "stre", "str", "st", "s", ""]

    /// One contender's run: the first display, then each query, in ms; the rows each step showed.
    private struct Run {
        var ms: [Double] = []
        var shown: [[String]] = []
    }

    static func run(settings: Settings, runs: Int?) {
        guard WindowHost.initializeGTK() else {
            print("GTK PIPELINE: no display, not measured (run under xvfb-run)")
            return
        }
        let (words, source) = loadWords(seed: settings.seed)
        let count = runs ?? 3
        print("GTK PIPELINE — \(words.count) words (\(source)), a list view in a 400×600 window; ms from the change "
              + "to the painted frame, median of \(count) runs, the contenders alternating")
        var ours: [Run] = [], gtk: [Run] = []
        for run in 0..<count {
            if run % 2 == 0 {
                ours.append(oursRun(words))
                gtk.append(gtkRun(words))
            } else {
                gtk.append(gtkRun(words))
                ours.append(oursRun(words))
            }
        }
        // The same rows at every step, in every run.
        for (a, b) in zip(ours, gtk) where a.shown != b.shown {
            let step = a.shown.indices.first { a.shown[$0] != b.shown[$0] } ?? 0
            print("MISMATCH at step \(step): ours \(a.shown[step].prefix(4)), GTK \(b.shown[step].prefix(4))")
            return
        }
        print(pad(["step", "query", "rows", "ours", "GTK", "GTK/ours"]))
        let labels = ["first display"] + queries.map { $0.isEmpty ? "(empty)" : "\"\($0)\"" }
        var oursTotal = 0.0, gtkTotal = 0.0
        for step in labels.indices {
            let o = median(ours.map { $0.ms[step] })!, g = median(gtk.map { $0.ms[step] })!
            if step > 0 { oursTotal += o; gtkTotal += g }
            print(pad([String(step), labels[step], ours[0].shown[step].first.map { _ in rowsLabel(ours[0], step) } ?? "0",
                       String(format: "%.1f", o), String(format: "%.1f", g), String(format: "×%.2f", g / o)]))
        }
        print(pad(["", "type-ahead", "", String(format: "%.1f", oursTotal), String(format: "%.1f", gtkTotal),
                   String(format: "×%.2f", gtkTotal / oursTotal)]))
    }

    // MARK: The contenders

    private static func oursRun(_ words: [String]) -> Run {
        let host = WindowHost()
        let frames = PaintedFrames(window: host.window)
        var run = Run()
        let t0 = Clock.now()
        let manager = BaseListManager()
        let state = try! FilteredState(manager: manager, models: Array(words.indices), text: { words[$0] }) {
            BaseRowGenerator<WordView>(model: words[$0], id: $0)
        }
        let adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).build()
        host.show(adapter.widget)
        run.ms.append(Clock.ms(t0, frames.waitForPaint()))
        run.shown.append(sample(count: manager.store.count) { (manager.store.generator(at: $0) as! BaseRowGenerator<WordView>).model })
        for query in queries {
            let t = Clock.now()
            try! state.setQuery(query)
            run.ms.append(Clock.ms(t, frames.waitForPaint()))
            run.shown.append(sample(count: manager.store.count) { (manager.store.generator(at: $0) as! BaseRowGenerator<WordView>).model })
        }
        frames.stop()
        host.show(nil)
        host.destroy()
        manager.clear()
        return run
    }

    private static func gtkRun(_ words: [String]) -> Run {
        // The words as C strings: the app's data, made before the clock starts.
        var strings: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        strings.append(nil)
        defer { for string in strings { free(string) } }
        let host = WindowHost()
        let frames = PaintedFrames(window: host.window)
        var run = Run()
        let t0 = Clock.now()
        let list = strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_string_list_new($0)! }
        }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = gtk_string_filter_new(expression)!   // takes the expression
        gtk_string_filter_set_ignore_case(filter, 1)
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        g_object_ref(UnsafeMutableRawPointer(filter))     // kept to set the search; the model takes one
        let filtered = gtk_filter_list_model_new(gdd_list_model(UnsafeMutableRawPointer(list)), UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GtkFilter.self))!
        let selection = gtk_single_selection_new(gdd_list_model(UnsafeMutableRawPointer(filtered)))!
        let factory = gtk_signal_list_item_factory_new()!
        let raw = UnsafeMutableRawPointer(factory)
        _ = Signal.connect(raw, "setup", pointer: { item in gtk_list_item_set_child(gdd_list_item(item), gtk_label_new(nil)) })
        _ = Signal.connect(raw, "bind", pointer: { item in
            let listItem = gdd_list_item(item)!
            let object = gtk_list_item_get_item(listItem)
            gtk_label_set_text(gdd_label(UnsafeMutableRawPointer(gtk_list_item_get_child(listItem))),
                               gtk_string_object_get_string(OpaquePointer(object)))
        })
        let view = gtk_list_view_new(gdd_selection_model(UnsafeMutableRawPointer(selection)), gdd_list_item_factory(raw))!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gdd_scrolled_window(UnsafeMutableRawPointer(scrolled)), view)
        host.show(scrolled)
        run.ms.append(Clock.ms(t0, frames.waitForPaint()))
        let model = gdd_list_model(UnsafeMutableRawPointer(filtered))
        func shown() -> [String] {
            sample(count: Int(g_list_model_get_n_items(model))) { position in
                let item = g_list_model_get_item(model, guint(position))!
                defer { g_object_unref(item) }
                return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
            }
        }
        run.shown.append(shown())
        for query in queries {
            let t = Clock.now()
            gtk_string_filter_set_search(filter, query)
            run.ms.append(Clock.ms(t, frames.waitForPaint()))
            run.shown.append(shown())
        }
        frames.stop()
        host.show(nil)
        host.destroy()
        g_object_unref(UnsafeMutableRawPointer(filter))
        return run
    }

    // MARK: Helpers

    /// The words of `wordList`, or as many made-up words (seeded) when it is not installed.
    private static func loadWords(seed: UInt64) -> (words: [String], source: String) {
        if let text = try? String(contentsOfFile: wordList, encoding: .utf8) {
            return (text.split(separator: "\n").map(String.init), "Debian's wamerican-insane")
        }
        var random = SeededRandom(seed: seed)
        let syllables = ["an", "bel", "cor", "da", "en", "fi", "gar", "ho", "is", "ka", "lo", "mer", "ni", "or", "pa", "st", "re", "et"]
        let words = (0..<663_473).map { i in
            (0..<(2 + Int(random.next() % 3))).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }.joined() + "\(i)"
        }
        return (words, "made up: install wamerican-insane for Debian's word list")
    }

    /// The step's row count, and the texts at 256 positions spread over `count` rows.
    private static func sample(count: Int, _ text: (Int) -> String) -> [String] {
        guard count > 0 else { return [] }
        let step = max(1, count / 256)
        return ["\(count)"] + stride(from: 0, to: count, by: step).map(text)
    }

    private static func rowsLabel(_ run: Run, _ step: Int) -> String { run.shown[step][0] }

    private static func pad(_ cells: [String]) -> String { tableLine(cells, widths: [5, 15, 9, 9, 9, 9]) }
}

/// A word in a label.
@MainActor
final class WordView: ConfigurableRowView {
    let widget = OwnedWidget(gtk_label_new(nil))
    static func make() -> WordView { WordView() }
    func configure(with model: String) {
        model.withCString { gtk_label_set_text(gdd_label(widget.raw), $0) }
    }
}

/// The frames a window paints: `waitForPaint` requests one and returns when it was painted.
@MainActor
final class PaintedFrames {
    private let clock: OpaquePointer?
    private var handler: UInt = 0
    private var painted = 0
    private var paintedAt: UInt64 = 0

    init(window: UnsafeMutablePointer<GtkWidget>) {
        clock = gtk_widget_get_frame_clock(window)
        guard let clock else { return }
        handler = Signal.connectAfter(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            self?.painted += 1
            self?.paintedAt = Clock.now()
        }
    }

    /// Requests a frame, runs the main loop until it is painted, and returns when that was.
    func waitForPaint() -> UInt64 {
        guard let clock else { return Clock.now() }
        let before = painted
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
        let start = Clock.now()
        while painted == before && Clock.seconds(since: start) < 30 {
            if g_main_context_iteration(nil, 0) == 0 { usleep(50) }
        }
        return paintedAt
    }

    func stop() {
        guard let clock else { return }
        Signal.disconnect(UnsafeMutableRawPointer(clock), handler)
    }
}
