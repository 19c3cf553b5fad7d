// What the options do: moves merged into one splice within moveMergeSpan, neighbouring splices merged
// when the rows between cost less than a splice, and the hull splice when it costs no more.

import XCTest
import DataDisplayDiff

final class SplicePlanOptionsTests: XCTestCase {
    /// `list` with the row at `from` taken out and put back so that it ends at index `to`.
    private func moving(_ list: [Row], from: Int, to: Int) -> [Row] {
        var moved = list
        moved.insert(moved.remove(at: from), at: to)
        return moved
    }

    func testDefaultAndExactOptionValues() {
        XCTAssertEqual(SplicePlanOptions.default, SplicePlanOptions(moveMergeSpan: 256, spliceCost: 32))
        XCTAssertEqual(SplicePlanOptions.default, SplicePlanOptions(moveMergeSpan: 256, spliceCost: 32, hullSpliceCost: 64))
        XCTAssertEqual(SplicePlanOptions.exact, SplicePlanOptions(moveMergeSpan: 0, spliceCost: 0))
        XCTAssertEqual(SplicePlanOptions(spliceCost: 10).hullSpliceCost, 20)
        XCTAssertEqual(SplicePlanOptions(spliceCost: .max).hullSpliceCost, .max)
        XCTAssertEqual(SplicePlanOptions.headless, SplicePlanOptions(moveMergeSpan: 256, spliceCost: 8, hullSpliceCost: 64))
    }

    func testHeadlessKeepsNeighboursApartThatDefaultMerges() throws {
        // Deletions at 10, 16 and 200 of 1,000 rows: 5 unchanged rows between the first two (10 rows of
        // churn), less than a splice under `.default` (32), more under `.headless` (8). Against the
        // hull both weigh splices at 64, and the 183 rows before the third keep it apart.
        let old = rows(0..<1_000)
        let new = old.filter { ![10, 16, 200].contains($0.id) }
        let shown = try ListDiff.plan(from: old, to: new, options: .default)
        XCTAssertEqual(shown.splices, [Splice(position: 10, removedCount: 7, inserted: 10..<15),
                                       Splice(position: 198, removedCount: 1, inserted: 198..<198)])
        let headless = try ListDiff.plan(from: old, to: new, options: .headless)
        XCTAssertEqual(headless.splices, [Splice(position: 10, removedCount: 1, inserted: 10..<10),
                                          Splice(position: 15, removedCount: 1, inserted: 15..<15),
                                          Splice(position: 198, removedCount: 1, inserted: 198..<198)])
        // Three unchanged rows between (6 rows of churn) still merge.
        let near = old.filter { ![10, 14].contains($0.id) }
        XCTAssertEqual(try ListDiff.plan(from: old, to: near, options: .headless).splices,
                       [Splice(position: 10, removedCount: 5, inserted: 10..<13)])
        for plan in [shown, headless] { XCTAssertEqual(plan.applied(to: old, new: new), new) }
    }

    func testHeadlessStillCollapsesChangesOverMostOfTheRangeIntoTheHull() throws {
        // Every 10th row deleted: 100 splices 9 unchanged rows apart (100 × 64 + 100 = 6,500) against
        // one splice over the hull, 991 rows out and 891 back (1,882 + 64): the hull is cheaper.
        let old = rows(0..<1_000)
        let new = old.filter { $0.id % 10 != 5 }
        let plan = try ListDiff.plan(from: old, to: new, options: .headless)
        XCTAssertEqual(plan.splices.count, 1)
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }

