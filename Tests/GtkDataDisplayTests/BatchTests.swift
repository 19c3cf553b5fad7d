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
