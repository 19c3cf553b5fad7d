import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Minimal, deterministic reproductions of the library bugs the randomized model-based tests found,
/// kept as regression tests: each states the behaviour semantics.md asks for.
@MainActor
final class RandomizedBugReproductionTests: XCTestCase {
    /// ManualListManager.swap re-splices `from...to + blockA.count - blockB.count`, but swapping two
    /// blocks does not change the span's length: with an expanded foldable (blocks of different
    /// sizes) the store gains a duplicate row object (or loses rows, or traps on `flatRows(in:)`).
    func testSwapOfAnExpandedFoldableWithARowKeepsTheStoreEqualToTheManager() async throws {
        let manager = ManualListManager()
        let folder = Folder(model: "F", id: "F", children: rows("c"), expanded: true)
        let r = rows("r", "tail")
        try manager.add([folder] + r)  // F .c r tail
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.swap(folder, with: r[0])
        XCTAssertEqual(manager.flatGenerators.count, 4)
        XCTAssertTrue(manager.store.shows(manager.flatGenerators), "store: \(storeTexts(manager))")  // store: r F c tail tail
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 3, added: 3)])  // got (0, -3, +4)
    }

    /// A batch that throws restores `state` but not the `isExpanded` its expand/collapse set: the
    /// foldable claims to be expanded while its children are not shown, so `expand` is then a no-op.
    func testFailedBatchRestoresFoldState() async throws {
        let manager = BaseListManager()
        let folder = Folder(model: "F", id: "F", children: rows("c"))
        try manager.add(folder)
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try manager.expand(folder)
            try manager.remove(LabelRow(model: "not in the manager"))
        })
        XCTAssertFalse(folder.isExpanded)  // true
        try manager.expand(folder)
        XCTAssertEqual(storeTexts(manager), ["F", "c"])  // ["F"]
    }

    /// `expand` does not check that the rows it reveals are new to the manager. A child hidden under
    /// a collapsed foldable is not "in the manager", so it can be added elsewhere; expanding its
    /// parent then shows the instance twice, and the top-level copy can no longer be removed.
    func testExpandingDoesNotShowAGeneratorThatAlreadyStandsElsewhere() async throws {
        let manager = BaseListManager()
        let child = LabelRow(model: "c", id: "c")
        let folder = Folder(model: "F", id: "F", children: [child])
        try manager.add(folder)
        try manager.add(child)  // accepted: `child` is not shown
        XCTAssertThrowsError(try manager.expand(folder)) { error in  // no error: store shows F c c
            guard case DataDisplayError.duplicateGenerator = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storeTexts(manager), ["F", "c"])
        try manager.remove(child)  // throws invalidAnchor "is a child row" once expanded twice
        XCTAssertEqual(storeTexts(manager), ["F"])
    }

    /// The same with one instance below two foldables: expanding both shows it twice.
    func testExpandingTwoFoldablesSharingAChildFails() async throws {
        let manager = BaseListManager()
        let shared = LabelRow(model: "c", id: "c")
        let first = Folder(model: "F1", id: "F1", children: [shared])
        let second = Folder(model: "F2", id: "F2", children: [shared])
        try manager.add([first, second])
        try manager.expand(first)
        XCTAssertThrowsError(try manager.expand(second))  // no error: F1 c F2 c
        XCTAssertEqual(storeTexts(manager), ["F1", "c", "F2"])
    }

    /// `setState` inside a batch accepts duplicate diff ids (they are found only when the batch
    /// ends): the batch body goes on, and a later operation may report another error, or a later
    /// operation may hide the duplicate so the invalid call succeeds.
    func testSetStateInsideABatchRejectsDuplicateIDsAtOnce() async throws {
        let manager = BaseListManager()
        let keep = LabelRow(model: "k", id: "k")
        try manager.add(keep)
        var thrownBySetState: DataDisplayError?
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            do throws(DataDisplayError) {
                try manager.setState([Section(rows: [LabelRow(model: "a", id: "dup"), LabelRow(model: "b", id: "dup")])])
            } catch {
                thrownBySetState = error
                throw error
            }
            try manager.remove(keep)
        }) { error in
            guard case DataDisplayError.duplicateDiffID = error else { return XCTFail("\(error)") }  // generatorNotFound(k)
        }
        XCTAssertNotNil(thrownBySetState)  // nil: setState accepted the duplicate ids
        XCTAssertEqual(storeTexts(manager), ["k"])
    }

    /// In a batch, `update(x)` after changing x's content is lost when a `setState` of the same batch
    /// hands x's row to a new instance with x's id and the same (new) content: the diff compares the
    /// new instance with the already-changed x (equal), and the forced update is keyed by x's
    /// identity, which is no longer in the state. The row stays bound to the old content.
    func testUpdateInABatchIsNotLostWhenSetStateReplacesTheInstance() async throws {
        let manager = BaseListManager()
        let old = LabelRow(model: "v1", id: "x")
        try manager.add(old)
        try manager.batch { () throws(DataDisplayError) in
            old.model = "v2"
            try manager.update(old)
            try manager.setState([Section(rows: [LabelRow(model: "v2", id: "x")])])
        }
        XCTAssertEqual(manager.lastUpdate?.updated, 1)  // 0: the row shown as "v1" is never rebound to "v2"
    }

    /// Single operations accept two shown rows with one diff id (they match by identity); from then
    /// on every whole-state update throws "duplicate diff id … in the old list", even `setState([])`,
    /// and a batch fails or not depending on whether the duplicates fall in the diff's changed middle.
    /// Either the single operation should reject the id, or the diff should cope with the old list.
    func testWholeStateUpdateStillWorksAfterTwoRowsWithOneIDWereAccepted() async throws {
        let manager = BaseListManager()
        do {
            try manager.add([LabelRow(model: "a", id: "x"), LabelRow(model: "b", id: "x")])
        } catch {
            return  // rejecting the duplicate id up front is a fix too
        }
        XCTAssertNoThrow(try manager.setState([]))  // throws duplicateDiffID (… in the old list at 0 and 1)
        XCTAssertEqual(manager.store.count, 0)
    }

    /// A gravity manager adds several rows as one diffed update, and creates the header-less
    /// section first when there is none. If that update fails (two of the rows share a diff id),
    /// the section it created stayed: the failed `add` changed the manager (found against the
    /// issue 8 library, 16c5b77; the up-front diff-id check of single operations, issue 9, fixes it).
    func testAFailedGravityAddLeavesNoEmptySectionBehind() async throws {
        let manager = GravityListManager()
        XCTAssertThrowsError(try manager.add([LabelRow(model: "a", id: "twin"), LabelRow(model: "b", id: "twin")])) { error in
            guard case DataDisplayError.duplicateDiffID = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(manager.numberOfSections, 0)  // 1: an empty section without header
        XCTAssertEqual(manager.store.count, 0)
    }
}
