import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The README's example of testing an adapter with the kit, run as written.
@MainActor
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExample() async throws {
        // README:begin testing-kit
        let manager = BaseListManager()
        let apple = LabelRow(model: "Apple", id: "apple")
        let citrus = FoldableRowGenerator<LabelRowView>(model: "Citrus", id: "citrus",
                                                        children: [LabelRow(model: "Lemon", id: "lemon")])
        try manager.addSection(header: LabelHeader(model: "Fruits", id: "fruits"), rows: [apple, citrus])

        // No display needed: GTK's real selection model over the real store, the adapter's own code.
        let adapter = HeadlessAdapter(manager: manager, plugins: [.selectable(.multiple), .foldable()])
        let events = EventRecorder(adapter)
        events.watchFolds()

        adapter.click(apple)          // what a click does to GTK's selection model
        adapter.activate(citrus)      // Enter or a double click: activates, and folds it open
        XCTAssertEqual(events.lines, ["selected apple", "selectionChanged +[apple] -[]",
                                      "activated citrus", "items-changed (3, -0, +1)", "expanded citrus"])
        XCTAssertEqual(adapter.modelSelectedIDs, ["apple"])      // GTK's own bitset
        assertRows(adapter, """
            # fruits
            apple [selected]
            ▾ citrus
              lemon
            """)                      // a mismatch fails here with a line-by-line diff
        // README:end testing-kit
    }
}
