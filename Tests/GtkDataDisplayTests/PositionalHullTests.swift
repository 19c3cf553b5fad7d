@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A whole-state update that replaces thousands of rows with one splice (a shuffle, a reversal) is
/// shown in place: the store keeps its items, each takes the new row at its position, and only the
/// difference in length is spliced. Below `PositionalHull.minimumRows`, with headers, or with a
/// selected row in the range, rows keep their objects by id as before.
@MainActor
final class PositionalHullTests: XCTestCase {
    private let count = 5_000

    private func rows(_ ids: [Int], version: Int = 0) -> [LabelRow] {
        ids.map { LabelRow(model: "row \($0) v\(version)", id: $0) }
    }

    /// `0 ..< n` in a seeded random order.
    private func shuffled(_ n: Int, seed: UInt64) -> [Int] {
        var rng = RandomizedRNG(seed: seed)
        var order = Array(0..<n)
        for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        return order
    }

    /// A manager showing rows `0 ..< count` in order, its store's items, the row objects alive and a
    /// recorder of the store's emissions from here on.
    private func filled() throws -> (BaseListManager, items: [UInt], baseline: Int, ItemsChangedRecorder) {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(Array(0..<count)))])
        return (manager, manager.store.objectAddresses, Diagnostics.liveRowObjects, ItemsChangedRecorder(manager.store))
    }

    /// The store holds `target`, in order.
    private func checkStore(_ manager: BaseListManager, _ target: [LabelRow], _ step: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(manager.store.count, target.count, step, file: file, line: line)
        for (position, generator) in target.enumerated() where manager.store.generator(at: position) !== generator {
            XCTFail("\(step): position \(position) does not show its new row", file: file, line: line)
            return
        }
    }

    func testAShuffleKeepsTheStoresItemsAndShowsEveryNewRow() async throws {
        let (manager, items, baseline, recorder) = try filled()

        let order = shuffled(count, seed: 7)
        let target = rows(order)
        try manager.setState([Section(rows: target)])
        XCTAssertTrue(manager.store.objectAddresses == items, "the store keeps its items where they are")
        checkStore(manager, target, "shuffled")
        XCTAssertEqual(recorder.changes, [], "no row was spliced")
        let summary = try XCTUnwrap(manager.lastUpdate)
        XCTAssertEqual(summary.splices, 0)
        XCTAssertEqual(summary.churn, 0)
        XCTAssertEqual(summary.repurposed, order.indices.filter { order[$0] != $0 }.count)
        XCTAssertGreaterThan(summary.moves, count / 2, "the moves by id are still reported")
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline, "no row object made or left behind")

        // The manager finds every row where it stands now, and single operations work on them.
        for probe in [0, 1, 2_499, count - 1] {
            XCTAssertEqual(manager.position(of: target[probe]), probe)
        }
        let added = LabelRow(model: "added", id: -1)
        try manager.insert(added, after: target[100])
        XCTAssertEqual(manager.position(of: added), 101)
        try manager.remove(added)

        // Back in order, content changed on every row: in place again.
        let restored = rows(Array(0..<count), version: 1)
        try manager.setState([Section(rows: restored)])
        XCTAssertTrue(manager.store.objectAddresses == items)
        checkStore(manager, restored, "restored")
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
    }

    func testScatteredInsertsDeletesAndMovesAreShownInPlaceToo() async throws {
        let (manager, items, baseline, recorder) = try filled()
        // 1% of the rows deleted and as many new ones inserted at other places, 1% moved: a plan of
        // many splices over the whole list, the same length.
        var rng = RandomizedRNG(seed: 31)
        var ids = Array(0..<count)
        for _ in 0..<(count / 100) { ids.remove(at: Int(rng.next() % UInt64(ids.count))) }
        for k in 0..<(count / 100) { ids.insert(count + k, at: Int(rng.next() % UInt64(ids.count + 1))) }
        for _ in 0..<(count / 100) {
            let moved = ids.remove(at: Int(rng.next() % UInt64(ids.count)))
            ids.insert(moved, at: Int(rng.next() % UInt64(ids.count + 1)))
        }
        let target = rows(ids)
        try manager.setState([Section(rows: target)])
        checkStore(manager, target, "scattered")
        XCTAssertTrue(manager.store.objectAddresses == items, "the store keeps its items")
        XCTAssertEqual(recorder.changes, [], "nothing spliced")
        XCTAssertEqual(manager.lastUpdate?.inserted, count / 100)
        XCTAssertEqual(manager.lastUpdate?.removed, count / 100)
        XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, 0)
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline, "no row object made or left behind")
        for probe in [0, 777, count - 1] { XCTAssertEqual(manager.position(of: target[probe]), probe) }

        // A swap of the ends: two splices over the whole list are cheap, and kept (rows follow ids).
        var swapped = ids
        swapped.swapAt(0, count - 1)
        let swappedTarget = rows(swapped)
        let before = manager.store.objectAddresses
        try manager.setState([Section(rows: swappedTarget)])
        checkStore(manager, swappedTarget, "ends swapped")
        XCTAssertEqual(manager.lastUpdate?.repurposed, 0)
        XCTAssertEqual(manager.lastUpdate?.splices, 2)
        XCTAssertEqual(manager.store.objectAddresses.first, before.last, "the last row's object went first")
    }

    func testALongerOrShorterStateSplicesOnlyTheDifferenceAtTheEnd() async throws {
        let (manager, items, baseline, recorder) = try filled()

        // Reversed, 300 new rows among them: the first 5,000 positions keep their items.
        let longer = rows(Array((0..<(count + 300)).reversed()))
        try manager.setState([Section(rows: longer)])
        checkStore(manager, longer, "longer")
        XCTAssertTrue(Array(manager.store.objectAddresses.prefix(count)) == items)
        XCTAssertEqual(recorder.changes, [ItemsChange(position: count, removed: 0, added: 300)])
        XCTAssertEqual(manager.lastUpdate?.splices, 1)
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 300)

        // Shuffled and 1,000 rows shorter: the last 1,300 items go, in one splice.
        let shorter = rows(shuffled(count - 700, seed: 3))
        try manager.setState([Section(rows: shorter)])
        checkStore(manager, shorter, "shorter")
        XCTAssertTrue(manager.store.objectAddresses == Array(items.prefix(count - 700)))
        XCTAssertEqual(recorder.changes.last, ItemsChange(position: count - 700, removed: 1_000, added: 0))
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 300 - 1_000, "the removed rows' objects are no longer in use")
    }

    func testAnUnchangedPrefixAndSuffixStayAndOnlyTheMiddleIsShownInPlace() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(Array(0..<count)))])
        let items = manager.store.objectAddresses
        // Rows 100 ... 4,900 reversed (row 2,500 stays in the middle), row 2,500 with new content.
        var order = Array(0..<count)
        order[100...4_900].reverse()
        let target = order.map { LabelRow(model: $0 == 2_500 ? "changed" : "row \($0) v0", id: $0) }
        try manager.setState([Section(rows: target)])
        checkStore(manager, target, "middle reversed")
        XCTAssertTrue(manager.store.objectAddresses == items)
        XCTAssertEqual(manager.lastUpdate?.repurposed, 4_800, "every row of the reversal but its middle one")
        XCTAssertEqual(manager.lastUpdate?.updated, 1, "the row that kept its place rebinds for its new content")
    }

    func testABoxViewOfAnotherManagerDoesNotKeepTheUpdateOffThePath() async throws {
        let manager = BaseListManager(), other = BaseListManager()
        try manager.setState([Section(rows: rows(Array(0..<count)))])
        let elsewhere = ObservingOnly(other)
        RowChangeObservers.add(elsewhere)
        defer { RowChangeObservers.remove(elsewhere) }
        try manager.setState([Section(rows: rows(shuffled(count, seed: 21)))])
        XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, count / 2, "a box view of another manager")

        // A box view of this manager keeps its own widget per row: rows keep their objects.
        let here = ObservingOnly(manager)
        RowChangeObservers.add(here)
        defer { RowChangeObservers.remove(here) }
        let items = manager.store.objectAddresses
        let order = shuffled(count, seed: 22)
        let target = rows(order.map { manager.store.generator(at: $0)!.diffID.base as! Int })
        try manager.setState([Section(rows: target)])
        XCTAssertEqual(manager.lastUpdate?.repurposed, 0, "a box view of this manager")
        XCTAssertTrue(manager.store.objectAddresses == order.map { items[$0] }, "each row keeps its object")
        checkStore(manager, target, "observed")
    }

    func testBelowTheThresholdOrWithHeadersRowsKeepTheirObjectsByID() async throws {
        // Too few rows.
        let small = BaseListManager()
        let few = PositionalHull.minimumRows - 1
        try small.setState([Section(rows: rows(Array(0..<few)))])
        let smallItems = small.store.objectAddresses
        let order = shuffled(few, seed: 11)
        try small.setState([Section(rows: rows(order))])
        XCTAssertTrue(small.store.objectAddresses == order.map { smallItems[$0] }, "each row keeps its object")
        XCTAssertEqual(small.lastUpdate?.repurposed, 0)

        // A section header among the rows.
        let sectioned = BaseListManager()
        let header = { LabelHeader(model: "A", id: "header A") }
        try sectioned.setState([Section(header: header(), rows: rows(Array(0..<count)))])
        let sectionItems = sectioned.store.objectAddresses
        let shuffledOrder = shuffled(count, seed: 5)
        try sectioned.setState([Section(header: header(), rows: rows(shuffledOrder))])
        XCTAssertTrue(sectioned.store.objectAddresses == [sectionItems[0]] + shuffledOrder.map { sectionItems[$0 + 1] })
        XCTAssertEqual(sectioned.lastUpdate?.repurposed, 0)
    }
}
