// Command line: what the person asks for, and the hidden worker modes the parent uses.

import Glibc

struct Options {
    enum Mode {
        case parent
        case timingWorker(size: Int, contender: ContenderName, mixes: [Mix])
        case managerWorker(size: Int, mixes: [Mix], idKind: BenchIDKind)
        case bindsWorker(size: Int, contender: ContenderName, mixes: [Mix])
        case fillWorker(size: Int)
        case rawFillWorker(size: Int)
        case memoryWorker(size: Int)
        case selectionWorker(size: Int)
        case viewsWorker(size: Int, mixes: [Mix])
        case interactiveWorker(size: Int)
        case singleOpsWorker(size: Int)
        case engineOnly(runs: Int?)
        case updatesOnly(runs: Int?, idKind: BenchIDKind, sections: Int)
        case auditOnly(runs: Int?)
        case treeOnly(runs: Int?)
        case tableOnly(runs: Int?)
        case pipelineOnly(runs: Int?)
        case stallsOnly(runs: Int?)
        case pipelineMemoryWorker(size: Int, side: GtkPipeline.Side)
        case help
    }

    var mode: Mode = .parent
    var settings = Settings()
    var sizes: [Int] = [1_000, 10_000, 100_000, 1_000_000]
    var mixes: [Mix] = Mix.allCases
    var jsonPath: String?
    /// First fill: skip the add(_:) path.
    var setStateOnly = false
    /// Run only the list-beside-grid section (--views-only).
    var viewsOnly = false
    /// Run only the interactive budget and the single operations (--interactive-only, --single-ops-only).
    var interactiveOnly = false
    var singleOpsOnly = false
    private var sizesGiven = false

    /// Sizes whose memory is measured in a fresh process.
    var memorySizes: [Int] {
        settings.quick && !sizesGiven ? [1_000, 10_000, 100_000] : sizes
    }

    /// Sizes of the selection measurement (select all / Ctrl+A / unselect all with a listener):
    /// --sizes when given, else 100k with --quick (the size issue 9 names; it is quick) and
    /// 10k, 100k, 1M in a full run.
    var selectionSizes: [Int] {
        if sizesGiven { return sizes }
        return settings.quick ? [100_000] : sizes.filter { $0 >= 10_000 }
    }

    /// Sizes of the list-beside-grid measurement: --sizes when given, else 100k (the size issue 10
    /// names).
    var viewSizes: [Int] {
        sizesGiven ? sizes : [100_000]
    }

    /// Size of the interactive budget (issue 12, goal 8): 10k rows.
    static let interactiveSize = 10_000

    /// Sizes of the single operations (issue 12, goal 6): --sizes when given, else 10k, 100k, 1M.
    var singleOpsSizes: [Int] {
        sizesGiven ? sizes : [10_000, 100_000, 1_000_000]
    }

    /// Size of the first-fill measurement (1M unless --sizes leaves it out).
    var fillSize: Int? {
        settings.quick && !sizesGiven ? 1_000_000 : sizes.max()
    }

    /// Whether to count binds for `contender` at `size`: ours and full-reload everywhere; stdlib and
    /// per-row up to 10k (1k with --quick), since their one-splice-per-row updates make GTK 4.8 rebind
    /// every realised row per emission — millions of binds already at 10k, only slower beyond.
    func measuresBinds(_ contender: ContenderName, size: Int) -> Bool {
        switch contender {
        case .ours: return true
        case .fullReload: return !settings.quick || size <= 1_000
        case .stdlib, .perRow: return size <= (settings.quick ? 1_000 : 10_000)
        }
    }

