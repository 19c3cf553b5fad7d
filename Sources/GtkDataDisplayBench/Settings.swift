// Knobs shared by the parent and its workers (passed to children on their command line).

import Foundation

/// Bounds, repetitions and the seed of one benchmark run.
struct Settings: Sendable {
    var seed: UInt64 = 20_240_601
    /// A contender run past this is DNF for that input.
    var timeBoundSeconds: Double = 20
    /// A worker whose resident memory passes this is killed; its contender is DNF for that input.
    var memoryBoundBytes: Int = 4 << 30
    var quick = false

    /// Timed runs after the warm-up, by size.
    func runs(size: Int) -> Int {
        if quick { return size <= 1_000 ? 7 : size <= 10_000 ? 5 : size <= 100_000 ? 3 : 1 }
        return size <= 1_000 ? 15 : size <= 10_000 ? 9 : size <= 100_000 ? 5 : 2
    }

    /// Whole-state updates through the manager: timed runs (a warm-up pair first below 1M). Three
    /// at 1M, a median: one run there made single slow samples decide goals (10% moves at 1M took
    /// 445 ms with `Int` ids where `String` ids took 379 in one run).
    func managerRuns(size: Int) -> Int {
        if quick { return size <= 10_000 ? 3 : 1 }
        return size <= 10_000 ? 7 : 3
    }

    /// Selection measurement: timed runs (select all, Ctrl+A, unselect all each) after one warm-up.
    func selectionRuns(size: Int) -> Int {
        if quick { return size <= 100_000 ? 7 : 3 }
        return size <= 100_000 ? 11 : 5
    }

    /// Repetitions stop early once they have used this much time (slow contenders at large sizes).
    var repeatBudgetSeconds: Double { quick ? 1.0 : 4.0 }

    var arguments: [String] {
        ["--seed", String(seed), "--time-bound", String(timeBoundSeconds),
         "--memory-bound-bytes", String(memoryBoundBytes)] + (quick ? ["--quick"] : [])
    }
}

/// Sizes as the report prints them.
func sizeLabel(_ size: Int) -> String {
    if size >= 1_000_000 && size % 1_000_000 == 0 { return "\(size / 1_000_000)M" }
    if size >= 1_000 && size % 1_000 == 0 { return "\(size / 1_000)k" }
    return String(size)
}

/// One line of a table of the in-process modes (`--engine-only`, `--updates-only`): each cell padded
/// to its column's width, or one wider than its text.
func tableLine(_ cells: [String], widths: [Int]) -> String {
    var line = ""
    for (i, cell) in cells.enumerated() { line += cell.padding(toLength: max(widths[i], cell.count + 1), withPad: " ", startingAt: 0) }
    return line
}
