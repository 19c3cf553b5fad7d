import DataDisplayDiff
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The order a store emits a plan's splices in (`SpliceOrder`): shrinking splices first, then those
/// that keep the count, then growing ones, each at its position in the store as it stands then, so
/// that the emissions still turn the old list into the new one.
@MainActor
final class SpliceOrderTests: XCTestCase {
    /// Replays `splices` one by one on `old`, as `g_list_store_splice` would, taking rows from `new`.
    private func replay(_ splices: [Splice], on old: [Int], new: [Int]) -> [Int] {
        var list = old
        for splice in splices {
            XCTAssertLessThanOrEqual(splice.position + splice.removedCount, list.count, "\(splice) reaches past the list")
            list.replaceSubrange(splice.position..<(splice.position + splice.removedCount), with: new[splice.inserted])
        }
        return list
    }

    private func group(_ splice: Splice) -> Int {
        let growth = splice.inserted.count - splice.removedCount
        return growth < 0 ? 0 : growth == 0 ? 1 : 2
    }

    func testGrowingSpliceBeforeAShrinkingOneIsEmittedAfterIt() async throws {
        let old = Array(0..<20)
        var new = old
        new.insert(100, at: 2)
        new.remove(at: 15)  // old row 14
        let plan = [Splice(position: 2, removedCount: 0, inserted: 2..<3),
                    Splice(position: 15, removedCount: 1, inserted: 15..<15)]
        XCTAssertEqual(replay(plan, on: old, new: new), new)
        let emitted = SpliceOrder.emissions(of: plan)
        XCTAssertEqual(emitted, [Splice(position: 14, removedCount: 1, inserted: 15..<15),
                                 Splice(position: 2, removedCount: 0, inserted: 2..<3)])
        XCTAssertEqual(replay(emitted, on: old, new: new), new)
    }

    func testPlanAlreadyInOrderIsEmittedAsItIs() async throws {
        let plan = [Splice(position: 2, removedCount: 1, inserted: 2..<2),
                    Splice(position: 8, removedCount: 2, inserted: 8..<10),
                    Splice(position: 15, removedCount: 0, inserted: 15..<16)]
        XCTAssertEqual(SpliceOrder.emissions(of: plan), plan)
    }

    func testInsertionsAtOnePlaceKeepTheirOrder() async throws {
        let old = Array(0..<6)
        let new = [0, 1, 100, 101, 2, 3, 5]  // 100 and 101 at 2 (two splices), 4 removed
        let plan = [Splice(position: 2, removedCount: 0, inserted: 2..<3),
                    Splice(position: 3, removedCount: 0, inserted: 3..<4),
                    Splice(position: 6, removedCount: 1, inserted: 6..<6)]
        XCTAssertEqual(replay(plan, on: old, new: new), new)
        let emitted = SpliceOrder.emissions(of: plan)
        XCTAssertEqual(emitted.first, Splice(position: 4, removedCount: 1, inserted: 6..<6))
        XCTAssertEqual(replay(emitted, on: old, new: new), new)
    }

    func testRandomPlansReplayToTheNewListInGroupOrder() async throws {
        var random = RandomizedRNG(seed: 0x5EED_0D3E)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var reordered = 0
        for round in 0..<300 {
            let old = Array(0..<(1 + below(80)))
            var new = old.filter { _ in below(10) > 0 }
            var nextID = 1_000
            for _ in 0..<below(12) {
                new.insert(nextID, at: below(new.count + 1))
                nextID += 1
            }
            for _ in 0..<below(6) where new.count > 1 {
                let moved = new.remove(at: below(new.count))
                new.insert(moved, at: below(new.count + 1))
            }
            // Exact plans: without merging, small lists keep their splices apart.
            let plan = try ListDiff.plan(old: old, new: new, options: .exact) { _, _ in true }
            let emitted = SpliceOrder.emissions(of: plan.splices)
            XCTAssertEqual(emitted.count, plan.splices.count, "round \(round)")
            XCTAssertEqual(replay(emitted, on: old, new: new), new, "round \(round): \(plan.splices) → \(emitted)")
            XCTAssertEqual(emitted.map(group), emitted.map(group).sorted(), "round \(round)")
            XCTAssertEqual(Set(emitted.map(\.inserted)), Set(plan.splices.map(\.inserted)), "round \(round)")
            if emitted != plan.splices { reordered += 1 }
        }
        XCTAssertGreaterThan(reordered, 50, "the rounds hardly reach plans that need reordering")
    }

    func testWholeStateUpdateEmitsOneSplicePerPlanStepAndReachesTheNewState() async throws {
        let manager = BaseListManager()
        let old = (0..<200).map { LabelRow(model: "row \($0)", id: $0) }
        try manager.setState([Section(rows: old)])
        var new = (0..<200).map { LabelRow(model: "row \($0)", id: $0) }
        new.insert(LabelRow(model: "new a", id: 1_000), at: 5)
        new.remove(at: 60)
        new.insert(LabelRow(model: "new b", id: 1_001), at: 120)
        new.remove(at: 180)
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(rows: new)])
        XCTAssertEqual(manager.lastUpdate?.splices, 4)
        XCTAssertEqual(recorder.changes.count, 4)
        XCTAssertEqual(recorder.invalidChanges, [])
        XCTAssertEqual(recorder.changes.map { $0.added - $0.removed }, [-1, -1, 1, 1], "shrinking splices first")
        XCTAssertTrue(manager.store.generators.elementsEqual(new, by: { $0 === $1 }))
    }
}
