import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `batch { }` coalesces operations into one diffed update.
@MainActor
final class BatchTests: XCTestCase {
    func testBatchAppliesManyOperationsAsOneContiguousSplice() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b", "c", "d")
        try manager.add(r)
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.batch { () throws(DataDisplayError) in
            try manager.remove(r[1])
            try manager.insert(rows("x"), after: r[0])
            try manager.insert(rows("y"), after: r[2])
            try manager.remove(r[2])
        }
        XCTAssertEqual(storeTexts(manager), ["a", "x", "y", "d"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 2, added: 2)])
    }

    /// A generator of the app's own class that counts how often managers read its id.
    private final class CountedRow: RowGenerator {
        static var idReads = 0
        let id: Int
        init(id: Int) { self.id = id }
        var reuseIdentifier: ReuseIdentifier { .of(LabelRowView.self) }
        var diffID: AnyHashable { AnyHashable(id) }
        var diffKey: DiffKey { Self.idReads += 1; return DiffKey(id) }
        func makeView() -> any RowView { LabelRowView.make() }
        func bind(_ view: any RowView) {}
    }

    /// The operations of a batch keep the state whole, so its end diffs the rows by identity: the ids
    /// read follow the rows that changed, not the list (the whole-state diff read every row's id), and
    /// the store gets the fewest splices, row objects kept.
    func testABatchOfSingleOperationsReadsTheIDsOfTheRowsItChangesOnly() async throws {
        let manager = ManualListManager()
        let rows = (0..<2_000).map { CountedRow(id: $0) }
        try manager.addSection(header: header("H"), rows: Array(rows[..<1_000]))
        try manager.addSection(header: header("I"), rows: Array(rows[1_000...]))
        try manager.insert([CountedRow(id: -1)], after: rows[10])  // builds the shown-id table
        let objects = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)
        CountedRow.idReads = 0
        let new = [CountedRow(id: 5_000), CountedRow(id: 5_001)]
        try manager.batch { () throws(DataDisplayError) in
            try manager.insert(new[0], after: rows[1_500])
            try manager.remove(rows[1_600])
            try manager.move(rows[1_700], after: rows[1_702])
            try manager.insert(new[1], before: rows[1_800])
            try manager.update(rows[1_900])
        }
        XCTAssertLessThan(CountedRow.idReads, 100)
        // Each splice where the list stands after the ones before it.
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1_603, removed: 1, added: 0),
                                          ItemsChange(position: 1_702, removed: 3, added: 3),
                                          ItemsChange(position: 1_504, removed: 0, added: 1),
                                          ItemsChange(position: 1_803, removed: 0, added: 1)])
        XCTAssertEqual(manager.lastUpdate?.inserted, 2)
        XCTAssertEqual(manager.lastUpdate?.removed, 1)
        XCTAssertEqual(manager.lastUpdate?.moves, 1)
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
        let kept = Set(objects.enumerated().filter { $0.offset != 1_603 }.map(\.element))
        XCTAssertEqual(Set(manager.store.objectAddresses).intersection(kept).count, kept.count)
        assertStoreMatchesManager(manager)
        // A row entering with the id of a row leaving takes its object, as a whole state does.
        let twin = CountedRow(id: 1_650)
        let objectOf1650 = manager.store.objectAddresses[manager.position(of: rows[1_650])!]
        try manager.batch { () throws(DataDisplayError) in
            try manager.remove(rows[1_650])
            try manager.insert(twin, after: rows[1_649])
        }
        XCTAssertEqual(manager.store.objectAddresses[manager.position(of: twin)!], objectOf1650)
        // A batch ending with one id twice fails as a whole and changes nothing.
        let before = manager.store.objectAddresses
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in try manager.add(CountedRow(id: 7)) }) { error in
            guard case .duplicateDiffID = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(manager.store.objectAddresses, before)
        assertStoreMatchesManager(manager)
    }

    func testClearAndReAddInBatchKeepsRowObjectsOfSameGenerators() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b", "c")
        try manager.add(r)
        let objects = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.batch { () throws(DataDisplayError) in
            manager.clear()
            try manager.addSection(rows: r)
        }
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(manager.store.objectAddresses, objects)
    }

    func testUpdateInsideBatchIsAppliedAtTheEndWithoutEmission() async throws {
        let manager = BaseListManager()
        let r = rows("a", "b")
        try manager.add(r)
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.batch { () throws(DataDisplayError) in
            r[0].model = "A"
            try manager.update(r[0])
        }
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
        XCTAssertEqual(recorder.changes, [])
    }

    func testNestedBatchIsPartOfTheOuterOne() async throws {
        let manager = BaseListManager()
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.batch { () throws(DataDisplayError) in
            try manager.add(rows("a"))
            try manager.batch { () throws(DataDisplayError) in try manager.add(rows("b")) }
            try manager.add(rows("c"))
        }
        XCTAssertEqual(storeTexts(manager), ["a", "b", "c"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 0, added: 3)])
    }

    func testSetStateInsideBatch() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a", "b"))
        try manager.batch { () throws(DataDisplayError) in
            try manager.setState([Section(header: header("H"), rows: rows("b"))])
            try manager.add(rows("c"))
        }
        XCTAssertEqual(storeTexts(manager), ["#H", "b", "c"])
        assertStoreMatchesManager(manager)
    }
}

/// What counts as an operation of a batch is the same for every operation.
@MainActor
final class BatchOperationCountTests: XCTestCase {
    func testAFailedOperationCountsTheSameForToggleAndExpand() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let missing = Folder(model: "missing", id: "missing")
        let viaExpand = Result { () throws(DataDisplayError) in try manager.batch { () throws(DataDisplayError) in try? manager.expand(missing) } }
        let viaToggle = Result { () throws(DataDisplayError) in try manager.batch { () throws(DataDisplayError) in try? manager.toggle(missing) } }
        XCTAssertEqual(String(describing: viaExpand), String(describing: viaToggle))
    }
}

/// `batch` takes the plain closures app code writes.
@MainActor
final class BatchClosureTests: XCTestCase {
    struct AppError: Error, Equatable {}

    func testAPlainThrowingClosureCompilesAndApplies() async throws {
        let manager = BaseListManager()
        try manager.batch { try manager.addSection(header: header("h"), rows: rows("a")) }
        XCTAssertEqual(storeTexts(manager), ["#h", "a"])
    }

    func testAnErrorOfTheAppAbortsTheBatchAndIsRethrownAsItWas() async throws {
        let manager = BaseListManager()
        try manager.add(rows("kept"))
        let recorder = ItemsChangedRecorder(manager.store)
        XCTAssertThrowsError(try manager.batch {
            try manager.add(rows("dropped"))
            throw AppError()
        }) { XCTAssertEqual($0 as? AppError, AppError()) }
        XCTAssertEqual(storeTexts(manager), ["kept"])
        XCTAssertEqual(recorder.changes, [])
    }

    func testALibraryErrorInAPlainClosureStaysTyped() async throws {
        let manager = BaseListManager()
        XCTAssertThrowsError(try manager.batch { try manager.remove(LabelRow(model: "x", id: "x")) }) {
            guard case .generatorNotFound = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
    }
}
