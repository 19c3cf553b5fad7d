import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Replacing the whole dataset (a file browser's new folder) brings a scrolled view back to the top,
/// where the old offset would show the middle of rows the user never saw; an update that keeps rows
/// keeps the view on them; the app can keep GTK's behaviour.
final class NewDataScrollTests: WidgetTestCase {
    private func scrolledView(_ manager: BaseListManager) throws -> (ListBaseAdapter, WindowHost) {
        try manager.setState([Section(rows: rows(500, prefix: "old"))])
        let (adapter, host) = present(manager)
        try adapter.scrollTo(manager.flatGenerators[300], at: .first)
        host.settle()
        XCTAssertGreaterThan(gtk_adjustment_get_value(adapter.verticalAdjustment), 100, "scrolled down")
        return (adapter, host)
    }

    func testAStateThatKeepsNoRowShowsTheNewRowsFromTheTop() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let (adapter, host) = try scrolledView(manager)
            defer { host.destroy() }
            try manager.setState([Section(rows: rows(500, prefix: "new"))])
            host.settle()
            XCTAssertEqual(gtk_adjustment_get_value(adapter.verticalAdjustment), 0, accuracy: 0.5)
            XCTAssertTrue(adapter.visibleFrames().first?.row.generator === manager.flatGenerators[0], "the first new row is on screen")
        }
    }

    func testAStateThatKeepsRowsKeepsTheViewOnThem() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let (adapter, host) = try scrolledView(manager)
            defer { host.destroy() }
            let first = try XCTUnwrap(adapter.visibleFrames().first?.row.generator as? LabelRow)
            try manager.setState([Section(rows: rows(100, prefix: "new") + manager.flatGenerators.map { LabelRow(model: ($0 as! LabelRow).model, id: ($0 as! LabelRow).model) })])
            host.settle()
            XCTAssertGreaterThan(gtk_adjustment_get_value(adapter.verticalAdjustment), 100)
            XCTAssertEqual((adapter.visibleFrames().first?.row.generator as? LabelRow)?.model, first.model, "the anchor row stays first")
        }
    }

    func testTheAppCanKeepTheOffsetAsGTKDoes() async throws {
        let manager = BaseListManager()
        let (adapter, host) = try scrolledView(manager)
        defer { host.destroy() }
        adapter.scrollsToTopOnNewData = false
        try manager.setState([Section(rows: rows(500, prefix: "new"))])
        host.settle()
        XCTAssertGreaterThan(gtk_adjustment_get_value(adapter.verticalAdjustment), 100)
    }
}
