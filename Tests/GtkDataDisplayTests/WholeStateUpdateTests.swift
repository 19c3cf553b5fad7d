import DataDisplayDiff
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Whole-state updates (RDDM's "clear, add, reload") are diffed by diff id.
@MainActor
final class WholeStateUpdateTests: XCTestCase {
    func testSameStateFromNewInstancesEmitsNothingAndKeepsRowObjects() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(header: header("A"), rows: rows("a", "b", "c"))])
        let objects = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(header: header("A"), rows: rows("a", "b", "c"))])
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(manager.store.objectAddresses, objects)
        XCTAssertEqual(manager.lastUpdate?.updated, 0)
    }

    func testStoreHoldsTheNewGeneratorsAfterMatching() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a", "b"))])
        let fresh = rows("a", "b")
        try manager.setState([Section(rows: fresh)])
        XCTAssertTrue(manager.store.shows(fresh))
        XCTAssertTrue(manager.contains(fresh[0]))
    }

    func testChangedContentIsAnInPlaceUpdateNotRemoveInsert() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: [LabelRow(model: "old", id: 1), LabelRow(model: "same", id: 2)])])
        let objects = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(rows: [LabelRow(model: "new", id: 1), LabelRow(model: "same", id: 2)])])
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(manager.store.objectAddresses, objects)
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
        XCTAssertEqual(storeTexts(manager), ["new", "same"])
    }

    func testInsertsRemovesAndMovesReachTheStoreAsSplices() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a", "b", "c", "d", "e"))])
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(rows: rows("b", "x", "c", "e", "a"))])
        XCTAssertEqual(storeTexts(manager), ["b", "x", "c", "e", "a"])
        XCTAssertEqual(manager.lastUpdate?.moves, 1)
        XCTAssertEqual(manager.lastUpdate?.inserted, 1)
        XCTAssertEqual(manager.lastUpdate?.removed, 1)
        XCTAssertEqual(recorder.invalidChanges, [])
        XCTAssertEqual(recorder.changes.count, manager.lastUpdate?.splices)
        XCTAssertEqual(recorder.changes.reduce(0) { $0 + $1.added - $1.removed }, 0)
    }

    func testHeadersAndRowsWithSameIDDoNotCollide() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(header: LabelHeader(model: "h", id: 1), rows: [LabelRow(model: "r", id: 1)])])
        XCTAssertEqual(storeTexts(manager), ["#h", "r"])
    }

    func testSectionsFollowTheNewState() async throws {
        let manager = BaseListManager()
        let a = header("A"), b = header("B")
        try manager.setState([Section(header: a, rows: rows("a1")), Section(header: b, rows: rows("b1"))])
        let b2 = header("B"), a2 = header("A")
        try manager.setState([Section(header: b2, rows: rows("b1", "a1")), Section(header: a2)])
        XCTAssertEqual(storeTexts(manager), ["#B", "b1", "a1", "#A"])
        XCTAssertEqual(manager.numberOfSections, 2)
        try manager.add(rows("z"), toSectionWith: a2)
        XCTAssertEqual(storeTexts(manager), ["#B", "b1", "a1", "#A", "z"])
    }

    /// The foundation's acceptance case: 100k rows, −10% deleted, +10% inserted, 2% shuffled.
    func testHundredThousandRowsClassicMixReachesTargetWithMinimumMoves() async throws {
        var rng = RandomizedRNG(seed: 0xC0FFEE)
        let n = 100_000
        let oldIDs = Array(0..<n)
        var newIDs = oldIDs.filter { _ in rng.next() % 10 != 0 }
        var nextID = n
        for _ in 0..<(n / 10) {
            newIDs.insert(nextID, at: Int(rng.next() % UInt64(newIDs.count + 1)))
            nextID += 1
        }
        for _ in 0..<(n / 50) {
            let i = Int(rng.next() % UInt64(newIDs.count)), j = Int(rng.next() % UInt64(newIDs.count))
            newIDs.swapAt(i, j)
        }
        let manager = BaseListManager()
        try manager.setState([Section(rows: oldIDs.map { LabelRow(model: "\($0)", id: $0) })])
        let recorder = ItemsChangedRecorder(manager.store)
        let target = newIDs.map { LabelRow(model: "\($0)", id: $0) }
        try manager.setState([Section(rows: target)])
        XCTAssertTrue(manager.store.shows(target), "store differs from the target")
        XCTAssertEqual(manager.lastUpdate?.moves, ListDiff.minimumMoves(old: oldIDs, new: newIDs))
        XCTAssertEqual(manager.lastUpdate?.moves, lisMinimumMoves(old: oldIDs, new: newIDs))
        XCTAssertEqual(recorder.invalidChanges, [])
    }

    /// A shuffle of 20k rows in three sections, the first with a header (every row moves: the update
    /// fetches rows ahead of its passes, `RowPrefetch`; the header keeps it off the in-place path,
    /// `PositionalHull`) keeps each id's row object, rebinds exactly the rows whose content changed,
    /// moves the minimum and reaches the target; the rows a later state drops are freed.
    func testAShuffleOfTwentyThousandRowsKeepsEveryRowObject() async throws {
        var rng = RandomizedRNG(seed: 0xBEEF)
        let n = 20_000
        let manager = BaseListManager()
        let header = LabelHeader(model: "A", id: "header A")
        func sections(_ ids: [Int], changed: (Int) -> Bool) -> [Section] {
            let rows = ids.map { LabelRow(model: changed($0) ? "changed \($0)" : "\($0)", id: $0) }
            return [Section(header: header, rows: Array(rows[..<5000])), Section(rows: Array(rows[5000..<12000])),
                    Section(rows: Array(rows[12000...]))]
        }
        try manager.setState(sections(Array(0..<n)) { _ in false })
        let headerObject = manager.store.objectAddresses[0]
        let objectByID = Dictionary(uniqueKeysWithValues: zip(0..<n, manager.store.objectAddresses.dropFirst()))
        var ids = Array(0..<n)
        for i in stride(from: n - 1, to: 0, by: -1) { ids.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        var target = sections(ids) { $0 % 7 == 0 }
        try manager.setState(target)
        XCTAssertTrue(manager.store.shows([header] + target.flatMap(\.rows)), "store differs from the target")
        XCTAssertTrue(manager.store.objectAddresses == [headerObject] + ids.map { objectByID[$0]! }, "every id keeps its row object")
        XCTAssertEqual(manager.lastUpdate?.updated, (0..<n).filter { $0 % 7 == 0 }.count)
        XCTAssertEqual(manager.lastUpdate?.moves, lisMinimumMoves(old: Array(0..<n), new: ids))
        XCTAssertEqual(manager.lastUpdate?.repurposed, 0)
        XCTAssertGreaterThan(manager.lastUpdate?.moves ?? 0, 4096, "enough rows moved to fetch ahead")
        target = []
        weak let dropped = manager.store.generator(at: 1).map { $0 as AnyObject }
        try manager.setState(sections(Array(ids.dropFirst())) { _ in false })
        XCTAssertNil(dropped, "the row a later state drops is freed with its generator")
        XCTAssertEqual(manager.store.count, n)
    }

    /// 6000 of 20k rows replaced by new ones at random places (enough that the update fetches the
    /// removed rows ahead, `RowPrefetch`): every new row takes a removed row's object (no view shows
    /// them), the store shows the target, and the removed generators are freed.
    func testSixThousandReplacedRowsTakeTheRemovedRowsObjects() async throws {
        var rng = RandomizedRNG(seed: 0xFEED)
        let n = 20_000
        let manager = BaseListManager()
        var old: [LabelRow] = (0..<n).map { LabelRow(model: "\($0)", id: $0) }
        try manager.setState([Section(rows: old)])
        let before = Set(manager.store.objectAddresses)
        var ids = Array(0..<n)
        var replaced = Set<Int>()
        while replaced.count < 6000 { replaced.insert(Int(rng.next() % UInt64(n))) }
        for position in replaced { ids[position] = n + position }
        let target = ids.map { LabelRow(model: "new \($0)", id: $0) }
        weak let removedGenerator = old[replaced.first!]
        old = []
        try manager.setState([Section(rows: target)])
        XCTAssertTrue(manager.store.shows(target), "store differs from the target")
        XCTAssertEqual(Set(manager.store.objectAddresses), before, "every new row took a removed row's object")
        XCTAssertEqual(manager.lastUpdate?.inserted, 6000)
        XCTAssertEqual(manager.lastUpdate?.removed, 6000)
        XCTAssertEqual(manager.lastUpdate?.updated, n - 6000, "kept rows show their new models")
        XCTAssertNil(removedGenerator, "a removed row's generator is freed")
    }
}

