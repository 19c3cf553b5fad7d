// The README's and the Testing article's complete test file, run as written (it is the whole of
// this file between the markers).
// README:begin testing-kit
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Test methods of a `@MainActor` class are `async` on Linux: XCTest there cannot run a synchronous
/// one on the main actor, and the test process stops (already when it lists its tests).
@MainActor
final class FruitListTests: XCTestCase {
    func testClickingAndActivatingFruits() async throws {
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
    }
}
// README:end testing-kit
