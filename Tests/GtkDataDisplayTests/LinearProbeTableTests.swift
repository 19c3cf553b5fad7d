@testable import GtkDataDisplay
import XCTest

/// The flat table behind the manager's lookups (`LinearProbeTable`), against a `Set`: random inserts
/// and removals with hashes chosen to collide, pile up in runs and wrap past the table's end, so
/// removal's shifting back of later entries is exercised in every arrangement.
final class LinearProbeTableTests: XCTestCase {
    private struct Entry: LinearProbeEntry {
        var key: Int
        var hash: UInt
        static var empty: Entry { Entry(key: -1, hash: 0) }
        var isEmpty: Bool { key < 0 }
    }

    /// Keys whose hashes put them in few home slots, most of them near the table's end.
    private static func hash(_ key: Int) -> UInt {
        let home = UInt(key % 5 == 0 ? 0 : 60 + key % 4)  // of 64 buckets at the top bits
        return home << 58 | UInt(key)
    }

    private func find(_ key: Int, in table: LinearProbeTable<Entry>) -> Int? {
        table.firstSlot(hash: Self.hash(key)) { $0.key == key }
    }

    func testRandomInsertsAndRemovalsAgreeWithASet() {
        var random = HintTestRandom(seed: 0x5EED)
        for _ in 0..<200 {
            var table = LinearProbeTable<Entry>()
            var model = Set<Int>()
            for _ in 0..<300 {
                let key = random.below(120)
                if model.contains(key) {
                    table.remove(at: find(key, in: table)!)
                    model.remove(key)
                } else {
                    table.insert(Entry(key: key, hash: Self.hash(key)))
                    model.insert(key)
                }
                XCTAssertEqual(table.count, model.count)
            }
            for key in 0..<120 {
                XCTAssertEqual(find(key, in: table) != nil, model.contains(key), "key \(key)")
            }
            XCTAssertLessThanOrEqual(2 * table.count, table.entries.count, "at most half full")
        }
    }

    /// An entry replaced by another of the same hash takes its slot: the old one is gone, the new one
    /// found there, others in its run untouched.
    func testReplacingPutsTheNewEntryInTheOldOnesSlot() {
        var table = LinearProbeTable<Entry>(capacity: 4)
        for key in [5, 10, 15] { table.insert(Entry(key: key, hash: Self.hash(key))) }  // one home: a run
        let slot = find(10, in: table)!
        table.replace(at: slot, with: Entry(key: 99, hash: Self.hash(10)))
        XCTAssertNil(find(10, in: table))
        XCTAssertEqual(table.firstSlot(hash: Self.hash(10)) { $0.key == 99 }, slot)
        XCTAssertNotNil(find(5, in: table))
        XCTAssertNotNil(find(15, in: table))
        XCTAssertEqual(table.count, 3)
    }
}
