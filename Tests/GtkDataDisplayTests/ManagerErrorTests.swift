import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Bad input gets a typed error and changes nothing: not the store, not the manager.
@MainActor
final class ManagerErrorTests: XCTestCase {
    var manager: BaseListManager!
    var recorder: ItemsChangedRecorder!
    var present: [LabelRow]!
    var head: LabelHeader!
    var before: [String] = []
    var objectsBefore: [UInt] = []

    override func setUp() async throws {
        manager = BaseListManager()
        present = rows("a", "b", "c")
        head = header("H")
        try manager.addSection(header: head, rows: present, footer: LabelFooter(model: "f"))
        before = storeTexts(manager)
        objectsBefore = manager.store.objectAddresses
        recorder = ItemsChangedRecorder(manager.store)
    }

    private func assertUnchanged(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(recorder.changes, [], "the store emitted a change", file: file, line: line)
        XCTAssertEqual(storeTexts(manager), before, file: file, line: line)
        XCTAssertEqual(manager.store.objectAddresses, objectsBefore, file: file, line: line)
        assertStoreMatchesManager(manager, file: file, line: line)
    }

    private func expect(_ expected: (DataDisplayError) -> Bool, _ body: () throws(DataDisplayError) -> Void,
                        file: StaticString = #filePath, line: UInt = #line) {
        do {
            try body()
            XCTFail("no error thrown", file: file, line: line)
        } catch {
            XCTAssertTrue(expected(error), "unexpected error: \(error)", file: file, line: line)
            XCTAssertFalse(error.description.isEmpty)
        }
        assertUnchanged(file: file, line: line)
    }

    func testInsertAfterMissingAnchorThrowsGeneratorNotFound() async {
        let stranger = rows("zz")[0]
        expect({ if case .generatorNotFound(let what) = $0 { return what.contains("zz") } else { return false } }) {
            () throws(DataDisplayError) in try manager.insert(rows("x"), after: stranger)
        }
    }

