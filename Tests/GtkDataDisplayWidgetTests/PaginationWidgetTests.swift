import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// A page source driven by the test: every request waits until the test answers it.
@MainActor
final class TestPages {
    private(set) var completions: [PaginationPlugin.PageCompletion] = []
    var requests: Int { completions.count }
    private var made = 0

    func load(_ completion: @escaping PaginationPlugin.PageCompletion) { completions.append(completion) }

    /// Answers the latest request with `count` new rows named "`prefix` n".
    func answer(_ count: Int, prefix: String = "page", hasMore: Bool = true) {
        let rows = (0..<count).map { i -> any RowGenerator in
            made += 1
            return LabelRow(model: "\(prefix) \(made)", id: "\(prefix) \(made)")
        }
        completions[completions.count - 1](.success(PaginationPage(rows: rows, hasMore: hasMore)))
    }

    func fail(_ message: String) {
        completions[completions.count - 1](.failure(TestPageError(message: message)))
    }
}

struct TestPageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Pagination in a real list and grid under Xvfb: requests come from scrolling (the vertical
/// adjustment), the progress and error rows are real rows, Retry works from the keyboard, and rows
/// added above keep what is on screen where it was.
final class PaginationWidgetTests: WidgetTestCase {
    /// A view of this test's kind over `manager` with `plugin`, shown in a real window.
    private func show(_ manager: BaseListManager, _ plugins: [any AdapterPlugin], height: Int32 = 600)
        -> (ListBaseAdapter, WindowHost) {
        let adapter: ListBaseAdapter
        switch viewKind {
        case .list:
            adapter = plugins.reduce(manager.listViewBuilder.add(plugin: .selectable())) { $0.add(plugin: $1) }.build()
        case .grid:
            let grid = plugins.reduce(manager.gridViewBuilder.add(plugin: .selectable())) { $0.add(plugin: $1) }.build()
            adapter = grid
        case .column:
            adapter = plugins.reduce(manager.columnViewBuilder(columns: tableColumns()).add(plugin: .selectable())) { $0.add(plugin: $1) }.build()
        }
        return (adapter, WindowHost(child: adapter.widget, height: height))
    }

    private func adjustment(_ adapter: ListBaseAdapter) -> UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(UnsafeMutableRawPointer(adapter.scrolledWindow)))!
    }

    /// Scrolls to the very end as a user dragging the scrollbar down does.
    private func scrollToEnd(_ adapter: ListBaseAdapter, _ host: WindowHost) {
        let adj = adjustment(adapter)
        gtk_adjustment_set_value(adj, gtk_adjustment_get_upper(adj) - gtk_adjustment_get_page_size(adj))
        host.settle()
    }

    /// The on-screen top of `generator`'s row, relative to the view (nil when not bound).
    private func top(of generator: any RowGenerator, in adapter: ListBaseAdapter) -> Float? {
        guard let item = adapter.rowWidget(for: generator),
              gtk_widget_get_mapped(item) != 0, gtk_widget_get_child_visible(item) != 0 else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(item, adapter.rowsView, &bounds) != 0 else { return nil }
        return bounds.origin.y
    }

    func testScrollingToTheEndAsksForAPageAndShowsProgress() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(300))
            let source = TestPages()
            let plugin = PaginationPlugin(edge: .bottom, loadPage: source.load)
            let (adapter, host) = show(manager, [plugin])
            defer { host.destroy() }
            XCTAssertEqual(source.requests, 0, "the end is not in view")
            scrollToEnd(adapter, host)
            XCTAssertEqual(source.requests, 1)
            XCTAssertTrue(manager.store.generators.last === plugin.progressRow)
            XCTAssertNotNil(adapter.view(for: plugin.progressRow), "the progress row is shown")
            XCTAssertTrue(plugin.isEdgeInView)
            scrollToEnd(adapter, host)
            XCTAssertEqual(source.requests, 1, "never two requests in flight")

            source.answer(0)       // an empty page: the end is still in view
            host.settle()
            XCTAssertEqual(source.requests, 2, "asked again: the end is still in view after the page")

            source.answer(300)
            host.settle()
            XCTAssertEqual(source.requests, 2, "the end went out of view")
            XCTAssertEqual(manager.store.count, 600)
            XCTAssertFalse(plugin.isEdgeInView)

            scrollToEnd(adapter, host)
            XCTAssertEqual(source.requests, 3)
            source.answer(5, hasMore: false)
            host.settle()
            scrollToEnd(adapter, host)
            XCTAssertEqual(plugin.state, .finished)
            XCTAssertEqual(source.requests, 3, "done: no more requests")
            XCTAssertFalse(manager.store.generators.contains { $0 is PaginationStatusRow })
        }
    }

    /// RDDM's `willDisplay` sentinel stalls here: the progress row stays on screen after a short
    /// page, so it is never displayed again. The adjustment does not stall.
    func testAShortListKeepsAskingWhileItsEndStaysInView() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(3))
            let source = TestPages()
            let plugin = PaginationPlugin(edge: .bottom, loadPage: source.load)
            let (adapter, host) = show(manager, [plugin])
            defer { host.destroy() }
            XCTAssertTrue(adapter.plugin(PaginationPlugin.self) === plugin)
            XCTAssertEqual(source.requests, 1, "the end of a short list is in view once laid out")
            for page in 1...4 {
                source.answer(2)
                host.settle()
                XCTAssertEqual(source.requests, page + 1, "page \(page) left the end in view")
            }
            source.answer(2, hasMore: false)
            host.settle()
            XCTAssertEqual(source.requests, 5)
            XCTAssertEqual(manager.store.count, 13)
        }
    }

    func testAnEmptyListLoadsItsFirstPageWithProgress() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let source = TestPages()
            let plugin = PaginationPlugin(edge: .bottom, loadPage: source.load)
            let (adapter, host) = show(manager, [plugin])
            defer { host.destroy() }
            XCTAssertEqual(source.requests, 1)
            XCTAssertNotNil(adapter.view(for: plugin.progressRow))
            source.answer(400)
            host.settle()
            XCTAssertEqual(source.requests, 1)
            XCTAssertEqual(manager.store.count, 400)
        }
    }

    func testTheErrorRowRetriesByKeyboardAndByItsButton() async throws {
        try await forEachViewKind { kind in
            let manager = BaseListManager()
            try manager.add(rows(4))
            let source = TestPages()
            let plugin = PaginationPlugin(edge: .bottom, loadPage: source.load)
            let (adapter, host) = show(manager, [plugin])
            defer { host.destroy() }
            if let grid = adapter as? GridViewAdapter { grid.maxColumns = 1; host.settle() }
            XCTAssertEqual(source.requests, 1)
            source.fail("Network unreachable")
            host.settle()
            XCTAssertEqual(plugin.state, .failed(message: "Network unreachable"))
            let errorView = try XCTUnwrap(adapter.view(for: plugin.errorRow) as? PaginationErrorView)
            XCTAssertEqual(Label(wrapping: errorView.label).text, "Network unreachable")

            // The keyboard: from the last row, Down reaches the error row; Enter retries.
            let last = manager.flatGenerators[3]
            try focusRow(last, in: adapter, host: host)
            try pressKey("Down", host: host)
            XCTAssertTrue(adapter.focusedGenerator === plugin.errorRow, "[\(kind)] Down reaches the error row")
            XCTAssertTrue(adapter.selectedGenerators.isEmpty, "the error row is never selected")
            try pressKey("Return", host: host)
            XCTAssertEqual(source.requests, 2, "Enter on the error row retries")
            XCTAssertEqual(plugin.state, .loading)

            // The button.
            source.fail("Still unreachable")
            host.settle()
            let again = try XCTUnwrap(adapter.view(for: plugin.errorRow) as? PaginationErrorView)
            Button(wrapping: again.retryButton).click()
            host.settle()
            XCTAssertEqual(source.requests, 3)
            source.answer(1, hasMore: false)
            host.settle()
            XCTAssertEqual(manager.store.count, 5)
        }
    }

    func testTopPagesKeepTheFirstVisibleRowInPlace() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.addSection(header: LabelHeader(model: "Messages"), rows: rows(300, prefix: "message"))
            let source = TestPages()
            let plugin = PaginationPlugin(edge: .top, loadPage: source.load)
            let (adapter, host) = show(manager, [plugin])
            defer { host.destroy() }
            XCTAssertEqual(source.requests, 1, "the top is in view")
            XCTAssertTrue(manager.store.generators.first === plugin.progressRow)
            let progressTop = try XCTUnwrap(top(of: plugin.progressRow, in: adapter))
            XCTAssertEqual(progressTop, 0, accuracy: 1, "the progress row is scrolled into view")

            // The first row wholly visible below the progress row, and where it is on screen.
            let shown = manager.flatGenerators.filter { $0 is LabelRow }
            let anchor = try XCTUnwrap(shown.first { (top(of: $0, in: adapter) ?? -1) >= 0 })
            let before = try XCTUnwrap(top(of: anchor, in: adapter))
            let positionBefore = try XCTUnwrap(manager.position(of: anchor))

            source.answer(200, prefix: "older")
            host.settle()
            XCTAssertEqual(manager.position(of: anchor), positionBefore - 1 + 200, "200 rows above it, the progress row gone")
            let after = try XCTUnwrap(top(of: anchor, in: adapter), "still on screen")
            XCTAssertEqual(after, before, accuracy: 1, "the row stays where it was on screen")
            XCTAssertLessThan(after, Float(gtk_widget_get_height(adapter.rowsView)))
            XCTAssertEqual(source.requests, 1, "the top went out of view")
            XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment(adapter)), 0)

            // Scrolling back up asks for the next older page.
            gtk_adjustment_set_value(adjustment(adapter), 0)
            host.settle()
            XCTAssertEqual(source.requests, 2)
        }
    }

    func testThePluginAndItsRowsAreFreedWithTheView() async throws {
        try await forEachViewKind { _ in
            let objectsBefore = Diagnostics.liveRowObjects
            let widgetsBefore = Diagnostics.liveWidgets
            weak var weakPlugin: PaginationPlugin?
            do {
                let manager = BaseListManager()
                try manager.add(rows(3))
                let source = TestPages()
                let plugin = PaginationPlugin(edge: .bottom, loadPage: source.load)
                weakPlugin = plugin
                var (adapter, host): (ListBaseAdapter?, WindowHost) = show(manager, [plugin])
                source.fail("x")
                host.settle()
                XCTAssertNotNil(adapter?.view(for: plugin.errorRow))
                host.destroy()
                adapter = nil
                manager.clear()
            }
            MainContext.drain()
            XCTAssertNil(weakPlugin)
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
            XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
        }
    }
}
