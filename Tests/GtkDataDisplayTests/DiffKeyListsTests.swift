@testable import GtkDataDisplay
import XCTest

/// `DiffKeyLists`: the keys a background diff reads become plain integers exactly when every id of
/// both lists is an integer of a plain row, in the same order, finding the same repeats.
final class DiffKeyListsTests: XCTestCase {
    private func key(_ id: DiffKey, depth: Int = 0, role: RowRole = .row) -> RowKey { RowKey(role: role, depth: depth, id: id) }

    /// The first index that repeats an earlier key, and that key's first index.
    private func reference(_ keys: [RowKey]) -> (first: Int, second: Int)? {
        var firstIndex: [RowKey: Int] = [:]
        for (index, key) in keys.enumerated() {
            if let first = firstIndex[key] { return (first, index) }
            firstIndex[key] = index
        }
        return nil
    }

    /// A background diff's keys become plain integers when every id of both lists is an integer of
    /// a plain row (`DiffKeyLists.cheapest`), and find the same repeats there.
    func testIntegerIDsOfPlainRowsBecomePlainIntegerKeysThatFindTheSameRepeats() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<100 {
            let count = Int.random(in: 0...3_000, using: &rng)
            let keys = (0..<count).map { _ in key(DiffKey(Int.random(in: -count...(count * 3), using: &rng))) }
            guard case let .plainInts(old, new) = DiffKeyLists.rowKeys(old: keys, new: keys).cheapest else {
                return XCTFail("integer ids of plain rows stayed row keys")
            }
            XCTAssertEqual(old.map(\.value), new.map(\.value))
            XCTAssertEqual(new.map(\.description), keys.map(\.description), "an integer key writes its id as a row key does")
            let expected = reference(keys)
            XCTAssertEqual(RepeatFinder.firstRepeat(in: new)?.first, expected?.first, "round \(round)")
            XCTAssertEqual(RepeatFinder.firstRepeat(in: new)?.second, expected?.second, "round \(round)")
        }
        for other in [key(DiffKey("7")), key(DiffKey(7), depth: 1), key(DiffKey(7), role: .header)] {
            guard case .rowKeys = DiffKeyLists.rowKeys(old: [key(DiffKey(1))], new: [key(DiffKey(2)), other]).cheapest else {
                return XCTFail("\(other) made plain integer keys")
            }
        }
    }

    /// Read a key at a time (as `PreparedState.inSlices` reads them): integers until the first
    /// other key, then every key read so far as row keys, in order.
    func testABuilderTurnsToRowKeysAtTheFirstKeyThatIsNoPlainInteger() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let count = Int.random(in: 1...500, using: &rng)
            let otherAt = Bool.random(using: &rng) ? Int.random(in: 0..<count, using: &rng) : nil
            let keys = (0..<count).map { index in
                index == otherAt ? key(DiffKey("row \(index)")) : key(DiffKey(Int.random(in: -1_000...1_000, using: &rng)))
            }
            var builder = DiffKeyLists.Builder(capacity: count)
            for key in keys { builder.append(key) }
            XCTAssertEqual(builder.rowKeys, keys)
            switch (DiffKeyLists(old: builder, new: builder), otherAt) {
            case let (.plainInts(_, new), nil): XCTAssertEqual(new.map(\.rowKey), keys)
            case (.rowKeys(_, let new), .some): XCTAssertEqual(new, keys)
            default: XCTFail("integer keys \(otherAt == nil ? "stayed row keys" : "held a string id")")
            }
        }
        var ints = DiffKeyLists.Builder(capacity: 2), mixed = DiffKeyLists.Builder(capacity: 2)
        ints.append(key(DiffKey(1)))
        mixed.append(key(DiffKey(1), role: .header))
        guard case .rowKeys = DiffKeyLists(old: ints, new: mixed) else { return XCTFail("a header made plain integer keys") }
    }
}
