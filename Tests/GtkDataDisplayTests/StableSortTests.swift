@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `FilteredState`'s sort (`StableSort`): the order `sorted(by:)` with ties broken by position
/// gives, on random keys with many ties and on runs already in order or reversed, and one
/// comparison per model for models already sorted either way.
final class StableSortTests: XCTestCase {
    /// What a stable sort of `indices` by `keys` gives: ties keep their order in `indices`.
    private func reference(_ indices: [Int], _ keys: [Int], descending: Bool) -> [Int] {
        indices.enumerated().sorted { a, b in
            let (ka, kb) = (keys[a.element], keys[b.element])
            if ka != kb { return descending ? ka > kb : ka < kb }
            return a.offset < b.offset
        }.map(\.element)
    }

    func testRandomKeysWithTiesSortAsAStableSortDoes() {
        var rng = RandomizedRNG(seed: 12)
        for round in 0..<200 {
            let count = Int(rng.next() % 300)
            let distinct = 1 + Int(rng.next() % 20)
            let keys = (0..<count).map { _ in Int(rng.next() % UInt64(distinct)) }
            var indices = Array(0..<count)
            if round % 2 == 1 { for i in indices.indices.reversed() { indices.swapAt(i, rng.below(i + 1)) } }
            for descending in [false, true] {
                let sorted = StableSort.sorted(indices) { descending ? keys[$0] > keys[$1] : keys[$0] < keys[$1] }
                XCTAssertEqual(sorted, reference(indices, keys, descending: descending), "round \(round), descending \(descending)")
            }
        }
    }

    func testRunsInOrderAndReversedRunsWithTiesKeepTheirOrder() {
        // Ascending, then strictly descending (reversed as a run), then descending with ties (not
        // one run: equal keys must keep their order), then a tail of one.
        let keys = [1, 2, 2, 5, 9, 7, 4, 3, 6, 6, 6, 5, 5, 0]
        let indices = Array(keys.indices)
        XCTAssertEqual(StableSort.sorted(indices) { keys[$0] < keys[$1] }, reference(indices, keys, descending: false))
        XCTAssertEqual(StableSort.sorted(indices) { keys[$0] > keys[$1] }, reference(indices, keys, descending: true))
        XCTAssertEqual(StableSort.sorted([]) { keys[$0] < keys[$1] }, [])
        XCTAssertEqual(StableSort.sorted([3]) { keys[$0] < keys[$1] }, [3])
    }

    func testModelsAlreadySortedEitherWayCostOneComparisonEach() {
        let keys = (0..<10_000).map { $0 / 3 }   // ties in threes: a reversal is not one decreasing run
        let distinct = Array(0..<10_000)
        var comparisons = 0
        let ascending = StableSort.sorted(Array(keys.indices)) { comparisons += 1; return keys[$0] < keys[$1] }
        XCTAssertEqual(ascending, Array(keys.indices))
        XCTAssertEqual(comparisons, keys.count - 1, "one run in order")
        comparisons = 0
        let reversed = StableSort.sorted(Array(distinct.indices)) { comparisons += 1; return distinct[$0] > distinct[$1] }
        XCTAssertEqual(reversed, Array(distinct.indices.reversed()))
        XCTAssertEqual(comparisons, distinct.count - 1, "one strictly decreasing run, reversed")
    }

    /// A model counted while it lives, with a long string (its own storage, counted too).
    private final class Counted {
        nonisolated(unsafe) static var alive = 0
        let key: Int
        let text: String
        init(_ key: Int) {
            self.key = key
            text = "a model whose text is too long to be stored inline \(key)"
            Counted.alive += 1
        }
        deinit { Counted.alive -= 1 }
    }

    func testModelsSortedBesideTheirNumbersSortAsTheirNumbersDo() {
        var rng = RandomizedRNG(seed: 13)
        let before = Counted.alive
        for round in 0..<100 {
            let count = Int(rng.next() % 400)
            let distinct = 1 + Int(rng.next() % 30)
            var models = (0..<count).map { _ in Counted(Int(rng.next() % UInt64(distinct))) }
            var texts = models.map(\.text)
            // A subset in some order, as a folder's children or the shown roots are.
            var numbers = Array(0..<count).filter { _ in rng.below(4) != 0 }
            for i in numbers.indices.reversed() where round % 2 == 1 { numbers.swapAt(i, rng.below(i + 1)) }
            for descending in [false, true] {
                let sorted = StableSort.sorted(numbers, of: models) { descending ? $0.key > $1.key : $0.key < $1.key }
                XCTAssertEqual(sorted, reference(numbers, models.map(\.key), descending: descending), "round \(round)")
                let byText = StableSort.sorted(numbers, of: texts) { descending ? $0 > $1 : $0 < $1 }
                XCTAssertEqual(byText, StableSort.sorted(numbers) { descending ? texts[$0] > texts[$1] : texts[$0] < texts[$1] })
            }
            XCTAssertEqual(Counted.alive, before + count, "round \(round): every model still held once")
            models = []
            texts = []
            XCTAssertEqual(Counted.alive, before, "round \(round): no model kept by the sort")
        }
    }
}
