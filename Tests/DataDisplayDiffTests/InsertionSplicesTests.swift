import XCTest
import DataDisplayDiff

/// `ListDiff.insertionSplices`: the splices for runs of new rows are the splices a diff of the same
/// two lists plans (`plan(old:new:options:)`), merged the same way; with rows a view realises, they
/// are that plan for each stretch between those rows, and no splice takes one out. Applying them
/// gives the new list; bad runs are refused.
final class InsertionSplicesTests: XCTestCase {
    private let optionSets: [SplicePlanOptions] = [
        .default, .headless, .exact, SplicePlanOptions(spliceCost: 200),
        SplicePlanOptions(hullExcludedOldRows: [40..<60]),
        SplicePlanOptions(spliceCost: 64, hullExcludedOldRows: [0..<5, 300..<320, 2_000..<2_100]),
    ]

    func testRandomRunsGiveTheSplicesOfADiffAndTheNewList() throws {
        var random = SplitMix64(seed: 11)
        for round in 0..<400 {
            let oldCount = [0, 1, 7, 60, 500, 4_000][random.below(6)]
            let old = Array(0..<oldCount)
            var runs: [(before: Int, count: Int)] = []
            var place = 0
            for _ in 0..<random.below(40) {
                place += [0, 0, 1, 3, 20, 200][random.below(6)]
                guard place <= oldCount else { break }
                runs.append((place, [0, 1, 1, 2, 5][random.below(5)]))
            }
            // The new list: each run's ids (from oldCount on) before its old row.
            var new: [Int] = []
            var nextID = oldCount, taken = 0
            for run in runs {
                new.append(contentsOf: old[taken..<run.before])
                taken = run.before
                new.append(contentsOf: nextID..<(nextID + run.count))
                nextID += run.count
            }
            new.append(contentsOf: old[taken...])
            for options in optionSets {
                let splices = try ListDiff.insertionSplices(runs, oldCount: oldCount, options: options)
                var list = old
                for splice in splices {
                    let removed = list[splice.position..<(splice.position + splice.removedCount)]
                    for range in options.hullExcludedOldRows {
                        XCTAssertFalse(removed.contains { range.contains($0) }, "round \(round): \(splice) takes out a row of \(range)")
                    }
                    list.replaceSubrange(splice.position..<(splice.position + splice.removedCount), with: new[splice.inserted])
                }
                XCTAssertEqual(list, new, "round \(round)")
                // The diff's plan for each group of runs that no excluded row parts.
                var groups: [[(before: Int, count: Int)]] = []
                for run in runs where run.count > 0 {
                    if let previous = groups.last?.last,
                       !options.hullExcludedOldRows.contains(where: { max($0.lowerBound, previous.before) < min($0.upperBound, run.before) }) {
                        groups[groups.count - 1].append(run)
                    } else {
                        groups.append([run])
                    }
                }
                var expected: [Splice] = []
                var inserted = 0
                for group in groups {
                    let low = group[0].before, high = group[group.count - 1].before
                    var newPart: [Int] = []
                    var at = low, id = oldCount + inserted
                    for run in group {
                        newPart += old[at..<run.before]
                        at = run.before
                        newPart += id..<(id + run.count)
                        id += run.count
                    }
                    let plan = try ListDiff.plan(old: Array(old[low..<high]), new: newPart, options: SplicePlanOptions(
                        moveMergeSpan: options.moveMergeSpan, spliceCost: options.spliceCost, hullSpliceCost: options.hullSpliceCost)) { _, _ in true }
                    let shift = low + inserted
                    expected += plan.splices.map {
                        Splice(position: $0.position + shift, removedCount: $0.removedCount,
                               inserted: ($0.inserted.lowerBound + shift)..<($0.inserted.upperBound + shift))
                    }
                    inserted += group.reduce(0) { $0 + $1.count }
                }
                XCTAssertEqual(splices, expected, "round \(round), runs \(runs), \(options)")
            }
        }
    }

    func testBadRunsAreRefused() {
        let bad: [([(before: Int, count: Int)], DiffError)] = [
            ([(3, 1), (2, 1)], .invalidInsertion(runIndex: 1, before: 2, count: 1)),
            ([(11, 1)], .invalidInsertion(runIndex: 0, before: 11, count: 1)),
            ([(-1, 1)], .invalidInsertion(runIndex: 0, before: -1, count: 1)),
            ([(0, 2), (4, -1)], .invalidInsertion(runIndex: 1, before: 4, count: -1)),
        ]
        for (runs, error) in bad {
            XCTAssertThrowsError(try ListDiff.insertionSplices(runs, oldCount: 10)) { XCTAssertEqual($0 as? DiffError, error) }
        }
        XCTAssertEqual(try ListDiff.insertionSplices([(10, 2), (10, 1)], oldCount: 10),
                       [Splice(position: 10, removedCount: 0, inserted: 10..<13)], "runs at one place join, at the end too")
        XCTAssertEqual(try ListDiff.insertionSplices([(4, 0)], oldCount: 10), [], "an empty run adds no splice")
    }
}
