import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A text row that says whether users may move it.
@MainActor
final class MovableRow: BaseRowGenerator<LabelRowView>, MovableItem {
    var canMove = true
    var canMoveAcrossSections = false
}

/// Moving rows among their siblings (`move(_:to:)`) and as users may (`reorder(_:to:)`), checked
/// against the real GListStore: one splice per move, positions reported by `didMove`, nothing
/// changed when a move is refused.
@MainActor
final class ReorderingTests: XCTestCase {
    var manager: BaseListManager!
    var recorder: ItemsChangedRecorder!
    var moves: [(String, RowPosition, RowPosition, String?)] = []

    override func setUp() async throws {
        manager = BaseListManager()
        recorder = ItemsChangedRecorder(manager.store)
        moves = []
        manager.didMove += { [unowned self] move in
            self.moves.append((self.text(move.generator), move.from, move.to, move.parent.map(self.text)))
        }
    }

    override func tearDown() async throws {
        XCTAssertEqual(recorder.invalidChanges, [], "an emission had a range that did not fit the store")
        assertStoreMatchesManager(manager)
        recorder = nil
        manager = nil
    }

    private func text(_ g: any RowGenerator) -> String { (g as? BaseRowGenerator<LabelRowView>)?.model ?? "?" }
    private func at(_ section: Int, _ index: Int) -> RowPosition { RowPosition(section: section, index: index) }
    private func row(_ name: String) -> any RowGenerator { manager.flatGenerators.first { text($0) == name }! }

    /// "#A": a, b, c, d — "#B": e, f
    private func twoSections() throws {
        try manager.addSection(header: header("A"), rows: rows("a", "b", "c", "d"))
        try manager.addSection(header: header("B"), rows: rows("e", "f"))
        recorder.reset()
    }

