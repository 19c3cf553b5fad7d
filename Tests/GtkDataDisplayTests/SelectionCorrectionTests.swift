import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// GTK's own "select everything" (Ctrl+A) selects headers too; the adapter takes them out again
/// inside GTK's `selection-changed`, with a `gtk_selection_model_set_selection` whose empty set must
/// live through the call (a temporary's was freed before GTK 4.18's GtkMultiSelection copied it: a
/// crash under real input on Debian 13, `KeyboardNavigationTests`). Here the path runs headlessly;
/// the freed memory is not reused before GTK reads it, so this does not crash without the fix.
@MainActor
final class SelectionCorrectionTests: XCTestCase {
    func testSelectingEverythingThroughGTKLeavesHeadersAndFootersUnselected() async throws {
        let manager = BaseListManager()
        try manager.addSection(header: header("A"), rows: rows("a1", "a2"), footer: LabelFooter(model: "end of A"))
        try manager.addSection(header: header("B"), rows: rows("b1"))
        let adapter = HeadlessAdapter(manager: manager, plugins: [.selectable(.multiple)])
        for round in 0..<50 {
            gtk_selection_model_select_all(adapter.selectionModel.pointer)   // as GTK's Ctrl+A does
            XCTAssertEqual(adapter.selectedGenerators.map { ($0 as! LabelRow).model }, ["a1", "a2", "b1"], "round \(round)")
            XCTAssertEqual(gtk_selection_model_is_selected(adapter.selectionModel.pointer, 0), 0, "the header is not selected")
            XCTAssertEqual(gtk_selection_model_is_selected(adapter.selectionModel.pointer, 3), 0, "nor the footer")
            adapter.unselectAll()
            XCTAssertEqual(adapter.selectedCount, 0)
        }
    }
}