    func testInsertBeforeMissingAnchorThrows() async {
        expect({ if case .generatorNotFound = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.insert(rows("x"), before: rows("zz")[0])
        }
    }

    func testAddingGeneratorAlreadyPresentThrowsDuplicate() async {
        expect({ if case .duplicateGenerator = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.add(present[1])
        }
    }

    func testAddingSameNewGeneratorTwiceInOneCallThrowsDuplicate() async {
        let x = rows("x")[0]
        expect({ if case .duplicateGenerator = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.add([x, x])
        }
    }

    /// Many rows at once (the entering rows' flat table, not a pairwise scan): an instance twice is a
    /// repeated generator even where two other rows share an id earlier; a generator entering both as
    /// a header and a footer, or as a child and as a plain row, is one too; ids alone repeated are a
    /// repeated id.
    func testManyEnteringRowsTellARepeatedInstanceFromARepeatedID() async throws {
        func numbered(_ ids: Range<Int>) -> [any RowGenerator] { ids.map { LabelRow(model: "\($0)", id: $0) } }
        let x = LabelRow(model: "x", id: 9_000)
        expect({ if case .duplicateGenerator(let what) = $0 { return what.contains("9000") } else { return false } }) {
            () throws(DataDisplayError) in try manager.add(numbered(0..<20) + [x] + numbered(20..<30) + [x])
        }
        let twin = LabelRow(model: "twin", id: 5)
        expect({ if case .duplicateGenerator(let what) = $0 { return what.contains("9000") } else { return false } }) {
            () throws(DataDisplayError) in try manager.add(numbered(0..<10) + [twin] + numbered(10..<20) + [x, x])
        }
        expect({ if case .duplicateDiffID(let what) = $0 { return what.contains("5 twice") } else { return false } }) {
            () throws(DataDisplayError) in try manager.add(numbered(0..<10) + [twin] + numbered(10..<20))
        }
        // Ids in increasing order need no table; one repeated at the end breaks the order.
        expect({ if case .duplicateDiffID(let what) = $0 { return what.contains("19 twice") } else { return false } }) {
            () throws(DataDisplayError) in try manager.add(numbered(0..<20) + numbered(19..<20))
        }
        let both = HeaderOrFooter(model: "both", id: 9_001)
        expect({ if case .duplicateGenerator(let what) = $0 { return what.contains("9001") } else { return false } }) {
            () throws(DataDisplayError) in try manager.addSection(header: both, rows: numbered(100..<120), footer: both)
        }
        let child = LabelRow(model: "child", id: 9_002)
        let folder = Folder(model: "folder", id: 9_003, children: [child], expanded: true)
        expect({ if case .duplicateGenerator(let what) = $0 { return what.contains("9002") } else { return false } }) {
            () throws(DataDisplayError) in try manager.add(numbered(100..<120) + [child, folder])
        }
        // A header and a row with one id are two keys: allowed, as are a child and a row.
        try manager.addSection(header: LabelHeader(model: "h", id: 7_000), rows: numbered(7_000..<7_020))
        try manager.add(numbered(8_000..<8_020) + [Folder(model: "g", id: 8_100, children: numbered(8_000..<8_001), expanded: true)])
        XCTAssertEqual(manager.flatGenerators.count, before.count + 21 + 22)
        assertStoreMatchesManager(manager)
        // Inside a batch ids wait for its diff, instances do not.
        let manual = BaseListManager()
        XCTAssertThrowsError(try manual.batch { try manual.add(numbered(0..<20) + [x] + numbered(20..<30) + [x]) }) { error in
            guard case .duplicateGenerator = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(manual.flatGenerators.count, 0)
    }

    func testSetStateWithDuplicateDiffIDThrowsNamingTheID() async {
        let one = LabelRow(model: "one", id: 42), two = LabelRow(model: "two", id: 42)
        expect({ if case .duplicateDiffID(let what) = $0 { return what.contains("42") } else { return false } }) {
            () throws(DataDisplayError) in try manager.setState([Section(rows: [one, two])])
        }
    }

    func testSetStateWithSameInstanceTwiceThrows() async {
        let x = rows("x")[0]
        expect({ if case .duplicateGenerator = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.setState([Section(rows: [x]), Section(rows: [x])])
        }
    }

    func testSectionIndexOutOfRangeThrows() async {
        expect({ $0 == .indexOutOfRange(index: 5, count: 1) }) {
            () throws(DataDisplayError) in try manager.removeSection(at: 5)
        }
        expect({ $0 == .indexOutOfRange(index: -1, count: 1) }) {
            () throws(DataDisplayError) in try manager.removeAll(fromSection: -1)
        }
    }

    func testUnknownHeaderThrowsSectionNotFound() async {
        expect({ if case .sectionNotFound = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.add(rows("x"), toSectionWith: header("nope"))
        }
    }

    func testInsertBeforeHeaderIsInvalidAnchor() async {
        expect({ if case .invalidAnchor = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.insert(rows("x"), before: head)
        }
    }

    func testRemovingHeaderAsRowIsInvalidAnchor() async {
        expect({ if case .invalidAnchor = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.remove(head)
        }
    }

    func testRemoveMissingGeneratorThrows() async {
        expect({ if case .generatorNotFound = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.remove(rows("zz")[0])
        }
    }

    func testRemoveManyWithOneMissingRemovesNothing() async {
        expect({ if case .generatorNotFound = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.remove([present[0], rows("zz")[0]])
        }
    }

    func testReplaceWithGeneratorAlreadyPresentThrows() async {
        expect({ if case .duplicateGenerator = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.replace(present[0], with: present[1])
        }
    }

    func testMoveToMissingAnchorThrows() async {
        expect({ if case .generatorNotFound = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.move(present[0], after: rows("zz")[0])
        }
    }

    func testUpdateOfMissingGeneratorThrows() async {
        expect({ if case .generatorNotFound = $0 { true } else { false } }) {
            () throws(DataDisplayError) in try manager.update([present[0], rows("zz")[0]])
        }
    }

    func testBatchThatThrowsHalfwayAppliesNothing() async {
        expect({ if case .generatorNotFound = $0 { true } else { false } }) { () throws(DataDisplayError) in
            try manager.batch { () throws(DataDisplayError) in
                try self.manager.add(rows("x", "y"))
                try self.manager.remove(self.present[0])
                try self.manager.insert(rows("q"), after: rows("zz")[0])
            }
        }
        XCTAssertTrue(manager.contains(present[0]))
        XCTAssertEqual(manager.numberOfSections, 1)
    }
}

/// Duplicate ids that the diff's trimmed prefix or suffix would not hash are still caught.
@MainActor
final class DuplicateIDAtTheEdgesTests: XCTestCase {
    func testDuplicateOfAnUnchangedLastRowIsAnError() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: [LabelRow(model: "1", id: 1), LabelRow(model: "2", id: 2), LabelRow(model: "3", id: 3)])])
        let before = manager.store.objectAddresses
        do {
            try manager.setState([Section(rows: [LabelRow(model: "4", id: 4), LabelRow(model: "3", id: 3),
                                                 LabelRow(model: "5", id: 5), LabelRow(model: "3", id: 3)])])
            XCTFail("duplicate id 3 was accepted")
        } catch {
            guard case .duplicateDiffID(let what) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(what.contains("3"), what)
        }
        XCTAssertEqual(manager.store.objectAddresses, before)
    }
}

/// The README's bad-input table, the cases not covered above.
@MainActor
final class BadInputTableTests: XCTestCase {
    func testEmptyBatchIsATypedErrorAndChangesNothing() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let recorder = ItemsChangedRecorder(manager.store)
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in }) { error in
            XCTAssertEqual(error as? DataDisplayError, .emptyBatch)
        }
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(storeTexts(manager), ["a"])
        try manager.batch { () throws(DataDisplayError) in try manager.update(manager.flatGenerators[0]) }
        try manager.remove([])   // removing nothing is not a batch of nothing
    }

    func testABatchWhoseOnlyNestedBatchIsEmptyIsAnEmptyBatch() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let recorder = ItemsChangedRecorder(manager.store)
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try manager.batch { () throws(DataDisplayError) in }
        }) { error in
            XCTAssertEqual(error as? DataDisplayError, .emptyBatch)
        }
        // The inner empty batch fails the outer one, whatever else it did: nothing of it is applied.
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try manager.add(rows("b"))
            try manager.batch { () throws(DataDisplayError) in }
        }) { error in
            XCTAssertEqual(error as? DataDisplayError, .emptyBatch)
        }
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(storeTexts(manager), ["a"])
        // A nested batch that ran an operation counts as one.
        try manager.batch { () throws(DataDisplayError) in
            try manager.batch { () throws(DataDisplayError) in try manager.add(rows("c")) }
        }
        XCTAssertEqual(storeTexts(manager), ["a", "c"])
    }

