@testable import GtkDataDisplay
import XCTest

/// `ModelRoots`: the numbers `0..<count` with no array until an order or an out-of-order number
/// needs one, reading the same as the array would.
final class ModelRootsTests: XCTestCase {
    func testNumbersInOrderStayWithoutAnArrayUntilOrderedOtherwise() {
        var roots = ModelRoots(count: 3)
        XCTAssertNil(roots.numbers)
        XCTAssertEqual(Array(roots), [0, 1, 2])
        roots.append(contentsOf: [3, 4])
        XCTAssertNil(roots.numbers, "numbers appended in order keep no array")
        XCTAssertEqual(Array(roots), [0, 1, 2, 3, 4])
        XCTAssertEqual(roots.array, [0, 1, 2, 3, 4])
        roots.append(contentsOf: [9, 5])
        XCTAssertEqual(roots.numbers, [0, 1, 2, 3, 4, 9, 5])
        XCTAssertEqual(roots[5], 9)
        XCTAssertEqual(roots.filter { $0 % 2 == 1 }, [1, 3, 9, 5])
        var sorted = ModelRoots([2, 0, 1])
        XCTAssertEqual(Array(sorted), [2, 0, 1])
        XCTAssertEqual(sorted.count, 3)
        sorted.append(contentsOf: [3])
        XCTAssertEqual(sorted.numbers, [2, 0, 1, 3], "numbers kept as an array stay one")
        XCTAssertEqual(sorted.count, 4)
        XCTAssertTrue(ModelRoots(count: 0).isEmpty)
    }
}
