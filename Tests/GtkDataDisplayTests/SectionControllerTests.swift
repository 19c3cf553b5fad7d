@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A section controller that records what it hears and answers as told.
@MainActor
final class RecordingController: SectionController {
    let name: String
    var log: [String] = []
    var selectable: Bool?
    var height: Int?
    init(_ name: String, selectable: Bool? = nil, height: Int? = nil) {
        self.name = name
        self.selectable = selectable
        self.height = height
    }
    func didFold(_ generator: any RowGenerator, expanded: Bool) {
        log.append("\(expanded ? "expand" : "collapse") \((generator as? LabelRow)?.model ?? "?")")
    }
    func isSelectable(_ generator: any RowGenerator) -> Bool? { selectable }
    func heightHint(for generator: any RowGenerator) -> Int? { height }
}

/// Section controllers (CascadingTableDelegate) in the manager: kept in the section state, kept
/// across whole-state updates by header id, and known to every row of their section after every
/// operation. The list view's dispatch is covered by the widget tests.
@MainActor
final class SectionControllerTests: XCTestCase {
    /// Every row, header and footer of every section has that section's controller.
    private func assertRowsKnowTheirController(_ manager: BaseListManager, file: StaticString = #filePath, line: UInt = #line) {
        for (index, section) in manager.sections.enumerated() {
            var generators: [any RowGenerator] = (try? manager.generators(inSection: index)) ?? []
            if let h = section.header { generators.append(h) }
            if let f = section.footer { generators.append(f) }
            for g in generators {
                XCTAssertTrue(manager.sectionController(of: g) === section.controller,
                              "\(describe(g)) in section \(index) has another controller", file: file, line: line)
            }
        }
    }

    func testARowReorderedIntoAnotherSectionAnswersToThatSectionsController() async throws {
        let manager = BaseListManager()
        let a = RecordingController("a"), b = RecordingController("b")
        let moving = LabelRow(model: "a1", id: "a1")
        try manager.setState([Section(header: header("A"), rows: [moving, LabelRow(model: "a2", id: "a2")], controller: a),
                              Section(header: header("B"), rows: rows("b1"), controller: b)])
        XCTAssertTrue(manager.sectionController(of: moving) === a)
        try manager.move(moving, to: RowPosition(section: 1, index: 1))
        XCTAssertTrue(manager.sectionController(of: moving) === b)
        assertRowsKnowTheirController(manager)
    }

    func testASectionKeepsItsController() async throws {
        let manager = BaseListManager()
        let a = RecordingController("a")
        let h = header("A")
        try manager.setState([Section(header: h, rows: rows("a1", "a2"), controller: a), Section(rows: rows("x"))])
        XCTAssertTrue(try manager.controller(ofSectionWith: h) === a)
        XCTAssertTrue(manager.sections[0].controller === a)
        XCTAssertNil(try manager.controller(ofSection: 1))
        assertRowsKnowTheirController(manager)
    }

    func testAWholeStateKeepsTheControllerOfTheSectionWithTheSameHeaderID() async throws {
        let manager = BaseListManager()
        let a = RecordingController("a"), b = RecordingController("b")
        try manager.setState([Section(header: header("A"), rows: rows("a1"), controller: a),
                              Section(header: header("B"), rows: rows("b1"), controller: b)])
        // New header instances with the same ids, sections swapped, no controllers given.
        try manager.setState([Section(header: header("B"), rows: rows("b1", "b2")),
                              Section(header: header("A"), rows: rows("a1"))])
        XCTAssertTrue(manager.sections[0].controller === b)
        XCTAssertTrue(manager.sections[1].controller === a)
        assertRowsKnowTheirController(manager)

        let c = RecordingController("c")
        try manager.setState([Section(header: header("B"), rows: rows("b1"), controller: c),
                              Section(header: header("Z"), rows: rows("a1"))])
        XCTAssertTrue(manager.sections[0].controller === c, "a section's own controller wins")
        XCTAssertNil(manager.sections[1].controller, "another header id takes nothing over")
        assertRowsKnowTheirController(manager)
    }

