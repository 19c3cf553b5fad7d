// A middle that lost or gained most of its rows is matched from one side's table
// (`matchMiddleByNewRows` when the old ids are known unique, else `matchMiddleByOldRows` for a middle
// of mostly new rows): the plans are checked against the tests' own matching and minimum moves, the
// repeats against the first repeat of the middle, cancellation, and which middles take these paths.

@testable import DataDisplayDiff  // IDMatch: which way a middle was matched
import XCTest

final class NewRowsMatchTests: XCTestCase {
    private let count = 40_000

    /// Every row kept with probability `keep` in 1,000, in order (a search narrowing the list);
    /// the first and last rows go, so that the whole list is the middle.
    private func narrowed(_ old: [Row], keep: UInt64, seed: UInt64) -> [Row] {
        var rng = SplitMix64(seed: seed)
        return old.indices.compactMap { index in
            index == 0 || index == old.count - 1 || rng.next() % 1_000 >= keep ? nil : old[index]
        }
    }

    private func plan(_ old: [Row], _ new: [Row], unique: Bool, options: SplicePlanOptions = .default) throws(DiffError) -> SplicePlan {
        try ListDiff.plan(old: old.map(\.id), new: new.map(\.id), options: options, oldIDsAreUnique: unique) { o, n in
            new[n].isContentEqual(to: old[o])
        }
    }



    func testANarrowedListIsMatchedFromItsNewRowsWhenTheOldIDsAreUnique() throws {
        let old = Mix.oldList(count: count)
        var new = narrowed(old, keep: 150, seed: 1)
        for index in stride(from: 0, to: new.count, by: 97) { new[index].version = 1 }  // some rows changed
        let match = try IDMatch(old: old.map(\.id), new: new.map(\.id), oldIDsAreUnique: true)
        XCTAssertTrue(match.hashedWholeMiddle)
        XCTAssertFalse(match.matchedInBulk)
        XCTAssertEqual(match.matchedInMiddle, new.count)
        for options in [SplicePlanOptions.default, .exact] {
            let plan = try plan(old, new, unique: true, options: options)
            assertValidPlan(plan, old: old, new: new, expected: Expected(old: old, new: new), options: options, "narrowed")
            XCTAssertEqual(plan.hashedNewRows, 0..<new.count)
        }
        // Without the promise the walk matches it, to the same plan.
        let walked = try IDMatch(old: old.map(\.id), new: new.map(\.id))
        XCTAssertFalse(walked.hashedWholeMiddle)
        XCTAssertEqual(try plan(old, new, unique: false).splices, try plan(old, new, unique: true).splices)
        XCTAssertNil(try plan(old, new, unique: false).hashedNewRows)
    }

    func testAWidenedListIsMatchedFromATableWithOrWithoutThePromise() throws {
        let all = Mix.oldList(count: count)
        let old = narrowed(all, keep: 200, seed: 2)
        var new = all
        new.swapAt(10, 30_000)  // a row moved too
        for unique in [true, false] {
            let match = try IDMatch(old: old.map(\.id), new: new.map(\.id), oldIDsAreUnique: unique)
            XCTAssertTrue(match.hashedWholeMiddle, "unique: \(unique)")
            let plan = try plan(old, new, unique: unique)
            assertValidPlan(plan, old: old, new: new, expected: Expected(old: old, new: new), options: .default, "widened, unique: \(unique)")
        }
    }