/// Minimum moves computed here independently of the library: common rows minus the test suite's own LIS.
func lisMinimumMoves(old: [Int], new: [Int]) -> Int {
    var oldIndex: [Int: Int] = [:]
    for (i, id) in old.enumerated() { oldIndex[id] = i }
    let sequence = new.compactMap { oldIndex[$0] }
    return sequence.count - RandomizedDiffExpectation.longestIncreasingSubsequence(sequence)
}

/// What a whole-state update keeps of a row that stays: its content as last shown, its fold state.
@MainActor
final class WholeStateContinuityTests: XCTestCase {
    func testTheSameInstanceWithAChangedModelIsAnUpdate() async throws {
        let manager = BaseListManager()
        let row = LabelRow(model: "before", id: 1)
        try manager.setState([Section(rows: [row] + rows("x"))])
        row.model = "after"
        try manager.setState([Section(rows: [row] + rows("x"))])
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
        try manager.setState([Section(rows: [row] + rows("x"))])
        XCTAssertEqual(manager.lastUpdate?.updated, 0, "shown once, it is unchanged")
    }

    func testANewFoldableWithTheSameIDKeepsTheShownFoldState() async throws {
        let manager = BaseListManager()
        func state() -> [Section] { [Section(rows: [Folder(model: "group", id: "group", children: rows("g1", "g2"))])] }
        try manager.setState(state())
        try manager.expand(manager.flatGenerators[0])
        try manager.setState(state())
        XCTAssertEqual(storeTexts(manager), ["group", "g1", "g2"], "re-rendering keeps the group open")
        XCTAssertTrue(manager.isExpanded(manager.flatGenerators[0]))
        try manager.batch { () throws(DataDisplayError) in try manager.setState(state()) }
        XCTAssertEqual(storeTexts(manager), ["group", "g1", "g2"])
        let applied = try await manager.setStateInBackground(state())
        XCTAssertTrue(applied)
        XCTAssertEqual(storeTexts(manager), ["group", "g1", "g2"])
    }

