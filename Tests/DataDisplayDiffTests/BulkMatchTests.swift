// A middle that changed nearly everywhere is matched in bulk (every row hashed, by groups of hash):
// the plans it gives are checked against the tests' own matching and minimum moves, its repeats
// against the first repeat of the middle, and large middles with local changes stay with the walk.

@testable import DataDisplayDiff  // IDMatch: which way a middle was matched
import XCTest

final class BulkMatchTests: XCTestCase {
    /// Old rows of the large lists: old and new middles together are above `IDMatch.bulkMinimumRows`.
    private let count = 80_000

    private func match(_ old: [Row], _ new: [Row]) throws -> IDMatch {
        try IDMatch(old: old.map(\.id), new: new.map(\.id))
    }

    /// A shuffle whose first and last rows differ from the old list's (no common prefix or suffix).
    private func shuffled(_ old: [Row], seed: UInt64) -> [Row] {
        var rng = SplitMix64(seed: seed)
        var new = old
        new.shuffleFisherYates(rng: &rng)
        if new.first == old.first || new.last == old.last { new.swapAt(0, new.count / 2) }
        if new.first == old.first || new.last == old.last { new.swapAt(new.count - 1, new.count / 3) }
        return new
    }



    func testAFullShuffleIsMatchedInBulkAndPlannedWithTheMinimumMoves() throws {
        let old = Mix.oldList(count: count)
        let new = shuffled(old, seed: 1)
        let match = try match(old, new)
        XCTAssertTrue(match.matchedInBulk)
        XCTAssertFalse(match.hasRuns, "a shuffle leaves too many runs to choose among")
        XCTAssertEqual(match.matchedInMiddle, count)
        try assertValidPlan(old: old, new: new, options: .default, "full shuffle")
    }

    func testAShuffleWithRowsRemovedInsertedAndUpdatedIsMatchedInBulk() throws {
        var rng = SplitMix64(seed: 2)
        var fresh = FreshRows()
        let old = Mix.oldList(count: count)
        var new = shuffled(old, seed: 3)
        new.deleteRandomly(percent: 10, rng: &rng)
        new.insertRandomly(fresh.take(count / 10), rng: &rng)
        new.updateRandomly(percent: 5, rng: &rng)
        XCTAssertTrue(try match(old, new).matchedInBulk)
        try assertValidPlan(old: old, new: new, options: .default, "shuffle, deletes, inserts, updates")
    }

    func testRunsLeftAfterAShuffledStartAreChosenAmongAfterTheBulkMatch() throws {
        // The first 5,000 rows shuffled (the walk meets them first and turns to bulk), the rest in
        // ten blocks in another order: few enough runs that the rows that stay are chosen among runs.
        var rng = SplitMix64(seed: 4)
        let old = Mix.oldList(count: count)
        var head = Array(old[..<5_000])
        head.shuffleFisherYates(rng: &rng)
        if head.first == old.first { head.swapAt(0, 2_500) }
        let blockSize = (count - 5_000) / 10
        var blocks = (0..<10).map { b in Array(old[(5_000 + b * blockSize)..<(5_000 + (b + 1) * blockSize)]) }
        blocks.swapAt(0, 9)
        blocks.swapAt(3, 6)
        let new = head + blocks.flatMap { $0 }
        let match = try match(old, new)
        XCTAssertTrue(match.matchedInBulk)
        XCTAssertTrue(match.hasRuns)
        XCTAssertEqual(match.runs.reduce(0) { $0 + $1.count }, match.matchedInMiddle, "the runs cover every match")
        try assertValidPlan(old: old, new: new, options: .default, "shuffled start, moved blocks")
    }

    func testLargeMiddlesWithLocalChangesStayWithTheWalk() throws {
        for mix in [Mix.moves10, .classic, .deletesInsertsUpdatesMoves, .randomInsertsAndDeletes] {
            var rng = SplitMix64(seed: 5)
            let old = Mix.oldList(count: count)
            let new = mix.apply(to: old, rng: &rng)
            XCTAssertFalse(try match(old, new).matchedInBulk, "\(mix)")
        }
        // A shuffle too small for the table to leave the cache.
        let small = Mix.oldList(count: 20_000)
        XCTAssertFalse(try match(small, shuffled(small, seed: 6)).matchedInBulk)
    }