    func testMoveWithinMoveMergeSpanIsOneSplice() throws {
        let old = rows(0..<100)
        let new = moving(old, from: 10, to: 50)
        let plan = try ListDiff.plan(from: old, to: new, options: .default)
        // Rows 10...50 are removed and re-added in one splice: row 10 keeps its widget.
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 41, inserted: 10..<51)])
        XCTAssertEqual(plan.moveCount, 1)
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }

    func testMoveBeyondMoveMergeSpanIsTwoSplices() throws {
        let old = rows(0..<1_000)
        let new = moving(old, from: 10, to: 899)
        let plan = try ListDiff.plan(from: old, to: new, options: .default)
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 1, inserted: 10..<10),
                                      Splice(position: 899, removedCount: 0, inserted: 899..<900)])
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }

    func testMoveUnderExactIsTwoSplicesEvenWhenShort() throws {
        let old = rows(0..<100)
        let new = moving(old, from: 10, to: 50)
        let plan = try ListDiff.plan(from: old, to: new, options: .exact)
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 1, inserted: 10..<10),
                                      Splice(position: 50, removedCount: 0, inserted: 50..<51)])
    }

    func testMoveSpanningExactlyMoveMergeSpanRowsIsMerged() throws {
        let old = rows(0..<100)
        let new = moving(old, from: 10, to: 50)  // the merged splice removes 41 rows
        let options = { SplicePlanOptions(moveMergeSpan: $0, spliceCost: 0) }
        XCTAssertEqual(try ListDiff.plan(from: old, to: new, options: options(41)).splices.count, 1)
        XCTAssertEqual(try ListDiff.plan(from: old, to: new, options: options(40)).splices.count, 2)
    }

    func testMergedMovesNeverMakeASpliceRemoveMoreThanMoveMergeSpan() throws {
        // Row 10 goes after row 40 and row 30 after row 70: each move alone fits in 50 rows, both in one
        // splice would remove 61, so only the first becomes one splice.
        let old = rows(0..<100)
        let new = rows(Array(0..<10) + Array(11..<30) + Array(31...40) + [10] + Array(41...70) + [30] + Array(71..<100))
        let narrow = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 50, spliceCost: 0))
        XCTAssertEqual(narrow.splices, [Splice(position: 10, removedCount: 31, inserted: 10..<40),
                                        Splice(position: 70, removedCount: 0, inserted: 70..<71)])
        let wide = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 61, spliceCost: 0))
        XCTAssertEqual(wide.splices, [Splice(position: 10, removedCount: 61, inserted: 10..<71)])
    }

    func testSpliceCostMergesNeighboursWhenTheRowsBetweenCostLess() throws {
        // Rows 10 and 16 deleted, 5 unchanged rows between: 10 rows of churn < one splice (32).
        let old = rows(0..<100)
        let new = old.filter { $0.id != 10 && $0.id != 16 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 0, spliceCost: 32))
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 7, inserted: 10..<15)])
    }

    func testSpliceCostKeepsNeighboursApartWhenTheRowsBetweenCostMore() throws {
        // 17 unchanged rows between: 34 rows of churn > one splice (32), and against the hull too.
        let old = rows(0..<100)
        let new = old.filter { $0.id != 10 && $0.id != 28 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 0, spliceCost: 32, hullSpliceCost: 32))
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 1, inserted: 10..<10),
                                      Splice(position: 27, removedCount: 1, inserted: 27..<27)])
    }

    func testNeighboursWhoseRowsBetweenCostExactlyOneSpliceStayApart() throws {
        // 16 and then 17 unchanged rows between three deletions: neither gap costs less than a splice,
        // and the hull adds 2 × 33 = 66 rows of churn to save two splices (64).
        let old = rows(0..<100)
        let new = old.filter { ![10, 27, 45].contains($0.id) }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 0, spliceCost: 32, hullSpliceCost: 32))
        XCTAssertEqual(plan.splices.map(\.position), [10, 26, 43])
    }

    func testHullWeighsSplicesAtHullSpliceCost() throws {
        // Two deletions with 17 unchanged rows between stay two splices by the neighbour rule (34 > 32);
        // against the hull each splice counts 64: 2 + 2 × 64 = 130 > the hull's 36 + 64 = 100.
        let old = rows(0..<100)
        let new = old.filter { $0.id != 10 && $0.id != 28 }
        let plan = try ListDiff.plan(from: old, to: new, options: .default)
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 19, inserted: 10..<27)])
        XCTAssertEqual(plan.applied(to: old, new: new), new)
        // 40 unchanged rows between: 2 + 128 = 130 < 82 + 64 = 146, two splices.
        let apart = old.filter { $0.id != 10 && $0.id != 51 }
        XCTAssertEqual(try ListDiff.plan(from: old, to: apart, options: .default).splices.count, 2)
    }

    func testManySplicesOverMostOfTheRangeBecomeTheHull() throws {
        // Every 21st row of 3,000 deleted: 143 one-row splices with 20 unchanged rows between each. The
        // neighbour rule keeps them apart (40 > 32); weighed against the hull at 64 a splice, every gap is
        // cheaper merged (40 < 64), so no merge beats the hull: one splice. With splices counted at 32
        // against the hull too, 143 + 143 × 32 = 4,719 < the hull's 5,823 + 32: the 143 splices stay.
        let old = rows(0..<3_000)
        let new = old.filter { $0.id % 21 != 10 }
        let plan = try ListDiff.plan(from: old, to: new, options: .default)
        XCTAssertEqual(plan.splices.count, 1)
        XCTAssertEqual(plan.applied(to: old, new: new), new)
        let cheap = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(spliceCost: 32, hullSpliceCost: 32))
        XCTAssertEqual(cheap.splices.count, 143)
        XCTAssertEqual(cheap.applied(to: old, new: new), new)
    }

    func testHullSpliceReplacesThePlanWhenItCostsNoMore() throws {
        // 16 unchanged rows between: merging costs exactly one splice, not less, so the neighbour rule
        // keeps two splices (2 + 2 × 32 = 66) and the hull (18 + 16 + 32 = 66) wins the tie.
        let old = rows(0..<100)
        let new = old.filter { $0.id != 10 && $0.id != 27 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 0, spliceCost: 32, hullSpliceCost: 32))
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 18, inserted: 10..<26)])
    }

    func testRowsExcludedFromTheHullSplitItIntoHullsBesideThem() throws {
        // The 143 one-row deletions of the test above with rows 1000..<1100 excluded: the deletions
        // before them become one splice, those after them another, and the four among them (1018,
        // 1039, 1060, 1081) stay splices of their own.
        let old = rows(0..<3_000)
        let new = old.filter { $0.id % 21 != 10 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(hullExcludedOldRows: [1_000..<1_100]))
        XCTAssertEqual(plan.splices.count, 6)
        XCTAssertEqual(plan.splices.first, Splice(position: 10, removedCount: 988, inserted: 10..<950))
        XCTAssertEqual(Array(plan.splices[1...4].map(\.removedCount)), [1, 1, 1, 1])
        XCTAssertEqual(plan.applied(to: old, new: new), new)
        // No splice chosen by the hull weighing takes out an excluded row (old start: the position
        // plus what the splices before removed more than they inserted).
        var shift = 0
        for splice in plan.splices {
            let oldStart = splice.position + shift
            if splice.removedCount > 1 {
                XCTAssertTrue(oldStart + splice.removedCount <= 1_000 || oldStart >= 1_100, "\(splice) takes out excluded rows")
            }
            shift += splice.removedCount - splice.inserted.count
        }
        // The same rows given in pieces, out of order, overlapping, with an empty range: the same plan.
        let pieces = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(
            hullExcludedOldRows: [1_050..<1_100, 2_000..<2_000, 1_000..<1_060]))
        XCTAssertEqual(pieces, plan)
    }

    func testEveryExcludedRangeSplitsTheRunsOfSplicesAroundIt() throws {
        // Rows 2000..<2001 are no deletion's, but a splice over the deletions on both sides would take
        // them out: the deletions after 1100 become two splices, one before row 2000 and one after it.
        let old = rows(0..<3_000)
        let new = old.filter { $0.id % 21 != 10 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(hullExcludedOldRows: [1_000..<1_100, 2_000..<2_001]))
        XCTAssertEqual(plan.splices.count, 7)
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }

    func testRowsExcludedOutsideEveryChangeLeaveTheWholeHull() throws {
        let old = rows(0..<3_000)
        let new = old.filter { $0.id % 21 != 10 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(hullExcludedOldRows: [0..<10, 2_995..<3_000]))
        XCTAssertEqual(plan.splices, [Splice(position: 10, removedCount: 2_983, inserted: 10..<2_850)])
    }

    func testSpliceCostZeroKeepsEveryGapItsOwnSplice() throws {
        let old = rows(0..<100)
        let new = old.filter { $0.id % 2 == 0 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 256, spliceCost: 0))
        XCTAssertEqual(plan.splices.count, 50)
        XCTAssertEqual(plan.churn, 50)
    }

    func testHugeSpliceCostCollapsesToOneSpliceWithoutOverflow() throws {
        let old = rows(0..<100)
        let new = old.filter { $0.id % 2 == 0 }
        let plan = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: 0, spliceCost: .max))
        XCTAssertEqual(plan.splices, [Splice(position: 1, removedCount: 99, inserted: 1..<50)])
    }

    func testNegativeOptionsActLikeZero() throws {
        let old = rows(0..<100)
        var new = moving(old, from: 10, to: 50)
        new.remove(at: 80)
        let negative = try ListDiff.plan(from: old, to: new, options: SplicePlanOptions(moveMergeSpan: -5, spliceCost: -5))
        XCTAssertEqual(negative, try ListDiff.plan(from: old, to: new, options: .exact))
    }
}
