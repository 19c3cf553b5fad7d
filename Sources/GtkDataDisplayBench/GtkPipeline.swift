// `--pipeline-only`: what a GTK developer builds instead of this library for a searchable list —
// GtkStringList → GtkFilterListModel (GtkStringFilter: substring, case ignored) → GtkSingleSelection
// → GtkListView with a label factory — against the library: a manager showing a `FilteredState` of
// the same words in a `ListViewAdapter`. The words of Debian's `wamerican-insane` (663,473; a
// seeded list of as many made-up words without it). Each contender in its own window under a
// display, timed from the change to the frame that paints it (the frame clock's after-paint): the
// first display of every word, then a type-ahead ("s" … "street", deleted back to empty). Then 1M
// made-up strings (seeded) in GtkStringList → GtkSortListModel (a GtkStringSorter; descending, a
// GtkCustomSorter) against the same `FilteredState` sorted: loaded to the first frame, sorted up,
// down, and back to the app's order. Both are checked to hold the same rows at every step (count and
// 256 positions spread over the list). Last, the heap in use and the resident memory per row of each
// side's 1M strings loaded and painted, each in a fresh child process. Then appends into a filtered,
// sorted list (GtkPipelineAppends.swift).

import CGtkDataDisplay
import Foundation
import GtkDataDisplay

@MainActor
enum GtkPipeline {
    static let wordList = "/usr/share/dict/american-english-insane"
    private static let queries = ["s", "st", "str", "stre", "stree", "street", "stree", "stre", "str", "st", "s", ""]

    /// One contender's run: the first display, then each query, in ms; the rows each step showed.
    struct Run {
        var ms: [Double] = []
        /// For steps timed twice: ms from the change to the painted frame (`ms`: till the call returned).
        var paintedMs: [Double] = []
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
              + "to the painted frame, each change made with the frame clock idle (50 ms after the last frame), median of "
              + "\(count) runs, the contenders alternating")
        let (ours, gtk) = alternate(count) { oursRun(words) } gtk: { gtkRun(words) }
        report(["first display"] + queries.map { $0.isEmpty ? "(empty)" : "\"\($0)\"" }, ours, gtk, total: "type-ahead")
        runStalls(seed: settings.seed, runs: runs)

        let strings = madeUpWords(1_000_000, seed: settings.seed &+ 1)
        print("GTK PIPELINE, SORT — 1,000,000 made-up strings (seeded), GtkSortListModel against FilteredState.sort; "
              + "ms to the painted frame, median of \(count)")
        let (oursSorted, gtkSorted) = alternate(count) { oursSortRun(strings) } gtk: { gtkSortRun(strings) }
        report(["load", "ascending", "descending", "unsorted"], oursSorted, gtkSorted, total: nil)

        reportFloor(strings, ours: oursSorted, gtk: gtkSorted, runs: count)

        let memory = memoryPerRow(size: strings.count, settings: settings)
        func describe(_ side: Side, _ part: KeyPath<(heap: Double, resident: Double), Double>) -> String {
            memory[side].map { String(format: "%.0f B", $0[keyPath: part]) } ?? "not measured"
        }
        func ratio(_ part: KeyPath<(heap: Double, resident: Double), Double>) -> String {
            guard let ours = memory[.ours]?[keyPath: part], let gtk = memory[.gtk]?[keyPath: part] else { return "" }
            return String(format: " (ours ×%.2f of GTK's)", ours / gtk)
        }
        print("GTK PIPELINE, MEMORY — per row of the 1,000,000 strings loaded and painted, each contender in a fresh "
              + "process; heap in use (malloc's live bytes): ours \(describe(.ours, \.heap)), GTK \(describe(.gtk, \.heap))"
              + "\(ratio(\.heap)), the floor (one GListStore of string objects) \(describe(.floor, \.heap)), the same "
              + "objects behind an array list model \(describe(.arrayFloor, \.heap)); resident: ours "
              + "\(describe(.ours, \.resident)), GTK \(describe(.gtk, \.resident))\(ratio(\.resident)), the floor "
              + "\(describe(.floor, \.resident)), array \(describe(.arrayFloor, \.resident))")