    func testARepeatInABulkMatchedMiddleIsTheFirstRepeatOfTheMiddle() throws {
        let old = Mix.oldList(count: count).map(\.id)
        let new = shuffled(Mix.oldList(count: count), seed: 7).map(\.id)
        XCTAssertTrue(try IDMatch(old: old, new: new).matchedInBulk)
        let freshID = 2
        var cases: [(String, [Int], [Int])] = []
        // Two old rows with one id.
        var oldRepeat = old
        oldRepeat[60_000] = old[20_000]
        cases.append(("old", oldRepeat, new))
        // Two new rows with an old row's id.
        var matchedRepeat = new
        matchedRepeat[50_000] = new[30_000]
        cases.append(("new, matched", old, matchedRepeat))
        // Two new rows with an id the old list does not have.
        var insertedRepeat = new
        insertedRepeat[10_000] = freshID
        insertedRepeat[70_000] = freshID
        cases.append(("new, inserted", old, insertedRepeat))
        // A repeat in each list: the old list's is named.
        cases.append(("both", oldRepeat, matchedRepeat))
        for (name, old, new) in cases {
            let expected = firstRepeat(old: old, new: new)
            XCTAssertNotNil(expected, name)
            XCTAssertEqual(planError(old: old, new: new), expected, name)
        }
    }

    func testStringIDsAreMatchedInBulkToo() throws {
        var rng = SplitMix64(seed: 8)
        let old = (0..<count).map { "row-\($0)" }
        var order = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) { order.swapAt(i, rng.below(i + 1)) }
        var new = order.map { old[$0] }
        new[count / 2] = "inserted"
        let match = try IDMatch(old: old, new: new)
        XCTAssertTrue(match.matchedInBulk)
        var oldIndexOfID: [String: Int] = [:]
        for (index, id) in old.enumerated() { oldIndexOfID[id] = index }
        XCTAssertEqual(match.oldIndexOfNew, new.map { oldIndexOfID[$0] ?? -1 })
        XCTAssertEqual(match.matchedInMiddle, count - 1)
    }

    func testAListFilledOrEmptiedOutOfOrderIsCheckedForRepeatsInBulk() throws {
        // From nothing to rows out of order (a first fill whose ids are not increasing): every row is
        // inserted and every one hashed for repeats; and back to nothing.
        let rows = shuffled(Mix.oldList(count: 2 * count), seed: 10).map(\.id)
        let filled = try IDMatch(old: [], new: rows)
        XCTAssertTrue(filled.matchedInBulk)
        XCTAssertEqual(filled.matchedInMiddle, 0)
        XCTAssertEqual(filled.oldIndexOfNew, [Int](repeating: -1, count: rows.count))
        let plan = try ListDiff.plan(old: [], new: rows) { _, _ in true }
        XCTAssertEqual(plan.insertedRows, rows.count)
        XCTAssertEqual(try ListDiff.plan(old: rows, new: []) { _, _ in true }.removedRows, rows.count)
        XCTAssertTrue(try IDMatch(old: rows, new: []).matchedInBulk)
        var repeated = rows
        repeated[rows.count - 1] = rows[3]
        XCTAssertEqual(planError(old: [], new: repeated), firstRepeat(old: [], new: repeated))
        XCTAssertEqual(planError(old: repeated, new: []), firstRepeat(old: repeated, new: []))
    }

    func testABulkMatchInACancelledTaskStops() async throws {
        // The walk looks at cancellation before it turns to bulk, so a task cancelled from the start
        // never reaches the groups: the bulk pass is asked directly, as the walk asks it.
        let old = Mix.oldList(count: count).map(\.id)
        let new = shuffled(Mix.oldList(count: count), seed: 11).map(\.id)
        var match = try IDMatch(old: old, new: new)
        let (prefix, suffix) = (match.prefix, match.suffix)
        let outcome = await Task.detached { () -> DiffError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(DiffError) {
                try match.matchMiddleInBulk(old: old, new: new, oldEnd: old.count - suffix, newEnd: new.count - suffix,
                                            checkingCancellation: true)
                return nil
            } catch {
                return error
            }
        }.value
        XCTAssertEqual(outcome, .cancelled)
        XCTAssertLessThan(prefix + suffix, count, "the lists have a middle")
    }

    func testABulkMatchThatChecksCancellationGivesTheSamePlan() throws {
        let old = Mix.oldList(count: count).map(\.id)
        let new = shuffled(Mix.oldList(count: count), seed: 9).map(\.id)
        let checked = try ListDiff.plan(old: old, new: new, checkingCancellation: true) { _, _ in true }
        let plain = try ListDiff.plan(old: old, new: new) { _, _ in true }
        XCTAssertEqual(checked, plain)
        XCTAssertTrue(try IDMatch(old: old, new: new, checkingCancellation: true).matchedInBulk)
    }
}
