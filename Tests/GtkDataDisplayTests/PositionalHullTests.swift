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

    func testAReversalAroundALongStretchThatStaysIsShownInPlace() async throws {
        let (manager, items, baseline, recorder) = try filled()
        // Reversed but for 1,000 rows in the middle that keep their order (equal rows a stable sort
        // keeps in order): two splices, each taking out and putting back half the list.
        let middle = Array(2_000..<3_000)
        let ids = Array((3_000..<count).reversed()) + middle + Array((0..<2_000).reversed())
        let target = rows(ids)
        try manager.setState([Section(rows: target)])
        checkStore(manager, target, "reversed around a stretch")
        XCTAssertTrue(manager.store.objectAddresses == items, "the store keeps its items")
        XCTAssertEqual(recorder.changes, [], "nothing spliced")
        XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, count / 2)
        XCTAssertEqual(manager.lastUpdate?.moves, count - middle.count)
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline, "no row object made or left behind")
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

    /// `folders` expanded folders of `files` files each (ids of paths); folder `f` keeps the files
    /// `keep` says (every file when nil), folders without files left out.
    private func tree(folders: Int, files: Int, keep: ((Int) -> Bool)? = nil) -> [Folder] {
        (0..<folders).compactMap { f in
            let children: [any RowGenerator] = (0..<files).compactMap { i in
                keep.map { $0(i) } == false ? nil : LabelRow(model: "file \(i)", id: "/f\(f)/\(i)")
            }
            return keep != nil && children.isEmpty ? nil
                : Folder(model: "folder \(f)", id: "/f\(f)", children: children, expanded: true)
        }
    }

    /// The store shows `folders` and their children, in order, each row at its depth.
    private func checkTree(_ manager: BaseListManager, _ folders: [Folder], _ step: String,
                           file: StaticString = #filePath, line: UInt = #line) {
        let expected: [(any RowGenerator, Int)] = folders.flatMap { [($0 as any RowGenerator, 0)] + $0.children.map { ($0, 1) } }
        XCTAssertEqual(manager.store.count, expected.count, step, file: file, line: line)
        for (position, (generator, depth)) in expected.enumerated() {
            guard let row = manager.store.row(at: position), row.generator === generator, row.depth == depth else {
                return XCTFail("\(step): position \(position) does not show its row at depth \(depth)", file: file, line: line)
            }
        }
    }

    func testATreeSearchThatTakesAwayOrBringsBackMostRowsIsShownInPlace() async throws {
        // 60 folders of 100 files; a search keeps one file in ten: most rows go, then come back. The
        // rows that stay sit at other positions in between: spliced by id, that is a splice a folder
        // (rows inserted among others, which costs GLib more than appending them).
        let manager = BaseListManager()
        let nestedBefore = Row.nestedAlive.load(ordering: .relaxed)
        let objectsBefore = Diagnostics.liveRowObjects
        try manager.setState([Section(rows: tree(folders: 60, files: 100))])
        let items = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)

        let narrowed = tree(folders: 60, files: 100) { $0 % 10 == 7 }
        try manager.setState([Section(rows: narrowed)])
        checkTree(manager, narrowed, "narrowed")
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 660, removed: 5_400, added: 0)], "one splice: the tail")
        XCTAssertTrue(manager.store.objectAddresses == Array(items.prefix(660)), "the first 660 items stay where they are")
        XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, 500)
        XCTAssertEqual(manager.lastUpdate?.removed, 5_400, "the rows that left, counted by id")
        XCTAssertEqual(Row.nestedAlive.load(ordering: .relaxed) - nestedBefore, 600, "child rows counted at their new depth")
        XCTAssertEqual(Diagnostics.liveRowObjects - objectsBefore, 660)

        recorder.reset()
        let widened = tree(folders: 60, files: 100)
        try manager.setState([Section(rows: widened)])
        checkTree(manager, widened, "widened")
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 660, removed: 0, added: 5_400)], "one splice: the tail")
        XCTAssertEqual(manager.lastUpdate?.inserted, 5_400)
        XCTAssertEqual(Row.nestedAlive.load(ordering: .relaxed) - nestedBefore, 6_000)
        XCTAssertEqual(Diagnostics.liveRowObjects - objectsBefore, 6_060)

        // The manager finds rows where they stand now, and folds them.
        let folder = widened[5]
        XCTAssertEqual(manager.position(of: folder), 5 * 101)
        XCTAssertEqual(manager.position(of: folder.children[42]), 5 * 101 + 43)
        try manager.collapse(folder)
        XCTAssertEqual(manager.store.count, 6_060 - 100)
        XCTAssertEqual(manager.position(of: widened[6]), 5 * 101 + 1)
        try manager.expand(folder)
        checkTree(manager, widened, "folded and unfolded")

        // Nothing matches, then everything again; at the end the child rows' count is where it was.
        try manager.setState([Section(rows: tree(folders: 60, files: 100) { _ in false })])
        XCTAssertEqual(manager.store.count, 0)
        XCTAssertEqual(Row.nestedAlive.load(ordering: .relaxed), nestedBefore)
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
