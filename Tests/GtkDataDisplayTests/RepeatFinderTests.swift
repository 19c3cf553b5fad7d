@testable import GtkDataDisplay
import XCTest

/// `RepeatFinder` (the checks of a new state's ids and generator instances) against a dictionary:
/// random lists of keys of every id kind with and without repeats, and a hash that sends every
/// value to one slot (every lookup probes past all the others).
final class RepeatFinderTests: XCTestCase {
    /// What `firstRepeat` must answer: the first index that repeats an earlier value, and that value's first index.
    private func reference<T: Hashable>(_ values: [T]) -> (first: Int, second: Int)? {
        var firstIndex: [T: Int] = [:]
        for (index, value) in values.enumerated() {
            if let first = firstIndex[value] { return (first, index) }
            firstIndex[value] = index
        }
        return nil
    }

    private func key(_ id: DiffKey, depth: Int = 0, role: RowRole = .row) -> RowKey { RowKey(role: role, depth: depth, id: id) }

    func testRandomKeysOfEveryKindFindTheFirstRepeatAsADictionaryDoes() {
        var rng = SystemRandomNumberGenerator()
        let objects = (0..<64).map { _ in NSObject() }
        var repeats = 0
        for round in 0..<300 {
            let count = Int.random(in: 0...(round < 250 ? 400 : 20_000), using: &rng)
            let span = Int.random(in: 1...max(1, count * 4), using: &rng)
            let keys: [RowKey] = (0..<count).map { _ in
                let n = Int.random(in: 0..<span, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: return key(DiffKey(n))
                case 1: return key(DiffKey("id \(n)"))
                case 2: return key(DiffKey(ObjectIdentifier(objects[n % objects.count])))
                case 3: return key(DiffKey(Double(n) + 0.5))
                default: return key(DiffKey(n), depth: n % 3, role: n % 2 == 0 ? .row : .header)
                }
            }
            let expected = reference(keys)
            let found = RepeatFinder.firstRepeat(in: keys)
            XCTAssertEqual(found?.first, expected?.first, "round \(round), \(count) keys")
            XCTAssertEqual(found?.second, expected?.second, "round \(round), \(count) keys")
            if expected != nil { repeats += 1 }
        }
        XCTAssertGreaterThan(repeats, 50, "the random lists hold repeats in many rounds")
        XCTAssertLessThan(repeats, 300, "and none in some")
    }

    func testAnIntegerIDAndTheSameNumberAsAStringAreDifferentKeys() {
        XCTAssertNil(RepeatFinder.firstRepeat(in: [key(DiffKey(7)), key(DiffKey("7")), key(DiffKey(7), depth: 1),
                                                   key(DiffKey(7), role: .header)]))
        XCTAssertEqual(RepeatFinder.firstRepeat(in: [key(DiffKey(7)), key(DiffKey("7")), key(DiffKey(7))])?.first, 0)
    }

    func testOneHashForEveryValueStillComparesTheValues() {
        let values = (0..<500).map { $0 * 3 } + [297] + [1]
        let found = RepeatFinder.firstRepeat(in: values, hash: { _ in 42 }, equal: ==)
        XCTAssertEqual(found?.first, 99)
        XCTAssertEqual(found?.second, 500)
        XCTAssertNil(RepeatFinder.firstRepeat(in: Array(0..<500), hash: { _ in 42 }, equal: ==))
    }
}
