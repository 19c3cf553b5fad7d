@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Gaps RDDM's tests found: `reloadSection` refreshes the section's header and footer too, and a
/// section can be named by its footer where rows are added (`add(_:toSectionWith:)`,
/// `insertAtBeginning/End(_:ofSectionWith:)`) or reloaded. Checked on the real store: which row
/// objects are marked for a rebind (their content changes, heard as a box view hears them), and
/// what the store emits.
@MainActor
final class SectionNamingTests: XCTestCase {
    private var manager: ManualListManager!
    private var recorder: ItemsChangedRecorder!
    private var contentChanges: ContentChangeCounter!
    private var a: LabelHeader!, b: LabelHeader!
    private var footerA: LabelFooter!, footerB: LabelFooter!

    override func setUp() async throws {
        manager = ManualListManager()
        a = header("A")
        b = header("B")
        footerA = LabelFooter(model: "fa", id: "footer:A")
        footerB = LabelFooter(model: "fb", id: "footer:B")
        try manager.addSection(header: a, rows: rows("a1", "a2"), footer: footerA)
        try manager.addSection(header: b, rows: rows("b1"), footer: footerB)
        recorder = ItemsChangedRecorder(manager.store)
        contentChanges = ContentChangeCounter(manager)
        RowChangeObservers.add(contentChanges)
    }

    override func tearDown() async throws {
        RowChangeObservers.remove(contentChanges)
        XCTAssertEqual(recorder.invalidChanges, [])
        assertStoreMatchesManager(manager)
    }

    /// How many content changes each row in the store has had, in order.
    private func versions() -> [Int] {
        (0..<manager.store.count).map { contentChanges.count[manager.store.row(at: $0)!, default: 0] }
    }

    func testReloadSectionRefreshesItsHeaderRowsAndFooterOnly() async throws {
        let objects = manager.store.objectAddresses
        let before = versions()
        try manager.reloadSection(with: b)
        let after = versions()
        // #A a1 a2 _fa | #B b1 _fb
        XCTAssertEqual(after[0..<4], before[0..<4], "the other section is left alone")
        for i in 4..<7 { XCTAssertNotEqual(after[i], before[i], "row \(storeTexts(manager)[i]) is marked for a rebind") }
        XCTAssertEqual(manager.store.objectAddresses, objects, "the same row objects: rebound in place")
        XCTAssertEqual(recorder.changes, [], "no splice")
    }

    func testReloadSectionOfAHeaderlessSectionRefreshesItsFooter() async throws {
        try manager.addSection(rows: rows("c1"), footer: LabelFooter(model: "fc"))
        let footer = manager.sections[2].footer!
        let before = versions()
        try manager.reloadSection(with: footer)
        let after = versions()
        XCTAssertEqual(after[0..<7], before[0..<7])
        XCTAssertNotEqual(after[7], before[7], "c1")
        XCTAssertNotEqual(after[8], before[8], "the footer")
    }

    func testReloadSectionInABatchRefreshesTheHeaderAtTheBatchEnd() async throws {
        let before = versions()
        try manager.batch { () throws(DataDisplayError) in
            try self.manager.reloadSection(with: self.a)
        }
        let after = versions()
        for i in 0..<4 { XCTAssertNotEqual(after[i], before[i], "row \(i) of section A") }
        XCTAssertEqual(after[4..<7], before[4..<7])
    }

    func testReloadSectionNamedByARowThrowsAndChangesNothing() async throws {
        let before = versions()
        XCTAssertThrowsError(try manager.reloadSection(with: manager.sections[0].rows[0])) { error in
            XCTAssertEqual(error as? DataDisplayError, .sectionNotFound(describe(manager.sections[0].rows[0])))
        }
        XCTAssertThrowsError(try manager.reloadSection(with: header("nope")))
        XCTAssertEqual(versions(), before)
    }

    func testAddToSectionNamedByItsFooterAppendsBeforeTheFooter() async throws {
        try manager.add(rows("x", "y"), toSectionWith: footerA)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "x", "y", "_fa", "#B", "b1", "_fb"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 0, added: 2)])
    }

    func testAddToAHeaderlessSectionNamedByItsFooter() async throws {
        let footer = LabelFooter(model: "fc")
        try manager.addSection(rows: rows("c1"), footer: footer)
        recorder.reset()
        try manager.add(rows("c2"), toSectionWith: footer)
        XCTAssertEqual(storeTexts(manager).suffix(3), ["c1", "c2", "_fc"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 8, removed: 0, added: 1)])
    }

    func testInsertAtBeginningAndEndOfSectionNamedByItsFooter() async throws {
        try manager.insertAtBeginning(rows("first"), ofSectionWith: footerB)
        try manager.insertAtEnd(rows("last"), ofSectionWith: footerB)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "_fa", "#B", "first", "b1", "last", "_fb"])
    }

    func testAddToSectionNamedByARowOrAStrangerThrowsAndChangesNothing() async throws {
        let row = manager.sections[0].rows[0]
        let stranger = LabelFooter(model: "not in the manager")
        XCTAssertThrowsError(try manager.add(rows("x"), toSectionWith: row)) { error in
            XCTAssertEqual(error as? DataDisplayError, .sectionNotFound(describe(row)))
        }
        XCTAssertThrowsError(try manager.add(rows("x"), toSectionWith: stranger)) { error in
            XCTAssertEqual(error as? DataDisplayError, .sectionNotFound(describe(stranger)))
        }
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "_fa", "#B", "b1", "_fb"])
        XCTAssertEqual(recorder.changes, [])
    }

    func testGravityManagerAddsToASectionNamedByItsFooterByWeight() async throws {
        let gravity = GravityListManager()
        let h = WeightedHeader("H", 0)
        let f = LabelFooter(model: "f")
        try gravity.addSection(header: h, rows: [WeightedRow("w10", 10)], footer: f)
        try gravity.add([WeightedRow("w20", 20), WeightedRow("w5", 5)], toSectionWith: f)
        XCTAssertEqual(gravity.sections[0].rows.compactMap { ($0 as? WeightedRow)?.model }, ["w5", "w10", "w20"])
        XCTAssertTrue(gravity.sections[0].footer === f)
        assertStoreMatchesManager(gravity)
    }
}

/// Counts each row's content changes (`Row.contentChanged`), as a box view hears them.
@MainActor
private final class ContentChangeCounter: RowChangeObserver {
    let observedManager: BaseListManager
    var count: [Row: Int] = [:]
    init(_ manager: BaseListManager) { observedManager = manager }
    func rowContentChanged(_ row: Row) { count[row, default: 0] += 1 }
    func row(_ row: Row, tookGeneratorFrom previous: any RowGenerator, sameContent: Bool) {}
}