    func testASectionWithoutHeaderTakesNoControllerOver() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a"), controller: RecordingController("a"))])
        try manager.setState([Section(rows: rows("a"))])
        XCTAssertNil(manager.sections[0].controller)
        XCTAssertNil(manager.sectionController(of: manager.flatGenerators[0]))
    }

    func testRowsKnowTheirControllerAfterEveryOperation() async throws {
        let manager = ManualListManager()
        let a = RecordingController("a"), b = RecordingController("b")
        let ha = header("A"), hb = header("B"), hc = header("C")
        let child = LabelRow(model: "child", id: "child")
        let parent = FoldableRowGenerator<LabelRowView>(model: "parent", id: "parent", children: [child])
        let ra = rows("a1", "a2"), rb = rows("b1", "b2")
        try manager.setState([Section(header: ha, rows: ra + [parent], controller: a),
                              Section(header: hb, rows: rb, footer: LabelFooter(model: "fb"), controller: b),
                              Section(header: hc, rows: rows("c1"))])
        assertRowsKnowTheirController(manager)

        try manager.add(rows("b3"), toSectionWith: hb)
        try manager.insert(rows("a0"), before: ra[0])
        try manager.expand(parent)
        XCTAssertTrue(manager.sectionController(of: child) === a, "a child row takes its section's controller")
        assertRowsKnowTheirController(manager)

        try manager.move(ra[1], after: rb[0])                      // A → B
        XCTAssertTrue(manager.sectionController(of: ra[1]) === b)
        try manager.swap(rb[1], with: manager.generators(inSection: 2)[0])   // B ↔ C
        XCTAssertNil(manager.sectionController(of: rb[1]))
        try manager.replace(ra[0], with: LabelRow(model: "new", id: "new"))
        try manager.replace(hb, with: header("B2"))
        try manager.insertSection(Section(header: header("D"), rows: rows("d1"), controller: RecordingController("d")), before: hc)
        assertRowsKnowTheirController(manager)

        try manager.setController(nil, forSection: 0)
        try manager.setController(a, forSectionWith: hc)
        assertRowsKnowTheirController(manager)
        XCTAssertTrue(manager.sectionController(of: try manager.generators(inSection: 3)[0]) === a)

        try manager.batch {
            try manager.move(rb[0], after: ra[1])
            try manager.setState([Section(header: header("B2"), rows: [rb[0]]), Section(header: hc, rows: rows("z"))])
        }
        XCTAssertTrue(manager.sections[0].controller === b, "the batch's state kept B2's controller by header id")
        XCTAssertTrue(manager.sections[1].controller === a)
        assertRowsKnowTheirController(manager)
    }

    func testAFailedBatchGivesMovedRowsTheirControllerBack() async throws {
        let manager = BaseListManager()
        let a = RecordingController("a"), b = RecordingController("b")
        let ra = rows("a1"), rb = rows("b1")
        try manager.setState([Section(header: header("A"), rows: ra, controller: a),
                              Section(header: header("B"), rows: rb, controller: b)])
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try manager.move(ra[0], after: rb[0])
            try manager.setController(nil, forSection: 0)
            throw .emptyBatch
        })
        XCTAssertTrue(manager.sectionController(of: ra[0]) === a)
        XCTAssertTrue(manager.sections[0].controller === a)
        assertRowsKnowTheirController(manager)
    }

    func testGravityOrderingAndBackgroundUpdatesKeepControllers() async throws {
        let gravity = GravityListManager()
        let light = RecordingController("light"), heavy = RecordingController("heavy")
        try gravity.setState([Section(header: WeightedHeader("H", 2), rows: [WeightedRow("h", 1)], controller: heavy),
                              Section(header: WeightedHeader("L", 1), rows: [WeightedRow("l", 1)], controller: light)])
        XCTAssertTrue(gravity.sections[0].controller === light, "sections ordered by heaviness keep their controllers")
        XCTAssertTrue(gravity.sections[1].controller === heavy)
        assertRowsKnowTheirController(gravity)

        let manager = BaseListManager()
        let a = RecordingController("a")
        let applied = try await manager.setStateInBackground([Section(header: header("A"), rows: rows("a1", "a2"), controller: a)])
        XCTAssertTrue(applied)
        let kept = try await manager.setStateInBackground([Section(header: header("A"), rows: rows("a2", "a3"))])
        XCTAssertTrue(kept)
        XCTAssertTrue(manager.sections[0].controller === a, "a background update keeps the controller by header id")
        assertRowsKnowTheirController(manager)
    }

    func testFoldEventsReachTheSectionController() async throws {
        let manager = BaseListManager()
        let a = RecordingController("a")
        let parent = FoldableRowGenerator<LabelRowView>(model: "parent", id: "p", children: rows("c"))
        var own: [Bool] = []
        parent.didFoldEvent += { own.append($0) }
        try manager.setState([Section(header: header("A"), rows: [parent], controller: a)])
        try manager.expand(parent)
        try manager.collapse(parent)
        XCTAssertEqual(own, [true, false])
        XCTAssertEqual(a.log, ["expand parent", "collapse parent"])
    }

    func testModelSectionsCarryTheirController() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        manager.register(LetterRowView.self, for: String.self)
        let a = RecordingController("a")
        try manager.setState(modelSections: [ModelSection(header: "A", models: [Contact(id: 1, name: "Ann")], controller: a)])
        try manager.setState(modelSections: [ModelSection(header: "A", models: [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Al")])])
        XCTAssertTrue(manager.sections[0].controller === a, "kept by the header's id")
        assertRowsKnowTheirController(manager)
    }

    func testTheControllerDecidesSelectableAndHeightButNeverForHeaders() async throws {
        let manager = BaseListManager()
        let a = RecordingController("a", selectable: false, height: 40)
        let h = header("A")
        let r = rows("a1")
        try manager.setState([Section(header: h, rows: r, controller: a), Section(rows: rows("x"))])
        XCTAssertFalse(manager.isSelectable(r[0]))
        XCTAssertTrue(manager.isSelectable(manager.flatGenerators[2]), "another section's row decides for itself")
        a.selectable = nil
        XCTAssertTrue(manager.isSelectable(r[0]), "nil lets the row decide")
        a.selectable = true
        XCTAssertFalse(manager.isSelectable(h), "a header is never selectable")
        XCTAssertEqual(manager.row(of: r[0])?.heightHint, 40)
    }

    func testControlledRowsAreCountedWhileTheyLive() async throws {
        let before = SelectionDispatch.controlledRows.load(ordering: .relaxed)
        do {
            let manager = BaseListManager()
            try manager.setState([Section(header: header("A"), rows: rows("a", "b"), controller: RecordingController("a"))])
            XCTAssertEqual(SelectionDispatch.controlledRows.load(ordering: .relaxed), before + 3)
            XCTAssertTrue(SelectionDispatch.rowsMayListen)
            try manager.setController(nil, forSection: 0)
            XCTAssertEqual(SelectionDispatch.controlledRows.load(ordering: .relaxed), before)
            try manager.setController(RecordingController("b"), forSection: 0)
        }
        XCTAssertEqual(SelectionDispatch.controlledRows.load(ordering: .relaxed), before)
    }

    func testRowHeightsComeFromTheControllerThenTheRow() async throws {
        let manager = BaseListManager()
        let fixed = BaseRowGenerator<TallRowView>(model: "tall", id: "tall")
        let a = RecordingController("a")
        try manager.setState([Section(header: header("A"), rows: [fixed] + rows("plain"), controller: a)])
        let row = { (g: any RowGenerator) in manager.row(of: g)! }
        XCTAssertEqual(row(fixed).heightHint, 48)
        XCTAssertNil(row(manager.flatGenerators[2]).heightHint)
        a.height = 30
        XCTAssertEqual(row(fixed).heightHint, 30)
    }
}

/// A row view whose rows are 48 pixels high.
@MainActor final class TallRowView: TextView<String>, FixedHeightRowView {
    static let rowHeight = 48
    static func make() -> TallRowView { TallRowView() }
    func configure(with model: String) { show(model) }
}
