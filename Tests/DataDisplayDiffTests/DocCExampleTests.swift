import DataDisplayDiff
import XCTest

/// The example of the DataDisplayDiff DocC landing page (Sources/DataDisplayDiff/DataDisplayDiff.docc),
/// character for character between `DocC:begin` and `DocC:end` (DocCTests checks it).
final class DocCExampleTests: XCTestCase {
    func testTheLandingPageExample() throws {
        // DocC:begin diff-plan
        struct Fruit: Differentiable, Equatable {
            var id: String
            var name: String
            var diffID: String { id }
        }
        let old = [Fruit(id: "a", name: "Apple"), Fruit(id: "p", name: "Pear"), Fruit(id: "q", name: "Quince")]
        let new = [Fruit(id: "q", name: "Quince"), Fruit(id: "a", name: "Green apple"), Fruit(id: "k", name: "Kiwi")]

        let plan = try ListDiff.plan(from: old, to: new)
        for splice in plan.splices {
            // g_list_store_splice(store, splice.position, splice.removedCount, …new[splice.inserted]…)
            print(splice)
        }
        print(plan.updated)      // [1]: "a" is rebound in place (new index)
        print(plan.moveCount)    // 1: the minimum
        // DocC:end diff-plan
        XCTAssertEqual(plan.updated, [1])
        XCTAssertEqual(plan.moveCount, 1)
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }
}
