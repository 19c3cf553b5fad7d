import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Each base manager operation, checked against the real GListStore and its exact emissions.
@MainActor
final class ManagerOperationTests: XCTestCase {
    var manager: BaseListManager!
    var recorder: ItemsChangedRecorder!

    override func setUp() async throws {
        manager = BaseListManager()
        recorder = ItemsChangedRecorder(manager.store)
    }

    override func tearDown() async throws {
        XCTAssertEqual(recorder.invalidChanges, [], "an emission had a range that did not fit the store")
        recorder = nil
        manager = nil
    }

    func testAddingRowsWithoutSectionCreatesSectionWithoutHeader() async throws {
        try manager.add(rows("a", "b"))
        XCTAssertEqual(manager.numberOfSections, 1)
        XCTAssertNil(manager.sections[0].header)
        XCTAssertEqual(storeTexts(manager), ["a", "b"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 0, added: 2)])
    }

    func testAddAppendsToLastSectionBeforeItsFooter() async throws {
        try manager.addSection(header: header("A"), rows: rows("a1"))
        try manager.addSection(header: header("B"), rows: rows("b1"), footer: LabelFooter(model: "end"))
        recorder.reset()
        try manager.add(rows("b2"))
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "#B", "b1", "b2", "_end"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 4, removed: 0, added: 1)])
    }

    func testAddToSectionWithHeader() async throws {
        let a = header("A"), b = header("B")
        try manager.addSection(header: a, rows: rows("a1"))
        try manager.addSection(header: b, rows: rows("b1"))
        recorder.reset()
        try manager.add(rows("a2", "a3"), toSectionWith: a)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "a2", "a3", "#B", "b1"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 2, removed: 0, added: 2)])
    }

    func testInsertAfterRowLandsRightAfterIt() async throws {
        let r = rows("a", "b", "c")
        try manager.add(r)
        recorder.reset()
        try manager.insert(rows("x", "y"), after: r[0])
        XCTAssertEqual(storeTexts(manager), ["a", "x", "y", "b", "c"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 0, added: 2)])
    }

    func testInsertBeforeRowLandsRightBeforeIt() async throws {
        let r = rows("a", "b", "c")
        try manager.addSection(header: header("H"), rows: r)
        recorder.reset()
        try manager.insert(rows("x")[0], before: r[2])
        XCTAssertEqual(storeTexts(manager), ["#H", "a", "b", "x", "c"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 0, added: 1)])
    }

    func testInsertAfterHeaderOpensItsSection() async throws {
        let h = header("H")
        try manager.addSection(header: h, rows: rows("a"))
        recorder.reset()
        try manager.insert(rows("first")[0], after: h)
        XCTAssertEqual(storeTexts(manager), ["#H", "first", "a"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 0, added: 1)])
    }

    func testInsertBeforeFooterClosesItsSection() async throws {
        let f = LabelFooter(model: "f")
        try manager.addSection(header: header("H"), rows: rows("a"), footer: f)
        try manager.insert(rows("last")[0], before: f)
        XCTAssertEqual(storeTexts(manager), ["#H", "a", "last", "_f"])
    }

    func testRemoveRowKeepsEmptySectionByDefault() async throws {
        let r = rows("a")
        try manager.addSection(header: header("H"), rows: r)
        recorder.reset()
        try manager.remove(r[0])
        XCTAssertEqual(storeTexts(manager), ["#H"])
        XCTAssertEqual(manager.numberOfSections, 1)
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 1, added: 0)])
    }

    func testRemoveWithRemoveEmptySectionDropsTheSectionInOneSplice() async throws {
        let r = rows("b1")
        try manager.addSection(header: header("A"), rows: rows("a1"))
        try manager.addSection(header: header("B"), rows: r, footer: LabelFooter(model: "fb"))
        recorder.reset()
        try manager.remove(r[0], removeEmptySection: true)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1"])
        XCTAssertEqual(manager.numberOfSections, 1)
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 2, removed: 3, added: 0)])
    }

    func testRemoveWithRemoveEmptySectionKeepsNonEmptySection() async throws {
        let r = rows("a", "b")
        try manager.addSection(header: header("A"), rows: r)
        try manager.remove(r[0], removeEmptySection: true)
        XCTAssertEqual(storeTexts(manager), ["#A", "b"])
    }

    func testRemoveSeveralAdjacentRowsIsOneSplice() async throws {
        let r = rows("a", "b", "c", "d", "e")
        try manager.add(r)
        recorder.reset()
        try manager.remove([r[2], r[1]])
        XCTAssertEqual(storeTexts(manager), ["a", "d", "e"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 2, added: 0)])
    }

    func testRemoveSeveralRowsSplicesEachRunFromTheEndBack() async throws {
        let a = rows("a0", "a1", "a2", "a3", "a4"), b = rows("b0", "b1")
        try manager.addSection(header: header("A"), rows: a)
        try manager.addSection(header: header("B"), rows: b)
        recorder.reset()
        // Runs: a1; a3 + a4; b1. Given out of order, spliced from the end of the list back.
        try manager.remove([a[3], b[1], a[1], a[4]])
        XCTAssertEqual(storeTexts(manager), ["#A", "a0", "a2", "#B", "b0"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 8, removed: 1, added: 0),
                                          ItemsChange(position: 4, removed: 2, added: 0),
                                          ItemsChange(position: 2, removed: 1, added: 0)])
        XCTAssertEqual(manager.numberOfSections, 2)
        for gone in [a[1], a[3], a[4], b[1]] { XCTAssertFalse(manager.contains(gone)) }
        // The rows left are found where they now stand.
        try manager.insert(rows("x"), after: a[2])
        XCTAssertEqual(storeTexts(manager), ["#A", "a0", "a2", "x", "#B", "b0"])
    }

    func testRemoveSeveralRowsAcrossASectionBoundaryIsOneSplice() async throws {
        let a = rows("a0", "a1"), b = rows("b0", "b1")
        try manager.addSection(header: header("A"), rows: a)
        try manager.addSection(header: nil, rows: b)
        recorder.reset()
        try manager.remove([b[0], a[1]])
        XCTAssertEqual(storeTexts(manager), ["#A", "a0", "b1"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 2, removed: 2, added: 0)])
        XCTAssertEqual(manager.numberOfSections, 2)
    }

    func testRemoveSeveralRowsTakesTheSectionsTheyEmpty() async throws {
        let a = rows("a0", "a1"), b = rows("b0", "b1"), c = rows("c0")
        try manager.addSection(header: header("A"), rows: a)
        try manager.addSection(header: header("B"), rows: b)
        try manager.addSection(header: header("C"), rows: c)
        recorder.reset()
        try manager.remove([b[0], a[0], b[1]], removeEmptySection: true)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "#C", "c0"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 3, added: 0),
                                          ItemsChange(position: 1, removed: 1, added: 0)])
        XCTAssertEqual(manager.numberOfSections, 2)
        // Without the flag the emptied section stays, header and all.
        try manager.remove([c[0]])
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "#C"])
    }

    func testSiblingCountCountsASectionsOwnRowsOrAParentsShownChildren() async throws {
        let children = rows("c1", "c2")
        let parent = Folder(model: "p", id: "p", children: children)
        let r = rows("a", "b")
        try manager.addSection(header: header("A"), rows: [r[0], parent, r[1]])
        XCTAssertEqual(try manager.siblingCount(inSection: 0), 3)
        try manager.expand(parent)
        XCTAssertEqual(manager.store.count, 6)
        XCTAssertEqual(try manager.siblingCount(inSection: 0), 3, "children shown are not the section's own rows")
        XCTAssertEqual(try manager.siblingCount(inSection: 0, parent: parent), 2)
        try manager.collapse(parent)
        XCTAssertEqual(try manager.siblingCount(inSection: 0), 3)
        XCTAssertThrowsError(try manager.siblingCount(inSection: 1))
    }

    func testRemoveSeveralRowsTakesAFoldableRowsShownChildren() async throws {
        let children = rows("c1", "c2")
        let parent = Folder(model: "p", id: "p", children: children)
        let r = rows("a", "b")
        try manager.add([r[0], parent, r[1]])
        try manager.expand(parent)
        XCTAssertEqual(storeTexts(manager), ["a", "p", "c1", "c2", "b"])
        recorder.reset()
        try manager.remove([r[1], parent])
        XCTAssertEqual(storeTexts(manager), ["a"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 4, added: 0)])
        XCTAssertThrowsError(try manager.remove([r[0], children[0]]), "a child row is removed through its parent")
        XCTAssertEqual(storeTexts(manager), ["a"])
    }

    func testReplacePutsNewGeneratorInPlace() async throws {
        let r = rows("a", "b", "c")
        try manager.add(r)
        recorder.reset()
        let x = rows("x")[0]
        try manager.replace(r[1], with: x)
        XCTAssertEqual(storeTexts(manager), ["a", "x", "c"])
        XCTAssertFalse(manager.contains(r[1]))
        XCTAssertTrue(manager.contains(x))
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 1, added: 1)])
    }

    func testReplaceHeaderKeepsSection() async throws {
        let h = header("old")
        try manager.addSection(header: h, rows: rows("a"))
        let n = header("new")
        try manager.replace(h, with: n)
        XCTAssertEqual(storeTexts(manager), ["#new", "a"])
        try manager.add(rows("b"), toSectionWith: n)
        XCTAssertEqual(storeTexts(manager), ["#new", "a", "b"])
    }

    func testMoveIsOneSpliceOverTheSpanAndKeepsTheRowObject() async throws {
        let r = rows("a", "b", "c", "d", "e")
        try manager.add(r)
        let objectOfA = manager.store.objectAddresses[0]
        recorder.reset()
        try manager.move(r[0], after: r[3])
        XCTAssertEqual(storeTexts(manager), ["b", "c", "d", "a", "e"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 4, added: 4)])
        XCTAssertEqual(manager.store.objectAddresses[3], objectOfA)
    }

    /// Past `longestMoveSpan` rows a move is two splices, out and in (its two places are never on
    /// screen together, and one splice over the span cost O(span)); the row object is kept. Just
    /// within it, one splice over the span still.
    func testAFarMoveIsTwoSplicesOutAndIn() async throws {
        let far = BaseListManager.longestMoveSpan
        let r = (0..<(far + 3)).map { LabelRow(model: "r\($0)", id: $0) }
        try manager.add(r)
        let objectOfFirst = manager.store.objectAddresses[0]
        recorder.reset()
        try manager.move(r[0], after: r[far + 1])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 1, added: 0), ItemsChange(position: far + 1, removed: 0, added: 1)])
        XCTAssertEqual(manager.store.objectAddresses[far + 1], objectOfFirst)
        XCTAssertTrue(manager.flatGenerators[far + 1] === r[0])
        recorder.reset()
        try manager.move(r[0], before: r[1])  // back up, as far
        XCTAssertEqual(recorder.changes, [ItemsChange(position: far + 1, removed: 1, added: 0), ItemsChange(position: 0, removed: 0, added: 1)])
        recorder.reset()
        try manager.move(r[0], after: r[far])  // passes exactly `far` rows: one splice
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: far + 1, added: far + 1)])
        XCTAssertEqual(manager.store.objectAddresses[far], objectOfFirst)
        let expected: [LabelRow] = Array(r[1...far]) + [r[0]] + Array(r[(far + 1)...])
        XCTAssertEqual(manager.flatGenerators.map { ObjectIdentifier($0) }, expected.map { ObjectIdentifier($0) })
        assertStoreMatchesManager(manager)
    }

    func testMoveBeforeAcrossSections() async throws {
        let a = rows("a1", "a2"), b = rows("b1", "b2")
        try manager.addSection(header: header("A"), rows: a)
        try manager.addSection(header: header("B"), rows: b)
        try manager.move(b[1], before: a[0])
        XCTAssertEqual(storeTexts(manager), ["#A", "b2", "a1", "a2", "#B", "b1"])
        assertStoreMatchesManager(manager)
    }

    func testMoveNextToItselfChangesNothing() async throws {
        let r = rows("a", "b")
        try manager.add(r)
        recorder.reset()
        try manager.move(r[0], before: r[1])
        try manager.move(r[0], after: r[0])
        XCTAssertEqual(storeTexts(manager), ["a", "b"])
        XCTAssertEqual(recorder.changes, [])
    }

    func testUpdateRebindsInPlaceWithoutEmission() async throws {
        let r = rows("a", "b")
        try manager.add(r)
        let before = manager.store.objectAddresses
        recorder.reset()
        r[1].model = "B"
        try manager.update(r[1])
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(manager.store.objectAddresses, before)
        XCTAssertEqual(storeTexts(manager), ["a", "B"])
    }

    func testRemoveAllFromSectionKeepsHeader() async throws {
        let a = header("A")
        try manager.addSection(header: a, rows: rows("a1", "a2"))
        try manager.addSection(header: header("B"), rows: rows("b1"))
        recorder.reset()
        try manager.removeAll(fromSectionWith: a)
        XCTAssertEqual(storeTexts(manager), ["#A", "#B", "b1"])
        XCTAssertEqual(manager.numberOfSections, 2)
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 2, added: 0)])
    }

    func testRemoveSectionRemovesHeaderRowsAndFooter() async throws {
        let b = header("B")
        try manager.addSection(header: header("A"), rows: rows("a1"))
        try manager.addSection(header: b, rows: rows("b1", "b2"), footer: LabelFooter(model: "f"))
        try manager.addSection(header: header("C"), rows: rows("c1"))
        recorder.reset()
        try manager.removeSection(with: b)
        XCTAssertEqual(storeTexts(manager), ["#A", "a1", "#C", "c1"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 2, removed: 4, added: 0)])
    }

    func testTwoEqualLookingHeadersAreTwoSections() async throws {
        let first = LabelHeader(model: "Same"), second = LabelHeader(model: "Same")
        try manager.addSection(header: first, rows: rows("a"))
        try manager.addSection(header: second, rows: rows("b"))
        try manager.add(rows("c"), toSectionWith: first)
        XCTAssertEqual(manager.numberOfSections, 2)
        XCTAssertEqual(storeTexts(manager), ["#Same", "a", "c", "#Same", "b"])
    }

    func testClearEmptiesStoreInOneSplice() async throws {
        try manager.addSection(header: header("A"), rows: rows("a1", "a2"))
        recorder.reset()
        manager.clear()
        XCTAssertEqual(manager.store.count, 0)
        XCTAssertEqual(manager.numberOfSections, 0)
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 3, added: 0)])
    }

    func testPositionAndContains() async throws {
        let r = rows("a", "b")
        try manager.addSection(header: header("H"), rows: r)
        XCTAssertEqual(manager.position(of: r[1]), 2)
        XCTAssertTrue(manager.contains(r[0]))
        XCTAssertNil(manager.position(of: rows("z")[0]))
    }
}