    static let usage = """
    usage: gtk-data-display-bench [--json FILE] [--sizes 1000,10000,...] [--mixes a,b,...] [--quick]
                                  [--seed N] [--time-bound SECONDS] [--memory-bound-gib N] [--views-only]
                                  [--interactive-only] [--single-ops-only]
       gtk-data-display-bench --engine-only [--sizes ...] [--mixes ...] [--runs N]

    Runs the contenders (ours, stdlib, full-reload, per-row) on the same seeded inputs and prints
    tables of ratios and a goals section. The report leads with setState (BaseListManager.setState of new
    generators, once with Int ids and once with String ids) beside full reload, the hash floor and the
    engine; the goals section lists issue 12's goals 1–9 (MET only when every input a goal names was
    measured: the full run; N/A otherwise). Bind counts need a display: run under
      xvfb-run -a -s "-screen 0 1280x1024x24" gtk-data-display-bench
      --json FILE     also write every figure as a JSON array
      --sizes LIST    row counts (k and M suffixes allowed; default 1k,10k,100k,1M)
      --mixes LIST    inputs to run (default all): \(Mix.allCases.map(\.rawValue).joined(separator: ", "))
      --quick         sizes 1k and 10k, fewer runs, binds of the other contenders at 1k only,
                      memory up to 100k, first fill at 1M through setState only, selection at 100k;
                      under a minute
      --seed N        base seed of the inputs
      --time-bound S  a contender run longer than S seconds is DNF (default 20)
      --memory-bound-gib N  a worker past N GiB resident is killed, DNF (default 4)
      --views-only    run only the LIST AND GRID section (below)
      --interactive-only  run only the INTERACTIVE BUDGET section (below)
      --single-ops-only   run only the SINGLE OPERATIONS section (below; no display needed)
      --engine-only   only ListDiff.plan against the hash floor, in this process, no GTK: a table of
                      medians and ratios (--runs N timed runs each, default the bench's, at least 3)
      --updates-only  only setState of new generators on a filled manager, in this process, no display
                      (--runs N updates, default 3, alternating the mix's new and old state;
                      --ids int|string; --sections N: the rows split into N sections, default 1):
                      a workload for callgrind with the fill outside the counted function
                      (--toggle-collect='*UpdatesOnly*update*')
      --tree-only     only the tree search: folders of files (String ids, all expanded; --sizes, default
                      100k) through typing four letters, deleting them, no match, clearing: setState
                      against clear + fill at each step (--runs N, default 6); and a folder of 10,000
                      children loaded on demand: the splices its answer takes. In this process, no display
      --table-only    only the table: four columns over 100k rows (--sizes), re-sorted by each column in
                      turn through the manager against GTK's GtkSortListModel with a GtkCustomSorter on
                      the same items (--runs N, default 6); under a display, the binds of each re-sort of
                      a ColumnViewAdapter in a window against the rows realised
      --pipeline-only GTK's own pipeline (GtkStringList → GtkFilterListModel with a GtkStringFilter →
                      GtkListView) against a FilteredState in a ListViewAdapter, over the words of
                      wamerican-insane (scripts/install-deps --bench), each in a window under a
                      display: first display and a type-ahead, ms to the painted frame (--runs N, default 3);
                      1M strings loaded and sorted (GtkSortListModel), and each side's resident memory per
                      row of them in a fresh process; and the longest main-loop stall of big updates
                      (setStateInBackground against GTK's incremental filter model)
      --stalls-only   only that last part (--runs N, default 3)
      --audit-only    every public operation of a ManualListManager on rows in letter sections, in this
                      process, no display: median µs at each size (default 10k and 1M; --runs N, default 40)
                      and the ratio of the largest to the smallest; not a goal

    Selection (issue 9): selectAll(), GTK's list.select-all (Ctrl+A) and unselectAll() on a list in
    letter sections with a selectionChanged listener reading selectedCount, beside GTK alone; at
    10k, 100k and 1M (100k with --quick; --sizes when given). Needs a display like the binds.

    List and grid (issue 10): every mix shown through ListViewAdapter and GridViewAdapter side by side
    (setState time with the view attached, median of 7 runs, 3 with --quick; binds against the minimum),
    and grid/list ratios; at 100k (--sizes when given). Needs a display. Only this section:
      xvfb-run -a -s "-screen 0 1280x1024x24" gtk-data-display-bench --views-only [--json FILE]

    Interactive budget (issue 12): 10k rows in letter sections in a ListViewAdapter; a filter keeping 5% of
    the rows, then restoring all, as whole-state updates of new generators; per update the setState time and
    the next frame's work (before-paint to after-paint), against one frame (16 ms). Needs a display.

    Single operations (issue 12): insert(after:), remove, remove of three rows in one call, move(after:),
    swap, replace, update, expand, collapse of random rows in a ManualListManager (a section inserted
    first after the fill) at 10k, 100k and 1M (--sizes when given), median µs; the 1M/10k ratio.
    """

