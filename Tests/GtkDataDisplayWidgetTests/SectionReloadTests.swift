import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `reloadSection` as a user sees it: the section's header and footer show their generators' new
/// models, rebound in place, and the other section is not touched. List and grid.
final class SectionReloadTests: WidgetTestCase {
    func testReloadSectionRebindsItsHeaderRowsAndFooter() async throws {
        try await forEachViewKind { _ in
            let manager = ManualListManager()
            let header = LabelHeader(model: "Fruit", id: "h1")
            let footer = LabelFooter(model: "2 fruits", id: "f1")
            let fruit = rows(2, prefix: "fruit")
            let other = LabelHeader(model: "Other", id: "h2")
            try manager.addSection(header: header, rows: fruit, footer: footer)
            try manager.addSection(header: other, rows: rows(1, prefix: "other"))
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            let otherCount = (adapter.view(for: other) as! LabelRowView).configureCount
            header.model = "Fresh fruit"
            footer.model = "3 fruits"
            fruit[0].model = "apple"
            try manager.reloadSection(with: footer)   // named by its footer
            host.settle()
            XCTAssertEqual((adapter.view(for: header) as? LabelRowView)?.text, "Fresh fruit", "the header shows its new model")
            XCTAssertEqual((adapter.view(for: footer) as? LabelRowView)?.text, "3 fruits")
            XCTAssertEqual((adapter.view(for: fruit[0]) as? LabelRowView)?.text, "apple")
            XCTAssertEqual((adapter.view(for: other) as! LabelRowView).configureCount, otherCount, "the other section is not rebound")
        }
    }
}