        runAppends(settings: settings, runs: count)
    }

    /// `count` runs of each contender, alternating which goes first.
    static func alternate(_ count: Int, ours: () -> Run, gtk: () -> Run) -> ([Run], [Run]) {
        var a: [Run] = [], b: [Run] = []
        for run in 0..<count {
            if run % 2 == 0 {
                a.append(ours())
                b.append(gtk())
            } else {
                b.append(gtk())
                a.append(ours())
            }
        }
        return (a, b)
    }

    /// Prints the medians of each step (and the total of all but the first, named `total`), after
    /// checking that both contenders held the same rows at every step of every run.
    static func report(_ labels: [String], _ ours: [Run], _ gtk: [Run], total: String?) {
        for (a, b) in zip(ours, gtk) where a.shown != b.shown {
            let step = a.shown.indices.first { a.shown[$0] != b.shown[$0] } ?? 0
            print("MISMATCH at step \(step) (\(labels[step])): ours \(a.shown[step].prefix(4)), GTK \(b.shown[step].prefix(4))")
            return
        }
        print(pad(["step", "", "rows", "ours", "GTK", "GTK/ours"]))
        var oursTotal = 0.0, gtkTotal = 0.0
        for step in labels.indices {
            let o = median(ours.map { $0.ms[step] })!, g = median(gtk.map { $0.ms[step] })!
            if step > 0 { oursTotal += o; gtkTotal += g }
            print(pad([String(step), labels[step], ours[0].shown[step].first ?? "0",
                       String(format: "%.1f", o), String(format: "%.1f", g), String(format: "×%.2f", g / o)]))
        }
        if let total {
            print(pad(["", total, "", String(format: "%.1f", oursTotal), String(format: "%.1f", gtkTotal),
                       String(format: "×%.2f", gtkTotal / oursTotal)]))
        }
    }

    // MARK: The contenders

    private static func oursRun(_ words: [String]) -> Run {
        inWindow { host, frames, run in
            let (manager, state) = shownList(words, host, frames, &run)
            for query in queries {
                frames.settle()
                let t = Clock.now()
                try! state.setQuery(query)
                run.ms.append(Clock.ms(t, frames.waitForPaint()))
                run.shown.append(shown(manager))
            }
            host.show(nil)
            manager.clear()
        }
    }

    private static func gtkRun(_ words: [String]) -> Run {
        let strings = CStrings(words)
        defer { strings.free() }
        return inWindow { host, frames, run in
            let t0 = Clock.now()
            let list = strings.stringList()
            let filter = substringFilter()
            g_object_ref(UnsafeMutableRawPointer(filter))     // kept to set the search; the model takes one
            let filtered = gtk_filter_list_model_new(gdd_list_model(UnsafeMutableRawPointer(list)), UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GtkFilter.self))!
            let view = listView(over: gdd_list_model(UnsafeMutableRawPointer(filtered))!)
            host.show(view)
            run.ms.append(Clock.ms(t0, frames.waitForPaint()))
            let model = gdd_list_model(UnsafeMutableRawPointer(filtered))!
            run.shown.append(shownStrings(model))
            for query in queries {
                frames.settle()
                let t = Clock.now()
                gtk_string_filter_set_search(filter, query)
                run.ms.append(Clock.ms(t, frames.waitForPaint()))
                run.shown.append(shownStrings(model))
            }
            host.show(nil)
            g_object_unref(UnsafeMutableRawPointer(view))
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
    }

    // MARK: Sorting

    private static func oursSortRun(_ strings: [String]) -> Run {
        inWindow { host, frames, run in
            let (manager, state) = shownList(strings, host, frames, &run)
            for order in [{ strings[$0] < strings[$1] }, { strings[$0] > strings[$1] }, nil] as [((Int, Int) -> Bool)?] {
                frames.settle()
                let t = Clock.now()
                try! state.sort(by: order)
                run.ms.append(Clock.ms(t, frames.waitForPaint()))
                run.shown.append(shown(manager))
            }
            host.show(nil)
            manager.clear()
        }
    }

    static func gtkSortRun(_ strings: [String]) -> Run {
        let cStrings = CStrings(strings)
        defer { cStrings.free() }
        return inWindow { host, frames, run in
            let (sorted, view) = gtkSortList(cStrings, host, frames, &run)
            let model = gdd_list_model(UnsafeMutableRawPointer(sorted))!
            run.shown.append(shownStrings(model))
            // Ascending: GTK's string sorter on the item's string; descending: the same order reversed.
            let ascending = gtk_string_sorter_new(gtk_property_expression_new(gtk_string_object_get_type(), nil, "string"))!
            gtk_string_sorter_set_ignore_case(ascending, 0)
            let descending = gtk_custom_sorter_new({ a, b, _ in
                -strcmp(gtk_string_object_get_string(OpaquePointer(a)), gtk_string_object_get_string(OpaquePointer(b)))
            }, nil, nil)!
            for sorter in [UnsafeMutableRawPointer(ascending), UnsafeMutableRawPointer(descending), nil] {
                frames.settle()
                let t = Clock.now()
                gtk_sort_list_model_set_sorter(sorted, sorter?.assumingMemoryBound(to: GtkSorter.self))
                run.ms.append(Clock.ms(t, frames.waitForPaint()))
                run.shown.append(shownStrings(model))
            }
            g_object_unref(UnsafeMutableRawPointer(ascending))
            g_object_unref(UnsafeMutableRawPointer(descending))
            host.show(nil)
            g_object_unref(UnsafeMutableRawPointer(view))
        }
    }

    /// GTK's side of the sort task: `strings` in a `GtkStringList` under a `GtkSortListModel` (no
    /// sorter yet) in a list view shown in `host`, timed to the painted frame into `run`; the sort
    /// model and the view (a reference of its own).
    static func gtkSortList(_ strings: CStrings, _ host: WindowHost, _ frames: PaintedFrames,
                                    _ run: inout Run) -> (OpaquePointer, UnsafeMutablePointer<GtkWidget>) {
        let t0 = Clock.now()
        let list = strings.stringList()
        let sorted = gtk_sort_list_model_new(gdd_list_model(UnsafeMutableRawPointer(list)), nil)!
        let view = listView(over: gdd_list_model(UnsafeMutableRawPointer(sorted))!)
        host.show(view)
        run.ms.append(Clock.ms(t0, frames.waitForPaint()))
        return (sorted, view)
    }

    /// A `GtkStringFilter` on string objects' strings: substring, case ignored (a full reference).
    static func substringFilter() -> OpaquePointer {
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = gtk_string_filter_new(expression)!   // takes the expression
        gtk_string_filter_set_ignore_case(filter, 1)
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        return filter
    }

    // MARK: Memory

    /// Whose list a memory child shows: ours, GTK's pipeline, or the floor (`GtkPipelineFloor.swift`).
    enum Side: String { case ours, gtk, floor, arrayFloor = "array-floor" }

    /// Heap in use and resident memory per row of each contender's list of `size` made-up strings,
    /// shown and painted, each in a fresh child process (`--worker pipeline-memory-…`): nil for a
    /// contender whose child failed.
    private static func memoryPerRow(size: Int, settings: Settings) -> [Side: (heap: Double, resident: Double)] {
        func child(_ side: Side) -> (heap: Double, resident: Double)? {
            guard let process = ChildProcess(arguments: ["--worker", "pipeline-memory-\(side.rawValue)", "--size", String(size)]
                                              + settings.arguments) else { return nil }
            let deadline = Clock.now() + 300_000_000_000
            var bytes: (heap: Double, resident: Double)?
            while true {
                switch process.next(deadline: deadline, memoryBound: settings.memoryBoundBytes) {
                case .line(let line) where line.hasPrefix("MEMORY "):
                    let words = line.split(separator: " ").dropFirst().compactMap { Double($0) }
                    if words.count == 2 { bytes = (words[0], words[1]) }
                case .timeout, .memory:
                    process.kill()
                    return nil
                case .exited: return bytes
                default: continue
                }
            }
        }
        var bytes: [Side: (heap: Double, resident: Double)] = [:]
        for side in [Side.ours, .gtk, .floor, .arrayFloor] { bytes[side] = child(side) }
        return bytes
    }

    /// The child of `memoryPerRow`: prints "MEMORY <heap bytes per row> <resident bytes per row>" for one side's list of
    /// `size` strings (the strings themselves made before; a small list of the same kind shown
    /// first, so that types, styles and fonts do not count).
    static func measureMemory(size: Int, side: Side, settings: Settings) {
        guard WindowHost.initializeGTK() else { return }
        let strings = madeUpWords(size, seed: settings.seed &+ 1)
        let cStrings = side == .ours ? nil : CStrings(strings)
        func show(_ strings: [String], _ cStrings: CStrings?, measuring: Bool) {
            _ = inWindow { host, frames, run in
                let before = (heap: ProcessMemory.heapInUse(), resident: ProcessMemory.read()?.rss ?? 0)
                if let cStrings {
                    let view = switch side {
                    case .gtk: gtkSortList(cStrings, host, frames, &run).1
                    case .arrayFloor: floorList(cStrings, host, frames, &run, arrayModel: true).view
                    default: floorList(cStrings, host, frames, &run).view
                    }
                    if measuring { report(before) }
                    host.show(nil)
                    g_object_unref(UnsafeMutableRawPointer(view))
                } else {
                    // The state stays alive while measured, as an app keeps its search helper.
                    let (manager, state) = shownList(strings, host, frames, &run)
                    if measuring { report(before) }
                    withExtendedLifetime(state) { host.show(nil) }
                    manager.clear()
                }
            }
        }
        func report(_ before: (heap: Int, resident: Int)) {
            guard let resident = ProcessMemory.read()?.rss else { return }
            let heap = ProcessMemory.heapInUse()
            print("MEMORY \(Double(heap - before.heap) / Double(size)) \(Double(resident - before.resident) / Double(size))")
        }
        let warm = Array(strings.prefix(200))
        let warmC = side == .ours ? nil : CStrings(warm)
        show(warm, warmC, measuring: false)
        warmC?.free()
        show(strings, cStrings, measuring: true)
        cStrings?.free()
    }

    // MARK: Helpers

    /// Our side's list of `strings` (a `FilteredState` of their indices in a `ListViewAdapter`) shown in
    /// `host`: its first display timed and sampled into `run`.
    private static func shownList(_ strings: [String], _ host: WindowHost, _ frames: PaintedFrames,
                                  _ run: inout Run) -> (BaseListManager, FilteredState<Int>) {
        let t0 = Clock.now()
        let manager = BaseListManager()
        let state = try! FilteredState(manager: manager, models: Array(strings.indices), text: { strings[$0] }) {
            BaseRowGenerator<WordView>(model: strings[$0], id: $0)
        }
        let adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).build()
        host.show(adapter.widget)   // the window keeps the adapter's widget, and the widget its adapter
        run.ms.append(Clock.ms(t0, frames.waitForPaint()))
        run.shown.append(shown(manager))
        return (manager, state)
    }

    /// The sample of our side's store (see `sample`).
    static func shown(_ manager: BaseListManager) -> [String] {
        sample(count: manager.store.count) { (manager.store.generator(at: $0) as! BaseRowGenerator<WordView>).model }
    }

    /// A run of one contender in a window of its own: `body` gets the window, its painted frames and
    /// the run to fill.
    static func inWindow(_ body: (WindowHost, PaintedFrames, inout Run) -> Void) -> Run {
        let host = WindowHost()
        let frames = PaintedFrames(window: host.window)
        var run = Run()
        body(host, frames, &run)
        frames.stop()
        host.destroy()
        return run
    }

    /// Strings as C strings: the app's data for GTK's side, made before the clock starts.
    struct CStrings {
        private var pointers: [UnsafeMutablePointer<CChar>?]

        init(_ strings: [String]) {
            pointers = strings.map { strdup($0) }
            pointers.append(nil)
        }

        /// A `GtkStringList` of them (transfer full).
        func stringList() -> OpaquePointer {
            pointers.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_string_list_new($0)! }
            }
        }

        /// Appends the strings of `range` to the end of `list` (one splice).
        func splice(into list: OpaquePointer, range: Range<Int>) {
            var batch = pointers[range].map { UnsafePointer($0) }
            batch.append(nil)
            batch.withUnsafeMutableBufferPointer { buffer in
                gtk_string_list_splice(list, g_list_model_get_n_items(gdd_list_model(UnsafeMutableRawPointer(list))), 0, buffer.baseAddress)
            }
        }

        /// A `GListStore` of a `GtkStringObject` for each string, made one by one and put in with
        /// one splice (transfer full): what one store of objects costs, as the library's store has.
        /// A `GtkStringObject` of each string (a reference each).
        func stringObjects() -> [UnsafeMutableRawPointer] {
            pointers.dropLast().map { UnsafeMutableRawPointer(gtk_string_object_new($0)) }
        }

        func stringObjectStore() -> OpaquePointer {
            let store = g_list_store_new(gtk_string_object_get_type())!
            var objects: [UnsafeMutableRawPointer?] = stringObjects()
            objects.withUnsafeMutableBufferPointer { buffer in
                g_list_store_splice(store, 0, 0, buffer.baseAddress, guint(buffer.count))
            }
            for object in objects { g_object_unref(object!) }
            return store
        }

        func free() { for pointer in pointers { Glibc.free(pointer) } }
    }

    /// A `GtkListView` of labels over the string objects of `model` (transfer full), in a scrolled
    /// window (returned, with a reference of its own).
    static func listView(over model: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        let selection = gtk_single_selection_new(model)!
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
        g_object_ref_sink(UnsafeMutableRawPointer(scrolled))
        gtk_scrolled_window_set_child(gdd_scrolled_window(UnsafeMutableRawPointer(scrolled)), view)
        return scrolled
    }

    /// The sample of a model of string objects (see `sample`).
    static func shownStrings(_ model: OpaquePointer) -> [String] {
        sample(count: Int(g_list_model_get_n_items(model))) { position in
            let item = g_list_model_get_item(model, guint(position))!
            defer { g_object_unref(item) }
            return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
        }
    }

    /// The words of `wordList`, or as many made-up words (seeded) when it is not installed.
    static func loadWords(seed: UInt64) -> (words: [String], source: String) {
        if let text = try? String(contentsOfFile: wordList, encoding: .utf8) {
            return (text.split(separator: "\n").map(String.init), "Debian's wamerican-insane")
        }
        return (madeUpWords(663_473, seed: seed), "made up: install wamerican-insane for Debian's word list")
    }

    /// `count` words of 2–4 syllables (seeded; some repeat).
    static func madeUpWords(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let syllables = ["an", "bel", "cor", "da", "en", "fi", "gar", "ho", "is", "ka", "lo", "mer", "ni", "or", "pa", "st", "re", "et"]
        return (0..<count).map { _ in
            (0..<(2 + Int(random.next() % 3))).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }.joined()
        }
    }

    /// The step's row count, and the texts at 256 positions spread over `count` rows.
    static func sample(count: Int, _ text: (Int) -> String) -> [String] {
        guard count > 0 else { return [] }
        let step = max(1, count / 256)
        return ["\(count)"] + stride(from: 0, to: count, by: step).map(text)
    }

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