    func testMovingDownWithinASectionIsOneSpliceOverTheSpan() async throws {
        try twoSections()
        try manager.move(row("a"), to: at(0, 2))
        XCTAssertEqual(storeTexts(manager), ["#A", "b", "c", "a", "d", "#B", "e", "f"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 3, added: 3)])
        XCTAssertEqual(moves.count, 1)
        XCTAssertEqual(moves.first?.0, "a")
        XCTAssertEqual(moves.first?.1, at(0, 0))
        XCTAssertEqual(moves.first?.2, at(0, 2))
        XCTAssertEqual(manager.siblingPosition(of: row("a")), at(0, 2))
    }

    func testMovingUpWithinASection() async throws {
        try twoSections()
        try manager.move(row("d"), to: at(0, 1))
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "d", "b", "c", "#B", "e", "f"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 2, removed: 3, added: 3)])
        XCTAssertEqual(moves.map(\.1), [at(0, 3)])
        XCTAssertEqual(moves.map(\.2), [at(0, 1)])
    }

    func testMovingToWhereTheRowStandsChangesNothing() async throws {
        try twoSections()
        try manager.move(row("b"), to: at(0, 1))
        XCTAssertEqual(recorder.changes, [])
        XCTAssertTrue(moves.isEmpty, "no move, no event")
    }

    func testMovingAcrossSectionsWithMove() async throws {
        try twoSections()
        try manager.move(row("b"), to: at(1, 2))
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "c", "d", "#B", "e", "f", "b"])
        XCTAssertEqual(recorder.changes.count, 1, "one splice")
        XCTAssertEqual(moves.map(\.1), [at(0, 1)])
        XCTAssertEqual(moves.map(\.2), [at(1, 2)])
        XCTAssertEqual(try manager.generators(inSection: 1).map(text), ["e", "f", "b"])
    }

    func testAnIndexOutOfRangeIsATypedErrorAndChangesNothing() async throws {
        try twoSections()
        XCTAssertThrowsError(try manager.move(row("a"), to: at(0, 4))) {
            XCTAssertEqual($0 as? DataDisplayError, .indexOutOfRange(index: 4, count: 4))
        }
        XCTAssertThrowsError(try manager.move(row("a"), to: at(2, 0))) {
            XCTAssertEqual($0 as? DataDisplayError, .indexOutOfRange(index: 2, count: 2))
        }
        XCTAssertThrowsError(try manager.move(header("A"), to: at(0, 0))) {
            XCTAssertEqual($0 as? DataDisplayError, .generatorNotFound("BaseHeaderGenerator<LabelRowView> (diff id header:A)"))
        }
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "b", "c", "d", "#B", "e", "f"])
        XCTAssertEqual(recorder.changes, [])
        XCTAssertTrue(moves.isEmpty)
    }

    func testUsersMoveUnmarkedRowsWithinTheirSectionOnly() async throws {
        try twoSections()
        try manager.reorder(row("c"), to: at(0, 0))
        XCTAssertEqual(storeTexts(manager), ["#A", "c", "a", "b", "d", "#B", "e", "f"])
        recorder.reset()
        XCTAssertThrowsError(try manager.reorder(row("c"), to: at(1, 0))) { error in
            guard case .moveRefused = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertFalse(manager.canReorder(row("c"), to: at(1, 0)))
        XCTAssertTrue(manager.canReorder(row("c"), to: at(1, 0), unmarked: .anywhere))
        XCTAssertFalse(manager.canReorder(row("c"), to: at(0, 1), unmarked: .fixed))
        XCTAssertEqual(storeTexts(manager), ["#A", "c", "a", "b", "d", "#B", "e", "f"], "a refused move changes nothing")
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(moves.count, 1)
    }

    func testAMovableItemSaysWhetherItMovesAndAcrossSections() async throws {
        let fixed = MovableRow(model: "fixed", id: "fixed")
        fixed.canMove = false
        let roamer = MovableRow(model: "roamer", id: "roamer")
        roamer.canMoveAcrossSections = true
        let homebody = MovableRow(model: "homebody", id: "homebody")
        try manager.addSection(header: header("A"), rows: [fixed, roamer, homebody])
        try manager.addSection(header: header("B"), rows: rows("e"))
        recorder.reset()
        XCTAssertThrowsError(try manager.reorder(fixed, to: at(0, 2), unmarked: .anywhere)) { error in
            guard case .moveRefused = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try manager.reorder(homebody, to: at(1, 0), unmarked: .anywhere)) { error in
            guard case .moveRefused = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(recorder.changes, [], "refused moves change nothing")
        try manager.reorder(homebody, to: at(0, 0))
        try manager.reorder(roamer, to: at(1, 1))
        XCTAssertEqual(storeTexts(manager), ["#A", "homebody", "fixed", "#B", "e", "roamer"])
        XCTAssertEqual(recorder.changes.count, 2, "one splice per move")
        XCTAssertEqual(moves.map(\.2), [at(0, 0), at(1, 1)])
        XCTAssertEqual(moves.map(\.1), [at(0, 2), at(0, 2)])
    }

    /// "#A": a, F (expanded: f1, G (expanded: g1, g2), f3), z
    private func folders() throws -> (Folder, Folder) {
        let g = Folder(model: "G", id: "G", children: rows("g1", "g2"), expanded: true)
        let f = Folder(model: "F", id: "F", children: [LabelRow(model: "f1", id: "f1"), g, LabelRow(model: "f3", id: "f3")], expanded: true)
        try manager.addSection(header: header("A"), rows: [LabelRow(model: "a", id: "a"), f, LabelRow(model: "z", id: "z")])
        try manager.addSection(header: header("B"), rows: rows("e"))
        recorder.reset()
        return (f, g)
    }

    func testAFoldableMovesWithItsVisibleSubtreeInOneSplice() async throws {
        let (f, _) = try folders()
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "F", "f1", "G", "g1", "g2", "f3", "z", "#B", "e"])
        try manager.move(f, to: at(0, 2))
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "z", "F", "f1", "G", "g1", "g2", "f3", "#B", "e"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 2, removed: 7, added: 7)], "F's six rows and z")
        XCTAssertEqual(manager.depth(of: row("g2")), 2)
        try manager.move(row("a"), to: at(0, 2))
        XCTAssertEqual(storeTexts(manager), ["#A", "z", "F", "f1", "G", "g1", "g2", "f3", "a", "#B", "e"],
                       "a row moved below a foldable lands after its whole subtree")
        XCTAssertEqual(moves.map(\.2), [at(0, 2), at(0, 2)])
    }

    func testChildRowsMoveAmongTheirSiblingsAndTheParentsChildrenFollow() async throws {
        let (f, g) = try folders()
        try manager.move(row("f3"), to: at(0, 0))
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "F", "f3", "f1", "G", "g1", "g2", "z", "#B", "e"])
        XCTAssertEqual(f.children.map(text), ["f3", "f1", "G"], "the parent's children follow")
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 5, added: 5)], "f1, G's three rows and f3")
        try manager.move(g, to: at(0, 0))
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "F", "G", "g1", "g2", "f3", "f1", "z", "#B", "e"],
                       "a child foldable carries its children")
        try manager.move(row("g1"), to: at(0, 1))
        XCTAssertEqual(g.children.map(text), ["g2", "g1"])
        XCTAssertEqual(recorder.changes.count, 3, "one splice per move")
        XCTAssertEqual(moves.map(\.0), ["f3", "G", "g1"])
        XCTAssertEqual(moves.map(\.3), ["F", "F", "G"])
        XCTAssertEqual(moves.map(\.1), [at(0, 2), at(0, 2), at(0, 0)])
        XCTAssertEqual(moves.map(\.2), [at(0, 0), at(0, 0), at(0, 1)])
        // Collapsing and expanding again shows the new order: the manager and the children agree.
        try manager.collapse(f)
        try manager.expand(f)
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "F", "G", "g2", "g1", "f3", "f1", "z", "#B", "e"])
    }

    func testChildRowsCannotLeaveTheirParent() async throws {
        _ = try folders()
        XCTAssertThrowsError(try manager.move(row("f1"), to: at(1, 0))) { error in
            guard case .moveRefused = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try manager.move(row("f1"), to: at(0, 3))) {
            XCTAssertEqual($0 as? DataDisplayError, .indexOutOfRange(index: 3, count: 3))
        }
        XCTAssertThrowsError(try manager.reorder(row("f1"), to: at(1, 0), unmarked: .anywhere)) { error in
            guard case .moveRefused = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try manager.batch { try self.manager.move(self.row("f1"), to: RowPosition(section: 0, index: 1)) }) { error in
            guard case .moveRefused = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storeTexts(manager), ["#A", "a", "F", "f1", "G", "g1", "g2", "f3", "z", "#B", "e"])
        XCTAssertEqual(recorder.changes, [])
        XCTAssertTrue(moves.isEmpty)
    }

    func testTheExistingAnchorMovesReportTheirPositionsToo() async throws {
        try twoSections()
        try manager.move(row("a"), after: row("c"))
        try manager.move(row("f"), before: row("b"))
        XCTAssertEqual(storeTexts(manager), ["#A", "f", "b", "c", "a", "d", "#B", "e"])
        XCTAssertEqual(moves.map(\.1), [at(0, 0), at(1, 1)])
        XCTAssertEqual(moves.map(\.2), [at(0, 2), at(0, 0)])
    }

    func testAMoveInsideABatchIsPartOfTheBatchsDiff() async throws {
        try twoSections()
        try manager.batch {
            try self.manager.move(self.row("a"), to: RowPosition(section: 0, index: 3))
            try self.manager.move(self.row("e"), to: RowPosition(section: 0, index: 0))
        }
        XCTAssertEqual(storeTexts(manager), ["#A", "e", "b", "c", "d", "a", "#B", "f"])
        XCTAssertEqual(moves.map(\.0), ["a", "e"])
    }
}
