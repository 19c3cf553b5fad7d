// ListDiff.minimumMoves against an O(k²) brute force, and the tests' own patience sorting against the same.

import XCTest
import DataDisplayDiff

final class MinimumMovesTests: XCTestCase {
    /// Common rows minus the longest increasing subsequence, by brute force.
    private func bruteForceMinimumMoves(old: [Int], new: [Int]) -> Int {
        let matched = new.compactMap { id in old.firstIndex(of: id) }
        return matched.count - quadraticLISLength(matched)
    }

    func testMinimumMovesMatchesBruteForceOnEveryMix() {
        for mix in Mix.allCases {
            for seed: UInt64 in 1...3 {
                for size in [0, 1, 2, 5, 40, 300] {
                    var rng = SplitMix64(seed: seed &+ UInt64(size) &* 7_919)
                    let old = Mix.oldList(count: size)
                    let new = mix.apply(to: old, rng: &rng)
                    let oldIDs = old.map(\.id), newIDs = new.map(\.id)
                    XCTAssertEqual(ListDiff.minimumMoves(old: oldIDs, new: newIDs),
                                   bruteForceMinimumMoves(old: oldIDs, new: newIDs), "\(mix) size \(size) seed \(seed)")
                }
            }
        }
    }

    func testMinimumMovesOfKnownRearrangements() {
        XCTAssertEqual(ListDiff.minimumMoves(old: [Int](), new: []), 0)
        XCTAssertEqual(ListDiff.minimumMoves(old: [1, 2, 3], new: [1, 2, 3]), 0)
        XCTAssertEqual(ListDiff.minimumMoves(old: [1, 2, 3], new: [3, 2, 1]), 2)
        XCTAssertEqual(ListDiff.minimumMoves(old: [1, 2, 3, 4], new: [2, 3, 4, 1]), 1)
        XCTAssertEqual(ListDiff.minimumMoves(old: ["a", "b", "c", "d"], new: ["x", "d", "b", "y"]), 1)
        XCTAssertEqual(ListDiff.minimumMoves(old: [1, 2], new: [3, 4]), 0)
    }

    func testPatienceSortingOfTheTestsAgreesWithQuadraticLIS() {
        // The large-list test trusts patienceLISLength; check it here against the O(k²) programme.
        var rng = SplitMix64(seed: 99)
        for length in [0, 1, 2, 3, 8, 50, 400] {
            for _ in 0..<20 {
                let values = (0..<length).map { _ in rng.below(Swift.max(1, length)) }
                XCTAssertEqual(patienceLISLength(values), quadraticLISLength(values), "\(values)")
            }
        }
    }
}
