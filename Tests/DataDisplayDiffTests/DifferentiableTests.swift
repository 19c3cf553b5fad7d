// The Differentiable defaults and the collection convenience.

import XCTest
import DataDisplayDiff

/// A Hashable value: its own identity, compared with ==.
private struct Tag: Hashable, Differentiable {
    var name: String
}

final class DifferentiableTests: XCTestCase {
    func testHashableValueIsItsOwnDiffID() {
        XCTAssertEqual(Tag(name: "a").diffID, Tag(name: "a"))
    }

    func testEquatableValueComparesContentWithEquality() {
        XCTAssertTrue(Tag(name: "a").isContentEqual(to: Tag(name: "a")))
        XCTAssertFalse(Tag(name: "a").isContentEqual(to: Tag(name: "b")))
    }

    func testHashableValuesDiffByValue() throws {
        let old = ["a", "b", "c"].map(Tag.init(name:))
        let new = ["c", "a", "d"].map(Tag.init(name:))
        let plan = try ListDiff.plan(from: old, to: new, options: .exact)
        XCTAssertEqual(plan.oldIndexOfNew, [2, 0, -1])
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }

    func testCustomContentComparisonDecidesUpdates() throws {
        let old = [Row(id: 1, version: 0), Row(id: 2, version: 0)]
        let new = [Row(id: 1, version: 0), Row(id: 2, version: 5)]
        XCTAssertEqual(try ListDiff.plan(from: old, to: new).updated, [1])
    }

    func testSlicesAreDiffedByOffsetFromTheirStart() throws {
        let oldBase = rows(0..<10), newBase = rows([0, 1, 2, 3, 7, 5, 6, 20, 9])
        var newRows = newBase
        newRows[5].version = 1
        let old = oldBase[3..<8]       // ids 3 4 5 6 7
        let new = newRows[3..<8]       // ids 3 7 5v1 6 20
        let plan = try ListDiff.plan(from: old, to: new, options: .exact)
        XCTAssertEqual(plan.oldIndexOfNew, [0, 4, 2, 3, -1])
        XCTAssertEqual(plan.updated, [2])
        XCTAssertEqual(plan.applied(to: Array(old), new: Array(new)), Array(new))
    }
}