    func testAFoldStateSetOnTheNewInstanceWins() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: [Folder(model: "group", id: "group", children: rows("g1"), expanded: true)])])
        try manager.setState([Section(rows: [Folder(model: "group", id: "group", children: rows("g1"), expanded: false)])])
        XCTAssertEqual(storeTexts(manager), ["group"])
    }
}

/// `UpdateSummary` is an account of the splices that reached the store, and its fields add up.
@MainActor
final class UpdateSummaryTests: XCTestCase {
    func testTheFieldsAddUpAndMatchTheEmissions() async throws {
        let manager = BaseListManager()
        let names = (0..<100).map { "r\($0)" }
        try manager.setState([Section(rows: names.map { LabelRow(model: $0, id: $0) })])
        var next = names
        next.remove(at: 50)                 // removed
        next.insert("new", at: 70)           // inserted
        next.swapAt(10, 20)                  // short moves: a merged splice carries rows 11…19 along
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(rows: next.map { LabelRow(model: $0, id: $0) })])
        let summary = try XCTUnwrap(manager.lastUpdate)
        XCTAssertEqual(summary.churn, summary.removed + summary.inserted + 2 * (summary.moves + summary.reinserted))
        XCTAssertEqual(summary.churn, recorder.changes.reduce(0) { $0 + $1.removed + $1.added })
        XCTAssertEqual(summary.splices, recorder.changes.count)
        XCTAssertEqual(summary.removed, 1)
        XCTAssertEqual(summary.inserted, 1)
        XCTAssertEqual(summary.moves, 2, "a swap moves both rows")
        XCTAssertGreaterThan(summary.reinserted, 0, "the merged move splice carried unchanged rows")
    }
}
