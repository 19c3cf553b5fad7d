@testable import GtkDataDisplay
import CGtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Single-click folding's rules without a view (`SingleClickFoldRule`, which the click gesture
/// and the adapter's activation ask): which release folds, and that a double click folds once.
@MainActor
final class SingleClickFoldRuleTests: XCTestCase {
    private let none = GdkModifierType(rawValue: 0)

    private func rows(in manager: BaseListManager) throws -> (folder: Row, leaf: Row, other: Row) {
        let folder = FoldableRowGenerator<LabelRowView>(model: "folder", children: [LabelRow(model: "child")])
        let leaf = LabelRow(model: "leaf")
        let other = FoldableRowGenerator<LabelRowView>(model: "other")
        try manager.add([folder, leaf, other])
        return (try XCTUnwrap(manager.row(of: folder)),
                try XCTUnwrap(manager.row(of: leaf)),
                try XCTUnwrap(manager.row(of: other)))
    }

    func testASingleClickOnAFoldableRowFolds() async throws {
        let manager = BaseListManager()
        let r = try rows(in: manager)
        XCTAssertTrue(SingleClickFoldRule.releaseFolds(presses: 1, modifiers: none, pressedRow: r.folder, releasedRow: r.folder))
        let numLock = GdkModifierType(rawValue: GDK_ALT_MASK.rawValue)
        XCTAssertTrue(SingleClickFoldRule.releaseFolds(presses: 1, modifiers: numLock, pressedRow: r.folder, releasedRow: r.folder),
                      "only Ctrl and Shift make it a selection gesture")
        XCTAssertFalse(SingleClickFoldRule.releaseFolds(presses: 1, modifiers: none, pressedRow: r.leaf, releasedRow: r.leaf),
                       "a row that cannot fold")
    }

    func testSelectionClicksDoNotFold() async throws {
        let manager = BaseListManager()
        let r = try rows(in: manager)
        for mask in [GDK_CONTROL_MASK, GDK_SHIFT_MASK, GdkModifierType(rawValue: GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue)] {
            XCTAssertFalse(SingleClickFoldRule.releaseFolds(presses: 1, modifiers: mask, pressedRow: r.folder, releasedRow: r.folder),
                           "modifiers \(mask.rawValue)")
        }
    }

    func testOnlyTheReleaseOfASingleClickOverThePressedRowFolds() async throws {
        let manager = BaseListManager()
        let r = try rows(in: manager)
        XCTAssertFalse(SingleClickFoldRule.releaseFolds(presses: 2, modifiers: none, pressedRow: r.folder, releasedRow: r.folder),
                       "a double click's second release")
        XCTAssertFalse(SingleClickFoldRule.releaseFolds(presses: 1, modifiers: none, pressedRow: r.folder, releasedRow: r.other),
                       "released over another row")
        XCTAssertFalse(SingleClickFoldRule.releaseFolds(presses: 1, modifiers: none, pressedRow: r.folder, releasedRow: nil),
                       "released off the rows")
        XCTAssertFalse(SingleClickFoldRule.releaseFolds(presses: 1, modifiers: none, pressedRow: nil, releasedRow: r.folder),
                       "pressed on the expander or a button of the row")
    }

    func testADoubleClickFoldsOnceAndEnterStillFolds() async {
        var rule = SingleClickFoldRule()
        XCTAssertFalse(rule.pressed(presses: 1), "a first press is no double click")
        XCTAssertFalse(rule.tookDoubleClick(), "an activation without a double click (Enter) folds")
        XCTAssertTrue(rule.pressed(presses: 2))
        XCTAssertTrue(rule.tookDoubleClick(), "the double click's activation does not fold again")
        XCTAssertFalse(rule.tookDoubleClick(), "answered once: the next Enter folds")
        XCTAssertTrue(rule.pressed(presses: 3), "a triple click's third press activates too")
        XCTAssertTrue(rule.tookDoubleClick())
    }

    func testADoubleClickForgottenAfterItsEventDoesNotSwallowALaterActivation() async {
        var rule = SingleClickFoldRule()
        XCTAssertTrue(rule.pressed(presses: 2))
        XCTAssertTrue(rule.doubleClickUnderWay)
        rule.forgetDoubleClick()  // its event handled, with no activation (a non-activatable row)
        XCTAssertFalse(rule.doubleClickUnderWay)
        XCTAssertFalse(rule.tookDoubleClick(), "a later Enter folds")
    }
}
