import DataDisplayDiff
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Every row a manager makes ends exactly once (`Row.end()`): when it leaves for good, when the
/// operation that made it fails, or with the manager — never while it stands. (A row is its record:
/// one that never ends is never given back, which the suites' counts of live rows catch, and `end()`
/// asserts that a row ends once; these name the cases where a row leaves and comes back, or is made
/// and dropped.)
@MainActor
final class RowEndTests: XCTestCase {
    /// What each row collected by the test showed: an ended row's generator is not read (`Row.generator`
    /// checks that in debug builds), so the tests name rows by what they showed when collected.
    private var names: [Row: String] = [:]
    // A row's record may serve another row once the row ended: while the test runs, records of
    // ended rows are kept and never reused (`RowRecords.quarantinesEndedRows`), so a row collected
    // stays readable as ended.
    override func setUp() async throws {
        RowRecords.quarantinesEndedRows = true
    }

    override func tearDown() async throws {
        RowRecords.quarantinesEndedRows = false
        RowRecords.releaseQuarantine()
    }

    /// Records what `rows` show now and returns them.
    private func naming(_ rows: [Row]) -> [Row] {
        for row in rows where !row.isEnded {
            names[row] = (row.generator as? LabelRow)?.model ?? describe(row.generator)
        }
        return rows
    }

    /// What `row` showed when the test last collected it.
    private func name(_ row: Row) -> String { names[row] ?? "?" }

    /// The rows the store shows, in order.
    private func shownRows(_ manager: BaseListManager) -> [Row] {
        naming((0..<manager.store.count).map { manager.store.row(at: $0)! })
    }

    /// No row the manager shows has ended.
    private func assertNoneEnded(_ manager: BaseListManager, _ context: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let ended = shownRows(manager).filter(\.isEnded).map { describe($0.generator) }
        XCTAssertEqual(ended, [], "\(context): shown rows that ended", file: file, line: line)
    }

    /// The generators of the rows among `rows` that ended.
    private func ended(_ rows: [Row]) -> [String] {
        rows.filter(\.isEnded).map(name)
    }

