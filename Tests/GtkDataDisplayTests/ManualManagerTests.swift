import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// ManualListManager, after RDDM's ManualTableManagerTests: order after each insert form, checked
/// on the real GListStore and its emissions.
@MainActor
final class ManualManagerTests: XCTestCase {
    var manager: ManualListManager!
    var recorder: ItemsChangedRecorder!
    var a: LabelHeader!, b: LabelHeader!

    override func setUp() async throws {
        manager = ManualListManager()
        a = header("A")
        b = header("B")
        try manager.addSection(header: a, rows: rows("a1", "a2"))
        try manager.addSection(header: b, rows: rows("b1"), footer: LabelFooter(model: "fb"))
        recorder = ItemsChangedRecorder(manager.store)
    }

    override func tearDown() async throws {
        XCTAssertEqual(recorder.invalidChanges, [])
        assertStoreMatchesManager(manager)
    }

    func testInsertAtBeginningOfSection() async throws {
        try manager.insertAtBeginning(rows("x", "y"), ofSectionWith: b)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "#B", "x", "y", "b1", "_fb"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 4, removed: 0, added: 2)])
    }

    func testInsertAtEndOfSectionGoesBeforeItsFooter() async throws {
        try manager.insertAtEnd(rows("x"), ofSectionWith: b)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "#B", "b1", "x", "_fb"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 5, removed: 0, added: 1)])
    }

    func testInsertAtEndOfSectionByIndex() async throws {
        try manager.insertAtEnd(rows("x"), ofSection: 0)
        try manager.insertAtBeginning(rows("w"), ofSection: 0)
        XCTAssertEqual(storeTexts(manager), ["#A", "w", "a1", "a2", "x", "#B", "b1", "_fb"])
    }

    func testInsertSectionBeforeLandsImmediatelyBefore() async throws {
        // RDDM inserts one section too early; here it lands right before B.
        try manager.insertSection(Section(header: header("N"), rows: rows("n1")), before: b)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "#N", "n1", "#B", "b1", "_fb"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 0, added: 2)])
    }

    func testInsertSectionBeforeFirstSection() async throws {
        try manager.insertSection(Section(header: header("N")), before: a)
        XCTAssertEqual(storeTexts(manager).prefix(2), ["#N", "#A"])
    }

    func testInsertSectionAfterLandsImmediatelyAfter() async throws {
        try manager.insertSection(Section(header: header("N")), after: a)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "#N", "#B", "b1", "_fb"])
    }

    func testInsertSectionAtIndexIsClamped() async throws {
        try manager.insertSection(Section(header: header("Z")), at: 99)
        try manager.insertSection(Section(header: header("F")), at: -5)
        try manager.insertSection(Section(header: header("M")), at: 2)
        XCTAssertEqual(manager.sections.compactMap { ($0.header as? LabelHeader)?.model }, ["F", "A", "M", "B", "Z"])
    }

    func testSwapWithinSectionIsOneSplice() async throws {
        let r = rows("x", "y", "z")
        try manager.add(r, toSectionWith: a)
        recorder.reset()
        try manager.swap(r[0], with: r[2])
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "z", "y", "x", "#B", "b1", "_fb"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 3, added: 3)])
    }

    func testSwapAcrossSectionsKeepsRowObjects() async throws {
        let a1 = manager.sections[0].rows[0], b1 = manager.sections[1].rows[0]
        let objects = manager.store.objectAddresses
        try manager.swap(b1, with: a1)
        XCTAssertEqual(storeTexts(manager), ["#A", "b1", "a2", "#B", "a1", "_fb"])
        XCTAssertEqual(manager.store.objectAddresses[1], objects[4])
        XCTAssertEqual(manager.store.objectAddresses[4], objects[1])
        XCTAssertEqual(recorder.changes.count, 1)
    }

    /// Rows more than `longestMoveSpan` apart swap in three short splices — the later block out, the
    /// earlier replaced by it, the earlier put in — so no row stands in the store twice; blocks of
    /// different sizes (a foldable with its shown children) land right, row objects kept.
    func testAFarSwapIsThreeShortSplices() async throws {
        let far = BaseListManager.longestMoveSpan
        let folder = Folder(model: "folder", id: "folder", children: rows("c1", "c2"), expanded: true)
        let filler = (0..<(far + 1)).map { LabelRow(model: "n\($0)", id: $0) }
        let last = rows("last")[0]
        try manager.add([folder] + filler, toSectionWith: a)
        try manager.add([last], toSectionWith: b)
        let before = storeTexts(manager)
        let objects = manager.store.objectAddresses
        let folderAt = before.firstIndex(of: "folder")!, lastAt = before.firstIndex(of: "last")!
        recorder.reset()
        try manager.swap(last, with: folder)
        XCTAssertEqual(recorder.changes, [ItemsChange(position: lastAt, removed: 1, added: 0),
                                          ItemsChange(position: folderAt, removed: 3, added: 1),
                                          ItemsChange(position: lastAt - 2, removed: 0, added: 3)])
        var expected = before
        expected.replaceSubrange(lastAt...lastAt, with: before[folderAt..<(folderAt + 3)])
        expected.replaceSubrange(folderAt..<(folderAt + 3), with: ["last"])
        XCTAssertEqual(storeTexts(manager), expected)
        XCTAssertEqual(manager.store.objectAddresses[folderAt], objects[lastAt])
        XCTAssertEqual(Array(manager.store.objectAddresses[(lastAt - 2)...(lastAt)]), Array(objects[folderAt..<(folderAt + 3)]))
        assertStoreMatchesManager(manager)
        try manager.swap(folder, with: last)  // and back
        XCTAssertEqual(storeTexts(manager), before)
        XCTAssertEqual(manager.store.objectAddresses, objects)
    }

    func testSwapAcrossSectionsThenAddFollowsNewSections() async throws {
        let a1 = manager.sections[0].rows[0], b1 = manager.sections[1].rows[0]
        try manager.swap(a1, with: b1)
        try manager.insert(rows("after-a1"), after: a1)
        XCTAssertEqual(storeTexts(manager), ["#A", "b1", "a2", "#B", "a1", "after-a1", "_fb"])
    }

    func testSwapWithMissingRowThrowsAndChangesNothing() async throws {
        XCTAssertThrowsError(try manager.swap(manager.sections[0].rows[0], with: rows("zz")[0]))
        XCTAssertEqual(recorder.changes, [])
    }

    func testReloadSectionRebindsWithoutEmission() async throws {
        try manager.reloadSection(with: a)
        XCTAssertEqual(recorder.changes, [])
        XCTAssertThrowsError(try manager.reloadSection(with: header("nope")))
    }

    func testReplaceThenRemoveWithEmptySectionDrop() async throws {
        let x = rows("x")[0]
        try manager.replace(manager.sections[1].rows[0], with: x)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "#B", "x", "_fb"])
        try manager.remove(x, removeEmptySection: true)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2"])
    }
}
