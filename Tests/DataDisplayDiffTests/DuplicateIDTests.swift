// Duplicate ids are a typed error raised before any plan exists or any content is compared.

import XCTest
import DataDisplayDiff

final class DuplicateIDTests: XCTestCase {
    private func planError(old: [Int], new: [Int], contentEqual: (Int, Int) -> Bool = { _, _ in true }) -> DiffError? {
        do {
            _ = try ListDiff.plan(old: old, new: new, contentEqual: contentEqual)
            return nil
        } catch {
            return error
        }
    }

    func testDuplicateIDInOldListIsReportedWithBothIndices() {
        XCTAssertEqual(planError(old: [1, 2, 3, 2, 5], new: [9]),
                       .duplicateID(side: .old, id: "2", firstIndex: 1, secondIndex: 3))
    }

    func testDuplicateMatchedIDInNewListIsReportedWithBothIndices() {
        XCTAssertEqual(planError(old: [1, 2, 3, 9], new: [4, 3, 5, 3, 8]),
                       .duplicateID(side: .new, id: "3", firstIndex: 1, secondIndex: 3))
    }

    func testDuplicateInsertedIDInNewListIsReportedWithBothIndices() {
        XCTAssertEqual(planError(old: [1], new: [7, 9, 7]),
                       .duplicateID(side: .new, id: "7", firstIndex: 0, secondIndex: 2))
    }

    func testDuplicateAmongAppendedRowsIsReported() {
        XCTAssertEqual(planError(old: [1, 2], new: [1, 2, 8, 8]),
                       .duplicateID(side: .new, id: "8", firstIndex: 2, secondIndex: 3))
    }

    func testDuplicateAmongRemovedRowsIsReported() {
        XCTAssertEqual(planError(old: [1, 6, 6, 2], new: [1, 2]),
                       .duplicateID(side: .old, id: "6", firstIndex: 1, secondIndex: 2))
    }

    func testOldListIsCheckedBeforeNewList() {
        XCTAssertEqual(planError(old: [5, 6, 5], new: [7, 7]),
                       .duplicateID(side: .old, id: "5", firstIndex: 0, secondIndex: 2))
    }

    func testDuplicateIsReportedBeforeAnyContentIsCompared() {
        var comparisons = 0
        let error = planError(old: [1, 2, 3], new: [1, 3, 4, 3, 7]) { _, _ in
            comparisons += 1
            return true
        }
        XCTAssertNotNil(error)
        XCTAssertEqual(comparisons, 0)
    }

    func testDuplicateIDOfDifferentiableRowsNamesTheID() {
        do {
            _ = try ListDiff.plan(from: rows([1, 2]), to: rows([42, 2, 42]))
            XCTFail("expected a duplicate id error")
        } catch {
            XCTAssertEqual(error, .duplicateID(side: .new, id: "42", firstIndex: 0, secondIndex: 2))
        }
    }

    func testDuplicateErrorDescriptionNamesIDListAndIndices() {
        XCTAssertEqual(DiffError.duplicateID(side: .new, id: "42", firstIndex: 3, secondIndex: 7).description,
                       "duplicate diff id \"42\" in the new list at 3 and 7")
        XCTAssertEqual(DiffError.duplicateID(side: .old, id: "a", firstIndex: 0, secondIndex: 1).description,
                       "duplicate diff id \"a\" in the old list at 0 and 1")
    }

    func testRowsOfTheCommonPrefixAndSuffixAreMatchedByPositionNotChecked() throws {
        // Documented limit of the fast path: only rows between the common prefix and suffix are hashed,
        // so a repeat inside the ends, or between the ends and the middle, goes unreported.
        let insideEnds = try ListDiff.plan(old: [1, 1, 2, 3, 3], new: [1, 1, 4, 3, 3]) { _, _ in true }
        XCTAssertEqual(insideEnds.splices, [Splice(position: 2, removedCount: 1, inserted: 2..<3)])
        let endAndMiddle = try ListDiff.plan(old: [1, 2, 3], new: [4, 3, 5, 3], options: .exact) { _, _ in true }
        XCTAssertEqual(endAndMiddle.oldIndexOfNew, [-1, -1, -1, 2])
    }

    func testRowsMatchedByPositionInTheMiddleAreNotCheckedButThePlanStaysValid() throws {
        // 2 and 3 follow each other in both lists, so they are matched as a run without hashing; the
        // second 2 of the new list finds no unmatched partner and is an inserted row.
        let old = [1, 2, 3, 4], new = [9, 2, 3, 2]
        let plan = try ListDiff.plan(old: old, new: new) { _, _ in true }
        XCTAssertEqual(plan.oldIndexOfNew, [-1, 1, 2, -1])
        XCTAssertEqual(plan.insertedRows, 2)
        XCTAssertEqual(plan.removedRows, 2)
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }

    func testARepeatAmongHashedRowsIsReportedAsTheFirstRepeatOfTheMiddle() {
        // The cursors meet the repeat of 8 (new list) before they reach the second 5 (old list); the
        // error still names the old list's repeat, as the first one in scanning order.
        XCTAssertEqual(planError(old: [1, 5, 2, 3, 4, 5], new: [8, 8, 7, 6]),
                       .duplicateID(side: .old, id: "5", firstIndex: 1, secondIndex: 5))
    }
}
