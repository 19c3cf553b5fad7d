// Plans whose exact shape is known: empty lists, unchanged lists, content-only changes, and the
// minimum move counts of simple rearrangements.

import XCTest
import DataDisplayDiff

final class SplicePlanTests: XCTestCase {
    func testEmptyToEmptyIsAnEmptyPlan() throws {
        let plan = try ListDiff.plan(from: [Row](), to: [], options: .default)
        XCTAssertTrue(plan.isEmpty)
        XCTAssertEqual(plan.splices, [])
        XCTAssertEqual(plan.oldIndexOfNew, [])
    }

    func testEmptyToNIsOneSpliceInsertingEveryRow() throws {
        for options in [SplicePlanOptions.default, .exact] {
            let new = rows(0..<7)
            let plan = try ListDiff.plan(from: [], to: new, options: options)
            XCTAssertEqual(plan.splices, [Splice(position: 0, removedCount: 0, inserted: 0..<7)])
            XCTAssertEqual(plan.insertedRows, 7)
            XCTAssertEqual(plan.oldIndexOfNew, Array(repeating: -1, count: 7))
            assertValidPlan(plan, old: [], new: new, expected: Expected(old: [], new: new), options: options)
        }
    }

    func testInsertingIsThePlanFromAnEmptyList() throws {
        for count in [0, 1, 2, 7, 1_000] {
            let new = rows(0..<count)
            XCTAssertEqual(SplicePlan.inserting(count), try ListDiff.plan(from: [], to: new, options: .default), "\(count) rows")
            XCTAssertEqual(SplicePlan.inserting(count).applied(to: [], new: new).map(\.id), new.map(\.id))
        }
    }

    func testNToEmptyIsOneSpliceRemovingEveryRow() throws {
        for options in [SplicePlanOptions.default, .exact] {
            let old = rows(0..<7)
            let plan = try ListDiff.plan(from: old, to: [], options: options)
            XCTAssertEqual(plan.splices, [Splice(position: 0, removedCount: 7, inserted: 0..<0)])
            XCTAssertEqual(plan.removedRows, 7)
            assertValidPlan(plan, old: old, new: [], expected: Expected(old: old, new: []), options: options)
        }
    }

    func testUnchangedListIsAnEmptyPlanWithIdentityMapping() throws {
        let list = rows(0..<50)
        let plan = try ListDiff.plan(from: list, to: list)
        XCTAssertTrue(plan.isEmpty)
        XCTAssertEqual(plan.splices.count, 0)
        XCTAssertEqual(plan.oldIndexOfNew, Array(0..<50))
        XCTAssertEqual(plan.moveCount, 0)
        XCTAssertEqual(plan.removedRows + plan.insertedRows, 0)
    }

    func testContentOnlyChangesMakeNoSplicesAndListExactlyTheChangedRows() throws {
        let old = rows(0..<20)
        var new = old
        for index in [0, 3, 4, 19] { new[index].version = 1 }
        for options in [SplicePlanOptions.default, .exact] {
            let plan = try ListDiff.plan(from: old, to: new, options: options)
            XCTAssertEqual(plan.splices, [])
            XCTAssertEqual(plan.updated, [0, 3, 4, 19])
            XCTAssertFalse(plan.isEmpty)
        }
    }

    func testUpdatedRowsBesideOtherChangesStayOutOfSplicesUnderExact() throws {
        // Row 5 changes content and stays in place while its neighbours are removed and inserted.
        let old = rows(0..<10)
        var new = rows([0, 1, 2, 3, 5, 100, 6, 7, 8, 9])
        new[4].version = 1
        let plan = try ListDiff.plan(from: old, to: new, options: .exact)
        XCTAssertEqual(plan.updated, [4])
        XCTAssertEqual(plan.splices, [Splice(position: 4, removedCount: 1, inserted: 4..<4),
                                      Splice(position: 5, removedCount: 0, inserted: 5..<6)])
    }

    func testCoreEntryPointComparesContentOnlyForMatchedPairsInNewOrder() throws {
        let old = [10, 11, 12, 13, 14]
        let new = [14, 10, 99, 12, 13]
        var calls: [[Int]] = []
        let plan = try ListDiff.plan(old: old, new: new) { oldIndex, newIndex in
            calls.append([oldIndex, newIndex])
            return oldIndex != 2
        }
        XCTAssertEqual(calls, [[4, 0], [0, 1], [2, 3], [3, 4]])
        XCTAssertEqual(plan.updated, [3])
        XCTAssertEqual(plan.oldIndexOfNew, [4, 0, -1, 2, 3])
    }

    func testSwappingFirstAndLastOfTwoRowsIsOneMove() throws {
        XCTAssertEqual(try ListDiff.plan(from: rows([1, 2]), to: rows([2, 1])).moveCount, 1)
    }

    func testSwappingFirstAndLastOfLongerListsIsTwoMoves() throws {
        // Each of the two swapped rows changes order with every other row, so neither can stay.
        for count in [3, 10, 1_000] {
            var new = rows(0..<count)
            new.swapAt(0, count - 1)
            XCTAssertEqual(try ListDiff.plan(from: rows(0..<count), to: new).moveCount, 2, "\(count) rows")
        }
    }

    func testReversalOfNRowsIsNMinusOneMoves() throws {
        for count in [1, 2, 3, 10, 1_000] {
            let old = rows(0..<count)
            let plan = try ListDiff.plan(from: old, to: old.reversed())
            XCTAssertEqual(plan.moveCount, count - 1, "\(count) rows")
        }
    }

    func testRotationByOneIsOneMoveEitherWay() throws {
        let old = rows(0..<100)
        let left = Array(old.dropFirst()) + [old[0]]
        let right = [old[99]] + Array(old.dropLast())
        XCTAssertEqual(try ListDiff.plan(from: old, to: left).moveCount, 1)
        XCTAssertEqual(try ListDiff.plan(from: old, to: right).moveCount, 1)
    }

    func testSpliceDescriptionNamesPositionCountAndRange() {
        XCTAssertEqual(Splice(position: 3, removedCount: 2, inserted: 3..<5).description,
                       "splice(at: 3, remove: 2, insert: new[3..<5])")
    }

    func testAppliedReplaysSplicesInOrder() throws {
        let plan = try ListDiff.plan(old: [1, 2, 3, 4], new: [1, 5, 3, 6, 7], options: .exact) { _, _ in true }
        XCTAssertEqual(plan.splices.count, 2)
        XCTAssertEqual(plan.applied(to: ["1", "2", "3", "4"], new: ["1", "5", "3", "6", "7"]), ["1", "5", "3", "6", "7"])
        XCTAssertEqual(plan.churn, 5)
    }
}