    static func parse(_ arguments: [String]) -> Result<Options, OptionError> {
        var options = Options()
        var workerKind: String?
        var size: Int?
        var contender: ContenderName?
        var engineOnly = false
        var treeOnly = false
        var tableOnly = false
        var pipelineOnly = false
        var stallsOnly = false
        var updatesOnly = false
        var auditOnly = false
        var runs: Int?
        var sections = 1
        var idKind = BenchIDKind.int
        var i = 0
        func value() throws(OptionError) -> String {
            guard i + 1 < arguments.count else { throw OptionError("\(arguments[i]) needs a value") }
            i += 1
            return arguments[i]
        }
        do throws(OptionError) {
            while i < arguments.count {
                switch arguments[i] {
                case "--json": options.jsonPath = try value()
                case "--sizes":
                    options.sizes = try parseList(try value()).map { text throws(OptionError) in try parseSize(text) }
                    options.sizesGiven = true
                case "--mixes":
                    options.mixes = try parseList(try value()).map { name throws(OptionError) in
                        guard let mix = Mix(rawValue: name) else { throw OptionError("unknown mix \(name); known: \(Mix.allCases.map(\.rawValue).joined(separator: ", "))") }
                        return mix
                    }
                case "--quick": options.settings.quick = true
                case "--set-state-only": options.setStateOnly = true
                case "--views-only": options.viewsOnly = true
                case "--interactive-only": options.interactiveOnly = true
                case "--single-ops-only": options.singleOpsOnly = true
                case "--seed":
                    guard let seed = UInt64(try value()) else { throw OptionError("--seed needs a number") }
                    options.settings.seed = seed
                case "--time-bound":
                    guard let seconds = Double(try value()), seconds > 0 else { throw OptionError("--time-bound needs seconds") }
                    options.settings.timeBoundSeconds = seconds
                case "--memory-bound-gib":
                    guard let gib = Double(try value()), gib > 0 else { throw OptionError("--memory-bound-gib needs a number") }
                    options.settings.memoryBoundBytes = Int(gib * Double(1 << 30))
                case "--memory-bound-bytes":
                    guard let bytes = Int(try value()) else { throw OptionError("--memory-bound-bytes needs a number") }
                    options.settings.memoryBoundBytes = bytes
                case "--worker": workerKind = try value()
                case "--size": size = try parseSize(try value())
                case "--contender":
                    let name = try value()
                    guard let c = ContenderName(rawValue: name) else { throw OptionError("unknown contender \(name)") }
                    contender = c
                case "--measure-memory":
                    workerKind = "memory"
                    size = try parseSize(try value())
                case "--ids":
                    let name = try value()
                    guard let kind = BenchIDKind(rawValue: name) else { throw OptionError("--ids takes int or string") }
                    idKind = kind
                case "--engine-only": engineOnly = true
                case "--updates-only": updatesOnly = true
                case "--audit-only": auditOnly = true
                case "--tree-only": treeOnly = true
                case "--table-only": tableOnly = true
                case "--pipeline-only": pipelineOnly = true
                case "--stalls-only": stallsOnly = true
                case "--sections":
                    guard let n = Int(try value()), n > 0 else { throw OptionError("--sections needs a positive number") }
                    sections = n
                case "--runs":
                    guard let n = Int(try value()), n > 0 else { throw OptionError("--runs needs a positive number") }
                    runs = n
                case "-h", "--help": options.mode = .help
                default: throw OptionError("unknown argument \(arguments[i])")
                }
                i += 1
            }
            if options.settings.quick && !options.sizesGiven { options.sizes = [1_000, 10_000] }
            if engineOnly { options.mode = .engineOnly(runs: runs) }
            if updatesOnly { options.mode = .updatesOnly(runs: runs, idKind: idKind, sections: sections) }
            if treeOnly {
                if !options.sizesGiven { options.sizes = [100_000] }
                options.mode = .treeOnly(runs: runs)
            }
            if tableOnly {
                if !options.sizesGiven { options.sizes = [100_000] }
                options.mode = .tableOnly(runs: runs)
            }
            if pipelineOnly { options.mode = .pipelineOnly(runs: runs) }
            if stallsOnly { options.mode = .stallsOnly(runs: runs) }
            if auditOnly {
                if !options.sizesGiven { options.sizes = [10_000, 1_000_000] }
                options.mode = .auditOnly(runs: runs)
            }
            if let kind = workerKind {
                guard let size else { throw OptionError("--worker needs --size") }
                switch kind {
                case "timing", "binds":
                    guard let contender else { throw OptionError("--worker \(kind) needs --contender") }
                    options.mode = kind == "timing"
                        ? .timingWorker(size: size, contender: contender, mixes: options.mixes)
                        : .bindsWorker(size: size, contender: contender, mixes: options.mixes)
                case "manager": options.mode = .managerWorker(size: size, mixes: options.mixes, idKind: idKind)
                case "fill": options.mode = .fillWorker(size: size)
                case "raw-fill": options.mode = .rawFillWorker(size: size)
                case "memory": options.mode = .memoryWorker(size: size)
                case "selection": options.mode = .selectionWorker(size: size)
                case "views": options.mode = .viewsWorker(size: size, mixes: options.mixes)
                case "interactive": options.mode = .interactiveWorker(size: size)
                case "single-ops": options.mode = .singleOpsWorker(size: size)
                case "pipeline-memory-ours": options.mode = .pipelineMemoryWorker(size: size, side: .ours)
                case "pipeline-memory-gtk": options.mode = .pipelineMemoryWorker(size: size, side: .gtk)
                case "pipeline-memory-floor": options.mode = .pipelineMemoryWorker(size: size, side: .floor)
                case "pipeline-memory-array-floor": options.mode = .pipelineMemoryWorker(size: size, side: .arrayFloor)
                default: throw OptionError("unknown worker \(kind)")
                }
            }
        } catch {
            return .failure(error)
        }
        return .success(options)
    }

    private static func parseList(_ text: String) throws(OptionError) -> [String] {
        let items = text.split(separator: ",").map { trimmedSpaces(String($0)) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw OptionError("empty list") }
        return items
    }

    private static func parseSize(_ text: String) throws(OptionError) -> Int {
        let lower = text.lowercased()
        var multiplier = 1
        var digits = Substring(lower)
        if lower.hasSuffix("k") { multiplier = 1_000; digits = digits.dropLast() }
        if lower.hasSuffix("m") { multiplier = 1_000_000; digits = digits.dropLast() }
        guard let n = Int(digits), n > 0 else { throw OptionError("bad size \(text)") }
        return n * multiplier
    }
}

struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

private func trimmedSpaces(_ text: String) -> String {
    var s = Substring(text)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
}