    func testABatchWhoseOnlyOperationFailedIsAnEmptyBatch() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let recorder = ItemsChangedRecorder(manager.store)
        let stranger = rows("zz")[0]
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try? manager.remove(stranger)
        }) { error in
            XCTAssertEqual(error as? DataDisplayError, .emptyBatch)
        }
        XCTAssertThrowsError(try manager.batch {
            try? manager.remove(stranger)
        }) { error in
            XCTAssertEqual(error as? DataDisplayError, .emptyBatch)
        }
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(storeTexts(manager), ["a"])
    }

    func testRemovingOneGeneratorTwiceInOneCallSaysSo() async throws {
        let manager = BaseListManager()
        let a = LabelRow(model: "a", id: "a")
        try manager.add([a] + rows("b"))
        let recorder = ItemsChangedRecorder(manager.store)
        XCTAssertThrowsError(try manager.remove([a, a])) { error in
            guard case .namedTwice(let what) = error as? DataDisplayError else { return XCTFail("\(error)") }
            XCTAssertTrue(what.contains("diff id a"), what)
            XCTAssertFalse("\(error)".contains("already in the manager"), "not the message of a generator added twice")
        }
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(storeTexts(manager), ["a", "b"])
    }

    func testInsertAfterFooterIsInvalidAnchor() async throws {
        let manager = BaseListManager()
        let footer = LabelFooter(model: "f")
        try manager.addSection(rows: rows("a"), footer: footer)
        XCTAssertThrowsError(try manager.insert(rows("x"), after: footer)) { error in
            guard case DataDisplayError.invalidAnchor = error else { return XCTFail("\(error)") }
        }
    }

    func testGeneratorsInSectionOutOfRange() async throws {
        let manager = BaseListManager()
        XCTAssertThrowsError(try manager.generators(inSection: 0)) { error in
            XCTAssertEqual(error as? DataDisplayError, .indexOutOfRange(index: 0, count: 0))
        }
    }

    func testErrorDescriptionsNameTheProblem() async throws {
        let cases: [(DataDisplayError, String)] = [
            (.generatorNotFound("G"), "not found"), (.sectionNotFound("H"), "section"),
            (.duplicateGenerator("G"), "already"), (.duplicateDiffID("7"), "duplicate diff id 7"),
            (.indexOutOfRange(index: 3, count: 2), "3"), (.invalidAnchor("why"), "why"),
            (.notFoldable("G"), "FoldableItem"), (.missingHeaviness("H"), "GravityItem"), (.emptyBatch, "empty batch"),
            (.wrongRole("R"), "wrong role"), (.namedTwice("N"), "named twice"),
        ]
        for (error, fragment) in cases { XCTAssertTrue(error.description.contains(fragment), error.description) }
    }
}

