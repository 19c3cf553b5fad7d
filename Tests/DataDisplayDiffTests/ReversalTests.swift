// A middle turned round (a sort order reversed) is matched from both ends by position, without hashing
// its rows; what the plan reports is what any other matching would: the tests check plans and count
// the ids hashed.

import XCTest
import DataDisplayDiff

/// An id that counts how often it is hashed (the diff hashes only rows it cannot match by position).
private struct CountedID: Hashable {
    nonisolated(unsafe) static var hashes = 0
    let value: Int
    func hash(into hasher: inout Hasher) {
        CountedID.hashes += 1
        hasher.combine(value)
    }
}

final class ReversalTests: XCTestCase {
    /// A whole list reversed, of every length up to 40 and at 10k rows: a valid plan with the minimum
    /// moves (all rows but one), and no id hashed.
    func testAReversedListIsMatchedWithoutHashing() throws {
        for count in Array(0...40) + [10_000] {
            let old = (0..<count).map { CountedID(value: $0) }
            CountedID.hashes = 0
            let plan = try ListDiff.plan(old: old, new: Array(old.reversed())) { _, _ in true }
            XCTAssertEqual(CountedID.hashes, 0, "\(count) rows")
            XCTAssertEqual(plan.moveCount, max(0, count - 1), "\(count) rows")
            XCTAssertEqual(plan.oldIndexOfNew, Array((0..<count).reversed()), "\(count) rows")
            try assertValidPlan(old: rows(0..<count), new: Array(rows(0..<count).reversed()), options: .default, "\(count) rows")
            try assertValidPlan(old: rows(0..<count), new: Array(rows(0..<count).reversed()), options: .exact, "\(count) rows")
        }
    }

    /// A reversed middle between a kept prefix and suffix, a reversal that stops part way (the rest
    /// shuffled, some rows removed, some inserted, some changed), and two rows only: valid plans with
    /// the minimum moves under every option, against plans worked out without the library.
    func testPartlyReversedListsGiveValidPlans() throws {
        var rng = SplitMix64(seed: 0x2EF0)
        for _ in 0..<300 {
            let count = 2 + rng.below(60)
            let old = rows(0..<count)
            let prefix = rng.below(count / 2), suffix = rng.below((count - prefix) / 2)
            var middle = Array(old[prefix..<(count - suffix)].reversed())
            // Past the reversed part: shuffled, removed, inserted or changed rows.
            let reversedPart = rng.below(middle.count + 1)
            var rest = Array(middle[reversedPart...])
            if rng.chance(percent: 50) {
                for index in rest.indices.dropLast() { rest.swapAt(index, index + rng.below(rest.count - index)) }
            }
            if rng.chance(percent: 30), !rest.isEmpty { rest.remove(at: rng.below(rest.count)) }
            if rng.chance(percent: 30) { rest.insert(Row(id: 1_000 + rng.below(1_000), version: 0), at: rng.below(rest.count + 1)) }
            middle = Array(middle[..<reversedPart]) + rest
            var new = Array(old[..<prefix]) + middle + Array(old[(count - suffix)...])
            if rng.chance(percent: 30), !new.isEmpty { new[rng.below(new.count)].version = 1 }
            for options in [SplicePlanOptions.default, .exact] {
                try assertValidPlan(old: old, new: new, options: options, "\(old.map(\.id)) → \(new.map(\.id))")
            }
        }
    }

    /// Rows matched by position are not checked for repeats (the documented limit): a reversed list
    /// with a repeated id still gives a valid matching — each old row matched at most once, to a new
    /// row with its id — and a repeat among hashed rows is still an error.
    func testRepeatsBesideAReversalGiveAValidMatchingOrAnError() throws {
        let old = [1, 2, 3, 4, 5]
        let plan = try ListDiff.plan(old: old, new: [1, 5, 4, 3, 2, 1]) { _, _ in true }
        XCTAssertEqual(plan.oldIndexOfNew.filter { $0 >= 0 }.count, 5, "each old row matched once")
        XCTAssertEqual(plan.insertedRows, 1, "the repeat is inserted")
        for (newIndex, oldIndex) in plan.oldIndexOfNew.enumerated() where oldIndex >= 0 {
            XCTAssertEqual(old[oldIndex], [1, 5, 4, 3, 2, 1][newIndex])
        }
        XCTAssertThrowsError(try ListDiff.plan(old: [1, 2, 3, 7, 8, 7], new: [8, 3, 2, 1]) { _, _ in true }) {
            guard case .duplicateID = $0 as? DiffError else { return XCTFail("\($0)") }
        }
    }
}