    func testSmallOrEvenMiddlesStayWithTheWalk() throws {
        let old = Mix.oldList(count: 1_000)
        let new = narrowed(old, keep: 100, seed: 3)
        XCTAssertFalse(try IDMatch(old: old.map(\.id), new: new.map(\.id), oldIDsAreUnique: true).hashedWholeMiddle,
                       "a middle below the minimum rows")
        let large = Mix.oldList(count: count)
        let half = narrowed(large, keep: 500, seed: 4)
        XCTAssertFalse(try IDMatch(old: large.map(\.id), new: half.map(\.id), oldIDsAreUnique: true).hashedWholeMiddle,
                       "half the rows kept: the walk")
        // Mostly new rows, too many for one table: the walk (which turns to bulk).
        let huge = Mix.oldList(count: IDMatch.bulkMinimumRows + 10)
        let few = narrowed(huge, keep: 100, seed: 8)
        XCTAssertFalse(IDMatch.matchesByNewRows(oldRows: few.count, newRows: huge.count))
        XCTAssertFalse(IDMatch.matchesByOldRows(oldRows: few.count, newRows: huge.count))
        let widened = try plan(few, huge, unique: true)
        assertValidPlan(widened, old: few, new: huge, expected: Expected(old: few, new: huge), options: .default, "huge widening")
        XCTAssertTrue(IDMatch.matchesByNewRows(oldRows: huge.count, newRows: few.count), "mostly gone: one table of the few")
    }

    func testRepeatsAreReportedAsTheFirstRepeatOfTheMiddle() {
        let old = Mix.oldList(count: count).map(\.id)
        var narrow = narrowed(Mix.oldList(count: count), keep: 100, seed: 5).map(\.id)
        narrow[narrow.count / 2] = narrow[3]  // a repeat among the new rows
        XCTAssertEqual(planError(old: old, new: narrow, unique: true),
                       firstRepeat(old: old, new: narrow))
        // A promise broken: an old id repeated among rows the new list has is still reported.
        var repeatedOld = old
        repeatedOld[count - 2] = narrow[5]
        let fine = narrowed(Mix.oldList(count: count), keep: 100, seed: 5).map(\.id)
        XCTAssertEqual(planError(old: repeatedOld, new: fine, unique: true),
                       firstRepeat(old: repeatedOld, new: fine))
        // Mostly new rows, no promise: repeats among the old rows, among the new ones, and a second new
        // row with an old row's id.
        let few = narrowed(Mix.oldList(count: count), keep: 100, seed: 6).map(\.id)
        var fewRepeated = few
        fewRepeated[fewRepeated.count - 2] = fewRepeated[1]
        XCTAssertEqual(planError(old: fewRepeated, new: old),
                       firstRepeat(old: fewRepeated, new: old))
        var manyRepeated = old
        manyRepeated[count - 2] = manyRepeated[7]
        for (oldIDs, unique) in [(few, false), (few, true)] {
            XCTAssertEqual(planError(old: oldIDs, new: manyRepeated, unique: unique),
                           firstRepeat(old: oldIDs, new: manyRepeated), "unique: \(unique)")
        }
    }

    func testACancelledTaskStopsEitherTableMatch() async {
        let all = Mix.oldList(count: count).map(\.id)
        let few = narrowed(Mix.oldList(count: count), keep: 100, seed: 7).map(\.id)
        for (old, new, unique) in [(all, few, true), (few, all, false), (few, all, true)] {
            let outcome = await Task.detached { () -> DiffError? in
                withUnsafeCurrentTask { $0?.cancel() }
                do throws(DiffError) {
                    _ = try ListDiff.plan(old: old, new: new, checkingCancellation: true, oldIDsAreUnique: unique) { _, _ in true }
                    return nil
                } catch {
                    return error
                }
            }.value
            XCTAssertEqual(outcome, .cancelled, "\(old.count) → \(new.count), unique: \(unique)")
        }
    }

    func testRemovingEveryRowOrAddingEveryRowIsOneSplice() throws {
        let old = Mix.oldList(count: count)
        let emptied = try plan(old, [], unique: true)
        XCTAssertEqual(emptied.splices, [Splice(position: 0, removedCount: count, inserted: 0..<0)])
        let filled = try plan([], old, unique: true)
        XCTAssertEqual(filled.splices, [Splice(position: 0, removedCount: 0, inserted: 0..<count)])
        XCTAssertFalse(try IDMatch(old: [], new: old.map(\.id), oldIDsAreUnique: true).hashedWholeMiddle, "a fill: the walk")
    }
}