/// Empty calls are no-ops in every manager: no section appears, nothing is emitted.
@MainActor
final class EmptyCallTests: XCTestCase {
    func testAddingNoRowsToAnEmptyManagerCreatesNoSection() async throws {
        for manager in [BaseListManager(), ManualListManager(), GravityListManager()] {
            let recorder = ItemsChangedRecorder(manager.store)
            try manager.add([])
            XCTAssertEqual(manager.numberOfSections, 0, "\(type(of: manager))")
            XCTAssertEqual(recorder.changes, [])
        }
    }
}

/// Generator ids are any Hashable value, passed as it is.
@MainActor
final class GeneratorIDTests: XCTestCase {
    func testAnIDFromAClosureParameterKeepsItsType() async throws {
        let generators = (0..<3).map { LabelRow(model: "r\($0)", id: $0) }
        XCTAssertEqual(generators.map(\.model), ["r0", "r1", "r2"])
        XCTAssertEqual(generators[1].diffID, AnyHashable(1))
        let folders = (0..<2).map { Folder(model: "f\($0)", id: $0) }
        XCTAssertEqual(folders.map(\.model), ["f0", "f1"])
        XCTAssertEqual(LabelHeader(model: "h", id: "h").diffID, AnyHashable("h"))
    }

    func testWithoutAnIDTheInstanceIsTheIdentity() async throws {
        let a = LabelRow(model: "same"), b = LabelRow(model: "same")
        XCTAssertNotEqual(a.diffID, b.diffID)
    }
}