/// One rule for diff ids in every operation: an id stands once among the rows of one role at one depth.
@MainActor
final class DiffIDRuleTests: XCTestCase {
    private func assertDuplicateID(_ expected: String, _ body: () throws(DataDisplayError) -> Void,
                                   file: StaticString = #filePath, line: UInt = #line) {
        do throws(DataDisplayError) {
            try body()
            XCTFail("no error", file: file, line: line)
        } catch {
            XCTAssertEqual(error, .duplicateDiffID(expected), file: file, line: line)
        }
    }

    func testSingleOperationsRejectAnIDThatIsAlreadyShownAndChangeNothing() async throws {
        let manager = BaseListManager()
        let h = header("h")
        try manager.addSection(header: h, rows: rows("a", "b"))
        let recorder = ItemsChangedRecorder(manager.store)
        assertDuplicateID("a is already shown") { () throws(DataDisplayError) in try manager.add(rows("a")) }
        assertDuplicateID("a is already shown") { () throws(DataDisplayError) in try manager.insert(rows("a"), after: h) }
        assertDuplicateID("x twice among the new rows") { () throws(DataDisplayError) in try manager.add(rows("x", "x")) }
        assertDuplicateID("header:h (header) is already shown") { () throws(DataDisplayError) in
            try manager.addSection(header: header("h"), rows: [])
        }
        let b = manager.flatGenerators[2]
        assertDuplicateID("a is already shown") { () throws(DataDisplayError) in try manager.replace(b, with: LabelRow(model: "a", id: "a")) }
        XCTAssertEqual(storeTexts(manager), ["#h", "a", "b"])
        XCTAssertEqual(recorder.changes, [])
    }

