// `--tree-only`: a tree over a file system's shape — folders of files, `String` ids (paths), every
// folder expanded — through the search an app runs as the user types: four letters typed, deleted
// again, a query that matches nothing, cleared. Each step is a whole new state of new generators
// (the app re-renders), timed as `setState` on the manager showing the previous step, against
// clearing that manager and filling it with the step's state. Then a folder of 10,000 children
// loaded on demand: how many splices its answer takes, and how long from the answer to the store
// holding the children. In this process, no display.

import Foundation
import GtkDataDisplay

@MainActor
enum TreeSearch {
    /// One file or folder of the benchmark's tree.
    private struct Node {
        let name: String
        let path: String
        let number: Int
        var files: [Node] = []
    }

    /// Prints the table of the search steps (medians of `runs`, default 6) and the lazy folder's figures.
    static func run(size: Int, settings: Settings, runs: Int?) {
        let count = runs ?? 6
        let tree = makeTree(rows: size, seed: settings.seed)
        let query = queryOfFourLetters(in: tree)
        let steps = (1...4).map { String(query.prefix($0)) } + (1...3).reversed().map { String(query.prefix($0)) }
            + ["", "zqxj", ""]
        print("TREE SEARCH — \(sizeLabel(size)) rows (\(tree.count) folders of files, String ids, all expanded), "
              + "typing \"\(query)\", deleting it, a query that matches nothing, clearing; median ms of \(count)")
        print(pad(["step", "query", "rows", "setState", "clear+fill", "×"]))
        var worst = Double.infinity
        // Steps from or to no rows run the same code either way (an empty manager filled, every row
        // removed in one splice): their ratio is the machine's noise, reported apart.
        var sameWork: [String] = []
        var previousRows = -1  // step 1 starts from the whole tree (the empty query)
        for (index, text) in steps.enumerated() {
            // New generators for every run (an app renders anew), made outside the timing.
            var setTimes: [Double] = [], refillTimes: [Double] = []
            var shownRows = 0
            for run in 0..<count {
                let previous = index == 0 ? "" : steps[index - 1]
                /// A manager showing the previous step's state, `update` applied to it and timed; then
                /// cleared (untimed), so that its row objects wait in the library's pool of spare row
                /// objects as they did before: the other side starts with the pool as this one found
                /// it (the first of two fills in a row took what the pool held, the second made new
                /// objects: 14% apart at a step where both do the same work).
                func timed(_ update: (BaseListManager, [Section]) -> Void) -> (ms: Double, rows: Int) {
                    let manager = BaseListManager()
                    try! manager.setState(render(tree, matching: previous))
                    let next = render(tree, matching: text)  // new generators: an app renders anew
                    let t0 = Clock.now()
                    update(manager, next)
                    let ms = Clock.ms(t0, Clock.now())
                    let rows = manager.store.count
                    try! manager.clear()
                    return (ms, rows)
                }
                func diff() -> (ms: Double, rows: Int) { timed { manager, next in try! manager.setState(next) } }
                func refill() -> (ms: Double, rows: Int) {
                    timed { manager, next in
                        try! manager.clear()
                        try! manager.setState(next)
                    }
                }
                // Each goes first in every other run (the second finds the heap and caches the first warmed).
                let (diffed, refilled) = run % 2 == 0 ? { let d = diff(); return (d, refill()) }()
                                                      : { let r = refill(); return (diff(), r) }()
                setTimes.append(diffed.ms)
                refillTimes.append(refilled.ms)
                precondition(diffed.rows == refilled.rows, "the two managers disagree")
                shownRows = diffed.rows
            }
            let set = median(setTimes)!, refill = median(refillTimes)!
            if previousRows == 0 || shownRows == 0 {
                sameWork.append("step \(index + 1) ×\(String(format: "%.2f", refill / set))")
            } else {
                worst = min(worst, refill / set)
            }
            previousRows = shownRows
            print(pad([String(index + 1), text.isEmpty ? "(empty)" : "\"\(text)\"", String(shownRows),
                       String(format: "%.2f", set), String(format: "%.2f", refill), String(format: "×%.2f", refill / set)]))
        }
        print("setState against clear + fill, the smallest ratio over the steps that diff: ×\(String(format: "%.2f", worst)) "
              + (worst >= 1 ? "(never slower)" : "(slower at some step)"))
        print("from or to no rows, the same code either way (the machine's noise): " + sameWork.joined(separator: ", "))
        lazyFolder(children: 10_000, runs: count)
    }

