// How a worker child talks to the parent: one line per event on stdout.
//   TASK <mix>     a task starts (the parent starts its setup deadline)
//   SETUP          untimed work follows (setup deadline)
//   RUN            a timed contender run follows (the parent allows the time bound, then kills)
//   RESULT <json>  a task's figures
//   NODISPLAY      GTK could not open a display
//   END            the worker is done
// Everything else a child prints (warnings) goes to stderr.

import Foundation
import Glibc

/// Figures one worker measured for one (mix, size, contender); nil = not measured by this worker.
struct TaskResult: Codable, Sendable {
    var mix: String
    var size: Int
    var contender: String
    var diffMs: Double?
    var applyMs: Double?
    var runs: Int?
    var emissions: Int?
    var churn: Int?
    var moves: Int?
    var minMoves: Int?
    var libraryMinMoves: Int?
    var peakRSSBytes: Int?
    var dnfReason: String?
    var mismatch: String?
    var verified: Bool?
    /// The hash floor (HashFloor) on the same input, timed in the same worker as ours (contender "ours").
    var hashFloorMs: Double?
    var hashFloorRuns: Int?
    // End to end through BaseListManager.setState (contender "ours").
    var managerMs: Double?
    var managerRuns: Int?
    var managerEmissions: Int?
    var managerChurn: Int?
    var managerMoves: Int?
    var managerMismatch: String?
    var managerVerified: Bool?
    /// A full reload (`FullReloadContender`) of the same input, timed in the same worker as the
    /// `setState` runs, as many runs after them: the ratio goal 1 names, from the same process and
    /// the same minutes. `managerStringFullMs`: the same in the worker with String ids.
    var managerFullMs: Double?
    var managerStringFullMs: Double?
    // The same through BaseListManager.setState with String ids ("row-<id>") instead of Int ids.
    var managerStringMs: Double?
    var managerStringRuns: Int?
    var managerStringMoves: Int?
    var managerStringMismatch: String?
    // With a realised GtkListView.
    var binds: Int?
    var unbinds: Int?
    var minBinds: Int?
    var realisedBefore: Int?
    var realisedAfter: Int?
    var viewApplyMs: Double?
    var displayMismatch: String?
    /// Rows the generator bound although they were realised before with the same content (first few).
    var extraBinds: String?
    // Memory and first fill (extra records).
    var generatorBytesPerRow: Double?
    var peakBytesPerRow: Double?
    var steadyBytesPerRow: Double?
    var updatePeakBytesPerRow: Double?
    /// RSS growth from the first single operation after the update (the tables it builds).
    var singleOpBytesPerRow: Double?
    var firstBindMs: Double?
    var addPathMs: Double?
    /// The first fill through setState again, manager only, on the heap the first one freed: with
    /// the same rows in shuffled id order (a first fill skips hashing the ids only when they come
    /// in increasing order), and in order (the same heap, for comparison).
    var unorderedApplyMs: Double?
    var warmApplyMs: Double?
    var addFirstBindMs: Double?
    /// The raw comparison of the first fill: a full reload of N new items (one splice into an empty
    /// GListStore) shown in a plain GtkListView, until GTK bound rows (issue 12, goal 4).
    var rawFillFirstBindMs: Double?
    /// The same without a list view (the items and the splice only).
    var rawFillMs: Double?
    /// The raw full reload again, alone in a fresh process (the heap it grows untouched, as the
    /// manager's first fill finds it): items + splice, and to first bound rows.
    var rawColdFillMs: Double?
    var rawColdFirstBindMs: Double?
    // Selecting every row with a listener (mix "selection").
    var selection: SelectionFigures?
    // The interactive budget (mix "interactive") and single operations (mix "single-ops").
    var interactive: InteractiveFigures?
    var singleOps: SingleOpsFigures?

    init(mix: String, size: Int, contender: String) {
        self.mix = mix
        self.size = size
        self.contender = contender
    }
}

/// One operation's times over the timed runs.
struct OpTiming: Codable, Sendable {
    var medianMs: Double
    var minMs: Double
    var maxMs: Double
    var samples: Int

    init?(_ times: [Double]) {
        guard let median = median(times), let low = times.min(), let high = times.max() else { return nil }
        medianMs = median
        minMs = low
        maxMs = high
        samples = times.count
    }
}

/// The selection measurement of one size: the adapter's operations and GTK alone's.
struct SelectionFigures: Codable, Sendable {
    /// Selectable rows (the size) and section headers around them.
    var rows = 0
    var headers = 0
    var runs = 0
    /// setState of the sectioned list (untimed setup, for scale).
    var buildMs: Double?
    var selectAll: OpTiming?
    var selectAllAction: OpTiming?
    var unselectAll: OpTiming?
    var rawSelectAll: OpTiming?
    var rawSelectAllAction: OpTiming?
    var rawUnselectAll: OpTiming?
    /// The first wrong figure (listener count, calls, GTK's selection): the run failed.
    var mismatch: String?

    /// The slower of the two select-all paths (median), the figure issue 9 bounds.
    var worstSelectAllMs: Double? {
        let medians = [selectAll?.medianMs, selectAllAction?.medianMs].compactMap { $0 }
        return medians.count == 2 ? medians.max() : nil
    }
}

/// The child's side of the protocol.
enum Wire {
    static func send(_ line: String) {
        var text = line
        text.append("\n")
        text.withCString { pointer in
            var left = strlen(pointer)
            var cursor = UnsafeRawPointer(pointer)
            while left > 0 {
                let n = write(1, cursor, left)
                if n <= 0 { break }
                left -= n
                cursor += n
            }
        }
    }

    static func task(_ mix: String) { send("TASK \(mix)") }
    static func setup() { send("SETUP") }
    static func run() { send("RUN") }

    static func result(_ result: TaskResult) {
        let data = try! JSONEncoder().encode(result)
        send("RESULT " + String(decoding: data, as: UTF8.self))
    }

    static func decode(_ json: Substring) -> TaskResult? {
        try? JSONDecoder().decode(TaskResult.self, from: Data(json.utf8))
    }
}

/// Progress for the person watching (stderr, so `| tee` keeps only the report).
func progress(_ text: String) {
    writeStandardError(text + "\n")
}

/// Writes to fd 2 (unbuffered).
func writeStandardError(_ text: String) {
    text.withCString { pointer in
        var left = strlen(pointer)
        var cursor = UnsafeRawPointer(pointer)
        while left > 0 {
            let n = write(2, cursor, left)
            if n <= 0 { break }
            left -= n
            cursor += n
        }
    }
}
