// One large diff: 100_000 rows through the classic mix, checked against the tests' own minimum moves.

import XCTest
import DataDisplayDiff

final class LargeListTests: XCTestCase {
    func testClassicMixOfHundredThousandRowsReplaysAndReportsTheMinimumMoves() throws {
        var rng = SplitMix64(seed: 2_024)
        let old = Mix.oldList(count: 100_000)
        let new = Mix.classic.apply(to: old, rng: &rng)

        // The minimum, computed here: match by dictionary, then plain patience sorting over all matched rows.
        var oldIndexOfID: [Int: Int] = [:]
        for (index, row) in old.enumerated() { oldIndexOfID[row.id] = index }
        let matched = new.compactMap { oldIndexOfID[$0.id] }
        let minimumMoves = matched.count - patienceLISLength(matched)
        XCTAssertGreaterThan(minimumMoves, 0)
        XCTAssertLessThanOrEqual(minimumMoves, 2_000, "the mix made 2_000 random moves")

        XCTAssertEqual(ListDiff.minimumMoves(old: old.map(\.id), new: new.map(\.id)), minimumMoves)
        for options in [SplicePlanOptions.default, .exact] {
            let plan = try ListDiff.plan(from: old, to: new, options: options)
            XCTAssertEqual(plan.applied(to: old, new: new), new, "\(options)")
            XCTAssertEqual(plan.moveCount, minimumMoves, "\(options)")
            XCTAssertEqual(plan.removedRows, old.count - matched.count, "\(options)")
            XCTAssertEqual(plan.insertedRows, new.count - matched.count, "\(options)")
        }
        let exact = try ListDiff.plan(from: old, to: new, options: .exact)
        XCTAssertEqual(exact.churn, exact.removedRows + exact.insertedRows + 2 * minimumMoves)
    }
}