    /// Expands a folder whose 10,000 children load on demand, and reports the splices its answer took.
    private static func lazyFolder(children: Int, runs: Int) {
        var times: [Double] = [], answerSplices: [Int] = []
        for _ in 0..<runs {
            let manager = BaseListManager()
            var answered: UInt64 = 0
            let folder = FoldableRowGenerator<BenchRowView>(model: BenchModel(id: -1, content: 0), id: "folder") {
                let rows: [any RowGenerator] = (0..<children).map { BenchRow(model: BenchModel(id: $0, content: 0), id: "folder/\($0)") }
                answered = Clock.now()
                return rows
            }
            try! manager.setState([Section(rows: [folder])])
            var splices = 0
            manager.store.onItemsChanged { _, _, _ in splices += 1 }
            try! manager.expand(folder)
            let beforeAnswer = splices
            while folder.childLoading?.state != .loaded { MainLoop.iterate(mayBlock: true) }
            times.append(Clock.ms(answered, Clock.now()))
            answerSplices.append(splices - beforeAnswer)
            precondition(manager.store.count == children + 1, "the children did not land")
        }
        print("lazy folder of \(children) children: the answer lands in \(answerSplices.max()!) splice"
              + "\(answerSplices.max()! == 1 ? "" : "s") (the loading row out, the children in), "
              + "\(String(format: "%.2f", median(times)!)) ms from the loader's return to the store holding them (median of \(runs))")
    }

    // MARK: The tree

    /// Folders of 20–180 files named from syllables, `rows` rows in all (a folder is a row).
    private static func makeTree(rows: Int, seed: UInt64) -> [Node] {
        var random = SeededRandom(seed: seed)
        let syllables = ["an", "bel", "cor", "da", "en", "fi", "gar", "ho", "is", "jun", "ka", "lo", "mer", "ni", "or",
                         "pa", "qui", "ru", "sen", "ta", "ul", "ve", "wen", "xa", "yo", "zu", "tion", "ster"]
        func word() -> String {
            (0..<(2 + Int(random.next() % 3))).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }.joined()
        }
        var folders: [Node] = []
        var made = 0, number = 0
        while made < rows {
            let name = word()
            var folder = Node(name: name, path: "/\(folders.count)-\(name)", number: number)
            number += 1
            let files = min(20 + Int(random.next() % 161), rows - made - 1)
            for i in 0..<files {
                let file = word() + ".txt"
                folder.files.append(Node(name: file, path: folder.path + "/\(i)-\(file)", number: number))
                number += 1
            }
            made += files + 1
            folders.append(folder)
        }
        return folders
    }

    /// The first four letters of a file name in the middle of the tree: typed, they narrow the tree step by step.
    private static func queryOfFourLetters(in tree: [Node]) -> String {
        let folder = tree[tree.count / 2]
        return String(folder.files[folder.files.count / 2].name.prefix(4))
    }

    /// The state an app renders for `query`: every folder whose name matches with all its files,
    /// every other folder with its matching files, if any; new generators each time.
    private static func render(_ tree: [Node], matching query: String) -> [Section] {
        var rows: [any RowGenerator] = []
        for folder in tree {
            let folderMatches = query.isEmpty || folder.name.contains(query)
            let files = folderMatches ? folder.files : folder.files.filter { $0.name.contains(query) }
            guard folderMatches || !files.isEmpty else { continue }
            let children: [any RowGenerator] = files.map { BenchRow(model: BenchModel(id: $0.number, content: 0), id: $0.path) }
            rows.append(FoldableRowGenerator<BenchRowView>(model: BenchModel(id: folder.number, content: 0), id: folder.path,
                                                           children: children, expanded: true))
        }
        return [Section(rows: rows)]
    }

    private static func pad(_ cells: [String]) -> String { tableLine(cells, widths: [5, 10, 8, 10, 11, 7]) }
}
