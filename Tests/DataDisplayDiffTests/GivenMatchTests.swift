import XCTest
import DataDisplayDiff

/// `ListDiff.plan(oldIndexOfNew:oldCount:)`: a plan for rows the caller matched already is a valid
/// plan with the minimum moves, the plan the matching by id gives for the same lists, and a match
/// that names an old row twice or out of range is refused.
final class GivenMatchTests: XCTestCase {
    /// Old and new ids: shuffles, runs moved, reversals, rotations, rows inserted and removed.
    private func lists(_ random: inout SplitMix64) -> (old: [Int], new: [Int]) {
        let count = [0, 1, 2, 5, 40, 300, 3_000][random.below(7)]
        let old = Array(0..<count)
        var new = old
        switch random.below(6) {
        case 0: for index in new.indices.dropLast() { new.swapAt(index, index + random.below(count - index)) }
        case 1: new.reverse()
        case 2: if count > 0 { let k = random.below(count); new = Array(old[k...] + old[..<k]) }
        case 3:  // a few blocks moved
            for _ in 0..<3 where count > 2 {
                let from = random.below(count - 1), length = 1 + random.below(min(20, count - from))
                let block = new[from..<(from + length)]
                new.removeSubrange(from..<(from + length))
                new.insert(contentsOf: block, at: random.below(new.count + 1))
            }
        case 4:  // rows dropped and new ones added here and there, the rest shuffled locally
            new = old.filter { _ in random.below(4) != 0 }
            for id in count..<(count + random.below(count / 3 + 2)) { new.insert(id, at: random.below(new.count + 1)) }
            for index in new.indices.dropLast() where random.below(10) == 0 { new.swapAt(index, index + 1) }
        default: break  // unchanged
        }
        return (old, new)
    }

    func testAGivenMatchPlansAsTheMatchingByIDDoes() throws {
        var random = SplitMix64(seed: 48)
        for round in 0..<400 {
            let (oldIDs, newIDs) = lists(&random)
            let old = rows(oldIDs), new = rows(newIDs)
            let expected = Expected(old: old, new: new)
            for options in [SplicePlanOptions.exact, .default, .headless] {
                let given = try ListDiff.plan(oldIndexOfNew: expected.oldIndexOfNew, oldCount: old.count, options: options)
                assertValidPlan(given, old: old, new: new, expected: expected, options: options, "round \(round)")
                let byID = try ListDiff.plan(old: oldIDs, new: newIDs, options: options) { _, _ in true }
                XCTAssertEqual(given.moveCount, byID.moveCount, "round \(round)")
                XCTAssertEqual(given.splices, byID.splices, "round \(round), \(oldIDs.count) rows")
                XCTAssertEqual(given.oldIndexOfNew, byID.oldIndexOfNew, "round \(round)")
            }
        }
    }

    /// With `countsMoves` false a plan has the splices of the counted one; it leaves its moves
    /// uncounted (-1) only when it is one splice over the middle whichever rows stay, and
    /// `minimumMoves(oldIndexOfNew:oldCount:)` counts them as the plan would have.
    func testAPlanThatLeavesItsMovesUncountedSplicesAsTheCountedOne() throws {
        var random = SplitMix64(seed: 49)
        var uncounted = 0, counted = 0
        for round in 0..<600 {
            var (oldIDs, newIDs) = lists(&random)
            if random.below(3) == 0 {  // swaps of neighbours everywhere, or in a part only
                let part = random.below(2) == 0 ? newIDs.indices.dropLast() : newIDs.indices.dropLast().prefix(newIDs.count / 2)
                for index in part where random.below(3) == 0 { newIDs.swapAt(index, index + 1) }
            }
            let old = rows(oldIDs), new = rows(newIDs)
            let expected = Expected(old: old, new: new)
            var realised = SplicePlanOptions.default
            let first = old.isEmpty ? 0 : random.below(old.count)
            realised.hullExcludedOldRows = [first..<min(old.count, first + 20)]
            for var options in [SplicePlanOptions.exact, .default, .headless, realised, SplicePlanOptions(spliceCost: 8)] {
                let counting = try ListDiff.plan(oldIndexOfNew: expected.oldIndexOfNew, oldCount: old.count, options: options)
                options.countsMoves = false
                let plan = try ListDiff.plan(oldIndexOfNew: expected.oldIndexOfNew, oldCount: old.count, options: options)
                XCTAssertEqual(plan.splices, counting.splices, "round \(round), \(oldIDs.count) rows")
                XCTAssertEqual(plan.oldIndexOfNew, counting.oldIndexOfNew, "round \(round)")
                XCTAssertEqual(plan.insertedRows, counting.insertedRows, "round \(round)")
                XCTAssertEqual(plan.removedRows, counting.removedRows, "round \(round)")
                if plan.moveCount < 0 {
                    uncounted += 1
                    XCTAssertEqual(plan.splices.count, 1, "round \(round): uncounted, one splice")
                    XCTAssertEqual(try ListDiff.minimumMoves(oldIndexOfNew: plan.oldIndexOfNew, oldCount: old.count),
                                   counting.moveCount, "round \(round)")
                } else {
                    counted += 1
                    XCTAssertEqual(plan.moveCount, counting.moveCount, "round \(round)")
                }
            }
        }
        XCTAssertGreaterThan(uncounted, 100, "plans shortened")
        XCTAssertGreaterThan(counted, 100, "plans counted")
    }

    func testAMatchNamingAnOldRowTwiceOrOutOfRangeIsRefused() {
        for (match, oldCount, bad) in [([1, 0, 1], 2, (2, 1)), ([0, 2], 2, (1, 2)), ([-5], 1, (0, -5)), ([0], 0, (0, 0))] {
            XCTAssertThrowsError(try ListDiff.plan(oldIndexOfNew: match, oldCount: oldCount)) { error in
                XCTAssertEqual(error as? DiffError, .invalidMatch(newIndex: bad.0, oldIndex: bad.1))
            }
            XCTAssertThrowsError(try ListDiff.minimumMoves(oldIndexOfNew: match, oldCount: oldCount)) { error in
                XCTAssertEqual(error as? DiffError, .invalidMatch(newIndex: bad.0, oldIndex: bad.1))
            }
        }
        XCTAssertEqual(try ListDiff.plan(oldIndexOfNew: [-1, 1], oldCount: 2).removedRows, 1)
    }
}
