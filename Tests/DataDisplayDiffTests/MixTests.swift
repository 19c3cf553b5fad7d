// Every change mix of benchmarks.md, at several sizes and seeds, under several options: each plan must
// replay to the new list, report the minimum moves, and under `.exact` splice no unchanged row.

import XCTest
import DataDisplayDiff

final class MixTests: XCTestCase {
    private static let sizes = [0, 1, 2, 3, 10, 100, 1_000]
    private static let seeds: [UInt64] = [1, 2, 3, 4]
    private static let optionSets: [SplicePlanOptions] = [
        .default, .exact, SplicePlanOptions(moveMergeSpan: 8, spliceCost: 4),
        SplicePlanOptions(moveMergeSpan: 1_000_000, spliceCost: 0), SplicePlanOptions(moveMergeSpan: 0, spliceCost: 1_000),
        SplicePlanOptions(hullExcludedOldRows: [40..<60, 3..<5, 500..<520, 45..<70, 7..<7]),
    ]

    private func checkPlans(for mix: Mix, file: StaticString = #filePath, line: UInt = #line) throws {
        for size in Self.sizes {
            for seed in Self.seeds {
                var rng = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(size))
                let old = Mix.oldList(count: size)
                let new = mix.apply(to: old, rng: &rng)
                let expected = Expected(old: old, new: new)
                for options in Self.optionSets {
                    try assertValidPlan(old: old, new: new, options: options, expected: expected,
                                        "\(mix) size \(size) seed \(seed) \(options)", file: file, line: line)
                }
            }
        }
    }

    func testUnchangedListsGiveValidPlans() throws { try checkPlans(for: .noChange) }
    func testOnePercentContentUpdatesGiveValidPlans() throws { try checkPlans(for: .updates1) }
    func testTenPercentContentUpdatesGiveValidPlans() throws { try checkPlans(for: .updates10) }
    func testAppendedRowsGiveValidPlans() throws { try checkPlans(for: .append) }
    func testPrependedRowsGiveValidPlans() throws { try checkPlans(for: .prepend) }
    func testRandomInsertsAndDeletesGiveValidPlans() throws { try checkPlans(for: .randomInsertsAndDeletes) }
    func testOneDeletedBlockGivesValidPlans() throws { try checkPlans(for: .deletedBlock) }
    func testRotationLeftByOneGivesValidPlans() throws { try checkPlans(for: .rotateLeft) }
    func testRotationRightByOneGivesValidPlans() throws { try checkPlans(for: .rotateRight) }
    func testSwappingFirstAndLastGivesValidPlans() throws { try checkPlans(for: .swapFirstAndLast) }
    func testOnePercentRandomMovesGiveValidPlans() throws { try checkPlans(for: .moves1) }
    func testTenPercentRandomMovesGiveValidPlans() throws { try checkPlans(for: .moves10) }
    func testOneBlockMoveGivesValidPlans() throws { try checkPlans(for: .blockMove) }
    func testClassicMixGivesValidPlans() throws { try checkPlans(for: .classic) }
    func testDeletesInsertsUpdatesAndMovesGiveValidPlans() throws { try checkPlans(for: .deletesInsertsUpdatesMoves) }
    func testReversalGivesValidPlans() throws { try checkPlans(for: .reverse) }
    func testFullShuffleGivesValidPlans() throws { try checkPlans(for: .fullShuffle) }

}