    func testTheSameIDMayComeBackOnceItsRowLeftOrInTheRowItReplaces() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a", "b"))
        let a = manager.flatGenerators[0]
        try manager.replace(a, with: LabelRow(model: "a2", id: "a"))
        try manager.remove(manager.flatGenerators[1])
        try manager.add(rows("b"))
        XCTAssertEqual(storeTexts(manager), ["a2", "b"])
        try manager.setState([Section(rows: rows("c"))])
        try manager.add(rows("a"))   // after a whole-state update, the table is built again
        assertDuplicateID("c is already shown") { () throws(DataDisplayError) in try manager.add(rows("c")) }
    }

    func testExpandingRejectsAChildWhoseIDIsShownAtItsDepth() async throws {
        let manager = BaseListManager()
        let open = Folder(model: "open", id: "open", children: rows("c"), expanded: true)
        let closed = Folder(model: "closed", id: "closed", children: rows("c"))
        try manager.add([open, closed])
        assertDuplicateID("c (depth 1) is already shown") { () throws(DataDisplayError) in try manager.expand(closed) }
        XCTAssertFalse(closed.isExpanded)
        XCTAssertEqual(storeTexts(manager), ["open", "c", "closed"])
        try manager.add(rows("c"))   // depth 0: another key
    }

    /// Many rows entering or leaving at once (the check's sets instead of scans), integer ids, and a
    /// header sharing a row's id (another key).
    func testManyRowsAtOnceAreCheckedLikeOne() async throws {
        let manager = BaseListManager()
        func numbered(_ ids: Range<Int>) -> [any RowGenerator] { ids.map { LabelRow(model: "\($0)", id: $0) } }
        try manager.addSection(header: LabelHeader(model: "h", id: 5), rows: numbered(0..<20))
        assertDuplicateID("30 twice among the new rows") { () throws(DataDisplayError) in
            try manager.add(numbered(20..<40) + numbered(30..<31))
        }
        assertDuplicateID("19 is already shown") { () throws(DataDisplayError) in try manager.add(numbered(19..<39)) }
        try manager.add(numbered(20..<40))
        let folder = Folder(model: "f", id: 100, children: numbered(200..<220), expanded: true)
        try manager.add(folder)
        // Twenty children leave as twenty with their ids come: allowed; one with a shown row's id is not.
        folder.children = numbered(200..<220)
        try manager.reloadChildren(of: folder)
        folder.children = numbered(201..<221) + [LabelRow(model: "dup", id: 205)]
        assertDuplicateID("205 (depth 1) twice among the new rows") { () throws(DataDisplayError) in try manager.reloadChildren(of: folder) }
        let other = Folder(model: "g", id: 101, children: numbered(210..<211))
        try manager.add(other)
        assertDuplicateID("210 (depth 1) is already shown") { () throws(DataDisplayError) in try manager.expand(other) }
        XCTAssertEqual(manager.flatGenerators.count, 1 + 40 + 1 + 20 + 1)
        assertStoreMatchesManager(manager)
    }

    /// Right after a `setState`, the shown ids come from the update's own keys (integer ids of plain
    /// rows; with headers and children; mixed with string ids): each form finds a shown id and lets a
    /// free one in, at every role and depth.
    func testTheFirstCheckAfterASetStateFindsShownIDsInEveryKeyForm() async throws {
        func numbered(_ ids: Range<Int>) -> [any RowGenerator] { ids.map { LabelRow(model: "\($0)", id: $0) } }
        let plain = BaseListManager()
        try plain.setState([Section(rows: numbered(0..<300))])
        assertDuplicateID("150 is already shown") { () throws(DataDisplayError) in try plain.add(numbered(150..<151)) }
        try plain.setState([Section(rows: numbered(0..<300))])
        try plain.add(numbered(300..<301))
        assertDuplicateID("299 is already shown") { () throws(DataDisplayError) in try plain.add(numbered(299..<300)) }

        let folder = Folder(model: "f", id: 1_000, children: numbered(2_000..<2_010), expanded: true)
        for headerID in [AnyHashable(7), AnyHashable("h")] {  // word keys; mixed keys
            let manager = BaseListManager()
            try manager.setState([Section(header: LabelHeader(model: "h", id: headerID), rows: numbered(0..<100) + [folder])])
            assertDuplicateID("2005 (depth 1) is already shown") { () throws(DataDisplayError) in
                try manager.add(numbered(2_005..<2_006).map { _ in Folder(model: "g", id: 3_000, children: numbered(2_005..<2_006), expanded: true) })
            }
            try manager.setState([Section(header: LabelHeader(model: "h", id: headerID), rows: numbered(0..<100) + [folder])])
            assertDuplicateID("\(headerID.base) (header) is already shown") { () throws(DataDisplayError) in
                try manager.addSection(header: LabelHeader(model: "h2", id: headerID), rows: [])
            }
            try manager.setState([Section(header: LabelHeader(model: "h", id: headerID), rows: numbered(0..<100) + [folder])])
            assertDuplicateID("42 is already shown") { () throws(DataDisplayError) in try manager.add(numbered(42..<43)) }
            try manager.add(numbered(2_005..<2_006))  // depth 0: free
        }
    }

    func testWholeStateMessagesNameIDsLikeTheReadme() async throws {
        let manager = BaseListManager()
        assertDuplicateID("42 in the new state at 0 and 2") { () throws(DataDisplayError) in
            try manager.setState([Section(rows: [LabelRow(model: "x", id: 42), LabelRow(model: "y", id: 1), LabelRow(model: "z", id: 42)])])
        }
    }
}