    func testRemovedRowsEndOnceTheOperationIsDone() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b", "c", "d")
        try manager.add(r)
        let before = shownRows(manager)
        try manager.remove([r[1], r[3]])
        XCTAssertEqual(ended(before), ["b", "d"])
        try manager.replace(r[0], with: rows("x")[0])
        XCTAssertEqual(ended(before), ["a", "b", "d"])
        assertNoneEnded(manager, "after remove and replace")
    }

    func testASetStateEndsTheRowsItRemovesAndNotThoseItKeepsOrHandsOn() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a", "b", "c", "d", "e"))])
        let before = shownRows(manager)
        // b and d leave; "x" and "y" come in, and may take the removed rows (`RemovedRowReuse`).
        try manager.setState([Section(rows: rows("a", "x", "c", "y", "e", "z"))])
        assertNoneEnded(manager, "after the update")
        let standing = Set(shownRows(manager))
        for row in before {
            XCTAssertEqual(row.isEnded, !standing.contains(row),
                           "\(name(row)): ended exactly when it no longer stands")
        }
        // Only removals: nothing to hand on, both rows end.
        let kept = shownRows(manager)
        try manager.setState([Section(rows: rows("a", "c", "e", "z"))])
        XCTAssertEqual(kept.filter(\.isEnded).count, 2)
        assertNoneEnded(manager, "after the removals")
    }

    /// A refold takes back the rows of children that come back with their ids (`SubtreeReuse`): they
    /// left the manager and stand again, so they do not end; the child that does not come back ends.
    func testARefoldEndsOnlyTheChildrenThatDoNotComeBack() async throws {
        let manager = BaseListManager()
        let root = Folder(model: "root", id: "root", children: rows("a", "b", "c"))
        try manager.add(root)
        try manager.expand(root)
        let children = Array(shownRows(manager)[1...])
        root.children = [LabelRow(model: "a again", id: "a"), LabelRow(model: "c again", id: "c")]
        try manager.reloadChildren(of: root)
        XCTAssertEqual(children.map(\.isEnded), [false, true, false], "a and c are retaken, b ends")
        try manager.collapse(root)
        XCTAssertEqual(children.map(\.isEnded), [true, true, true])
        assertNoneEnded(manager, "after the collapse")
    }

    /// In a batch, a generator removed and added again: the batch ends with the whole-state diff,
    /// which keeps the generator's old row (by its key); the row the batch made for it ends.
    func testABatchThatRemovesAndAddsAGeneratorAgainEndsTheRowItMade() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b", "c")
        try manager.add(r)
        let before = shownRows(manager)
        var made: Row?
        try manager.batch { () throws(DataDisplayError) in
            try manager.remove(r[1])
            try manager.add([r[1]])
            made = self.shownRowsOfState(manager).last
        }
        XCTAssertEqual(texts(manager), ["a", "c", "b"])
        XCTAssertTrue(manager.store.row(at: 2) === before[1], "b keeps its row")
        XCTAssertEqual(ended(before), [])
        XCTAssertTrue(try XCTUnwrap(made) !== before[1])
        XCTAssertEqual(made?.isEnded, true, "the row the batch made for b ended")
        assertNoneEnded(manager, "after the batch")
    }

    /// A batch that fails: the rows it made end, the rows it removed stand again (not ended).
    func testAFailedBatchEndsTheRowsItMadeAndNotTheRowsItPutsBack() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b")
        try manager.add(r)
        let before = shownRows(manager)
        var made: [Row] = []
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try manager.remove(r[0])
            try manager.add(rows("x", "y"))
            made = self.shownRowsOfState(manager).filter { row in !before.contains { $0 === row } }
            throw .emptyBatch
        })
        XCTAssertEqual(made.count, 2)
        XCTAssertEqual(ended(made), ["x", "y"])
        XCTAssertEqual(ended(before), [])
        XCTAssertEqual(texts(manager), ["a", "b"])
        assertNoneEnded(manager, "after the rollback")
    }

    /// `clear()` inside a batch after another removal: every row that left ends once, at the batch end.
    func testAClearInABatchEndsEveryRowOnce() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b", "c")
        try manager.add(r)
        let before = shownRows(manager)
        try manager.batch { () throws(DataDisplayError) in
            try manager.remove(r[0])
            manager.clear()
            XCTAssertEqual(self.ended(before), [], "nothing ends before the batch is over")
            try manager.add(rows("n"))
        }
        XCTAssertEqual(ended(before), ["a", "b", "c"])
        XCTAssertEqual(texts(manager), ["n"])
        assertNoneEnded(manager, "after the batch")
    }

    /// A `setState` inside a batch that throws (a repeated id) after making rows: the rows it made end;
    /// the batch, its error caught, goes on with the rows it had.
    func testASetStateInABatchThatThrowsEndsTheRowsItMade() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a", "b"))])
        let before = shownRows(manager)
        let liveBefore = Diagnostics.liveRowObjects
        try manager.batch { () throws(DataDisplayError) in
            XCTAssertThrowsError(try manager.setState([Section(rows: rows("x", "y", "x"))]))
            try manager.add(rows("c"))
        }
        XCTAssertEqual(texts(manager), ["a", "b", "c"])
        XCTAssertEqual(ended(before), [])
        assertNoneEnded(manager, "after the batch")
        XCTAssertEqual(Diagnostics.liveRowObjects, liveBefore + 1,
                       "the rows the failed setState made ended: their objects are gone")
    }

    /// A batch that replaces the state and then single operations: it ends with the whole-state diff,
    /// which keeps the rows of the state the batch started from; rows the batch made in between end.
    func testABatchEndingInTheWholeStateDiffEndsTheRowsItMadeInBetween() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a", "b"))])
        let before = shownRows(manager)
        var between: [Row] = []
        try manager.batch { () throws(DataDisplayError) in
            try manager.setState([Section(rows: rows("a", "c"))])
            between = self.shownRowsOfState(manager)
        }
        XCTAssertEqual(texts(manager), ["a", "c"])
        XCTAssertEqual(between.count, 2)
        // "a" keeps its row; "b"'s row may serve "c" (`RemovedRowReuse`); the rows made in between end.
        XCTAssertTrue(manager.store.row(at: 0) === before[0])
        let standing = Set(shownRows(manager))
        for row in before + between {
            XCTAssertEqual(row.isEnded, !standing.contains(row),
                           "\(name(row)): ended exactly when it no longer stands")
        }
        XCTAssertTrue(between.allSatisfy(\.isEnded), "no row made inside the batch stands after it")
        assertNoneEnded(manager, "after the batch")
    }

    func testABackgroundUpdateEndsTheRowsItRemoves() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a", "b", "c"))])
        let before = shownRows(manager)
        let applied = try await manager.setStateInBackground([Section(rows: rows("a", "c"))])
        XCTAssertTrue(applied)
        XCTAssertEqual(ended(before), ["b"])
        assertNoneEnded(manager, "after the background update")
    }

    /// Which old rows a plan keeps is asked only when it removes some: never for a first fill, whose plan
    /// may record no old index at all (`insertingEveryRow`: asking for it made a first fill of 100k rows
    /// take 100k removed rows from an empty list).
    func testOnlyAPlanThatRemovesRowsHasRowsNotKept() async throws {
        XCTAssertNil(BaseListManager.keptOldRows(BaseListManager.insertingEveryRow(100), oldCount: 0))
        func kept(_ old: [Int], _ new: [Int]) throws -> [Bool]? {
            BaseListManager.keptOldRows(try ListDiff.plan(old: old, new: new) { _, _ in true }, oldCount: old.count)
        }
        XCTAssertNil(try kept([], [1, 2]), "a first fill through the diff")
        XCTAssertNil(try kept([1, 2, 3], [3, 1, 2, 4]), "moves and an insert remove nothing")
        XCTAssertEqual(try kept([1, 2, 3, 4], [4, 5, 1]), [true, false, false, true])
    }

    /// What a view keeps of a row (`LiveRow`: a cell's row, a menu's, a scroll anchor) reads as nil once
    /// the row has ended, though something else still holds the row (an event the app kept, here the
    /// test), and keeps nothing alive: a weak reference to the row object, which never reads as a later
    /// row's.
    func testAKeptRowReadsAsGoneOnceItEndedAndKeepsNothingAlive() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b")
        try manager.add(r)
        let row = try XCTUnwrap(manager.store.row(at: 0))
        let kept = LiveRow(row)
        XCTAssertTrue(kept.row === row)
        let objectsBefore = Diagnostics.liveRowObjects
        try manager.remove(r[0])
        XCTAssertNil(kept.row, "a row that left its manager still read as live")
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore - 1, "the kept row's object outlived its row")
        try manager.add(rows("c", "d", "e"))
        XCTAssertNil(kept.row, "a new row read as the kept one")
        XCTAssertNil(LiveRow().row)
    }

    /// The rows end with their manager, also those whose objects something else still holds.
    func testRowsEndWithTheirManager() async throws {
        var held: [Row] = []
        do {
            let manager = BaseListManager()
            try manager.addSection(header: header("H"), rows: rows("a", "b"))
            held = shownRows(manager)
            XCTAssertEqual(held.filter(\.isEnded).count, 0)
        }
        XCTAssertEqual(held.count, 3)
        XCTAssertEqual(held.filter(\.isEnded).count, 3)
    }

    /// A manager whose last reference goes on another thread ends its rows on the main actor's next
    /// turn (its rows' objects are the main actor's): no trap, no leak.
    func testAManagerReleasedOffTheMainThreadEndsItsRowsOnIt() async throws {
        final class Handoff: @unchecked Sendable {
            var manager: BaseListManager?
            init(_ manager: BaseListManager) { self.manager = manager }
        }
        let objectsBefore = Diagnostics.liveRowObjects
        var manager: BaseListManager? = BaseListManager()
        try manager?.add(rows("a", "b", "c"))
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore + 3)
        let handoff = Handoff(manager!)
        manager = nil
        await Task.detached { handoff.manager = nil }.value
        for _ in 0..<20 where Diagnostics.liveRowObjects != objectsBefore { await Task.yield() }
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "the rows of a manager released elsewhere did not end")
    }

    /// The models of the rows the store shows.
    private func texts(_ manager: BaseListManager) -> [String] {
        shownRows(manager).map { ($0.generator as! LabelRow).model }
    }

    /// The rows the manager's state holds now (inside a batch the store lags behind).
    private func shownRowsOfState(_ manager: BaseListManager) -> [Row] {
        naming(manager.flatRows())
    }
}
