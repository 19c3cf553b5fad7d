import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// The empty state in a real list, grid and box under Xvfb: the placeholder replaces the rows
/// while there are none, the rows come back with the first row, a filter that passes through zero
/// within one turn of the main loop never shows it, and a first page loading shows progress.
final class EmptyStateWidgetTests: WidgetTestCase {
    private func show(_ manager: BaseListManager, _ plugins: [any AdapterPlugin]) -> (ListBaseAdapter, WindowHost) {
        let adapter: ListBaseAdapter = switch viewKind {
        case .list: plugins.reduce(manager.listViewBuilder) { $0.add(plugin: $1) }.build()
        case .grid: plugins.reduce(manager.gridViewBuilder) { $0.add(plugin: $1) }.build()
        case .column: plugins.reduce(manager.columnViewBuilder(columns: tableColumns())) { $0.add(plugin: $1) }.build()
        }
        return (adapter, WindowHost(child: adapter.widget, height: 500))
    }

    private func isShown(_ widget: some WidgetConvertible) -> Bool {
        gtk_widget_get_mapped(widget.gtkWidget) != 0
    }

    func testThePlaceholderReplacesTheRowsWhileThereAreNone() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let empty = EmptyStatePlugin(iconName: "folder-symbolic", title: "Nothing here",
                                         description: "Add something.", actionLabel: "Add")
            let (adapter, host) = show(manager, [empty])
            defer { host.destroy() }
            XCTAssertTrue(empty.isShowingPlaceholder)
            XCTAssertTrue(isShown(empty.placeholder))
            XCTAssertFalse(isShown(adapter.scrolledWindow))
            XCTAssertEqual(empty.placeholder.title, "Nothing here")
            let view = try XCTUnwrap(empty.placeholder as? EmptyStateView, "the library's own placeholder")
            XCTAssertEqual(Label(wrapping: view.titleLabel).text, "Nothing here")
            XCTAssertTrue(view.descriptionLabel.isVisible)
            XCTAssertGreaterThan(gtk_widget_get_height(empty.placeholder.gtkWidget), 0)

            try manager.add(rows(3))
            host.settle()
            XCTAssertFalse(empty.isShowingPlaceholder)
            XCTAssertFalse(isShown(empty.placeholder))
            XCTAssertTrue(isShown(adapter.scrolledWindow))
            XCTAssertNotNil(adapter.view(for: manager.flatGenerators[0]), "the rows are shown again")

            manager.clear()
            host.settle()
            XCTAssertTrue(isShown(empty.placeholder))
        }
    }

    func testTheActionButtonFiresItsEvent() async throws {
        let manager = BaseListManager()
        let empty = EmptyStatePlugin(title: "No mail", actionLabel: "Refresh")
        let (adapter, host) = show(manager, [empty])
        defer { host.destroy(); withExtendedLifetime(adapter) {} }
        var clicks = 0
        empty.actionActivated += { clicks += 1 }
        XCTAssertTrue(isShown(empty.placeholder.actionButton))
        Button(wrapping: empty.placeholder.actionButton).click()
        XCTAssertEqual(clicks, 1)
        XCTAssertFalse(try XCTUnwrap(empty.placeholder as? EmptyStateView).icon.isVisible, "no icon given: none shown")
    }

    func testAFilterPassingThroughZeroInOneTurnNeverShowsThePlaceholder() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(5))
            let empty = EmptyStatePlugin(title: "No results")
            let (adapter, host) = show(manager, [empty])
            defer { host.destroy(); withExtendedLifetime(adapter) {} }
            var shown: [Bool] = []
            empty.visibilityChanged += { shown.append($0) }
            XCTAssertFalse(empty.isShowingPlaceholder)

            try manager.setState([])                           // the filter matches nothing…
            try manager.setState([Section(rows: rows(2))])     // …then something, in the same turn
            host.settle()
            XCTAssertEqual(shown, [], "the placeholder never appeared")
            XCTAssertFalse(isShown(empty.placeholder))

            try manager.setState([])                           // nothing, and it stays so
            host.settle()
            XCTAssertEqual(shown, [true])
            XCTAssertTrue(isShown(empty.placeholder))
        }
    }

    func testHeadersAloneCountAsEmptyOnlyWhenAsked() async throws {
        let manager = BaseListManager()
        try manager.addSection(header: LabelHeader(model: "Inbox"))
        let items = EmptyStatePlugin(title: "Empty", condition: .noItems)
        let rowsOnly = EmptyStatePlugin(title: "Empty", condition: .noRows)
        let (adapter1, host1) = show(manager, [items])
        let (adapter2, host2) = show(manager, [rowsOnly])
        defer { host1.destroy(); host2.destroy(); withExtendedLifetime((adapter1, adapter2)) {} }
        XCTAssertFalse(items.isShowingPlaceholder, "a header is an item")
        XCTAssertTrue(rowsOnly.isShowingPlaceholder, "a header is not a row")
        try manager.add(rows(1))
        host2.settle()
        XCTAssertFalse(rowsOnly.isShowingPlaceholder)
    }

    func testAFirstPageLoadingShowsProgressNotEmpty() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let source = TestPages()
            let pagination = PaginationPlugin(edge: .bottom, loadPage: source.load)
            let empty = EmptyStatePlugin(title: "No posts")
            var shown: [Bool] = []
            empty.visibilityChanged += { shown.append($0) }
            let (adapter, host) = show(manager, [empty, pagination])
            defer { host.destroy() }
            XCTAssertEqual(source.requests, 1)
            XCTAssertFalse(empty.isShowingPlaceholder)
            XCTAssertEqual(shown, [], "never shown, even for a moment")
            XCTAssertNotNil(adapter.view(for: pagination.progressRow), "progress is shown")

            source.fail("offline")                          // a failed first page shows its error row
            host.settle()
            XCTAssertFalse(empty.isShowingPlaceholder)
            XCTAssertNotNil(adapter.view(for: pagination.errorRow))

            pagination.retry()
            source.answer(0, hasMore: false)                // the source has nothing at all
            host.settle()
            XCTAssertTrue(empty.isShowingPlaceholder)
            XCTAssertEqual(shown, [true])
        }
    }

    func testABoxShowsThePlaceholderInItsContainer() async throws {
        let manager = BaseListManager()
        let box = BoxAdapter(manager: manager)
        let empty = EmptyStatePlugin(title: "No settings")
        empty.install(on: box)
        let container = try XCTUnwrap(empty.container)
        XCTAssertTrue(gtk_widget_get_parent(box.box) == container)
        let host = WindowHost(child: container, height: 300)
        defer { host.destroy() }
        XCTAssertTrue(isShown(empty.placeholder))
        XCTAssertFalse(isShown(box.box))
        try manager.add(rows(2))
        host.settle()
        XCTAssertFalse(isShown(empty.placeholder))
        XCTAssertTrue(isShown(box.box))
        withExtendedLifetime(box) {}
    }

    func testThePluginIsFreedWithTheView() async throws {
        weak var weakPlugin: EmptyStatePlugin?
        let widgetsBefore = Diagnostics.liveWidgets
        do {
            let manager = BaseListManager()
            let plugin = EmptyStatePlugin(title: "Empty")
            weakPlugin = plugin
            var (adapter, host): (ListBaseAdapter?, WindowHost) = show(manager, [plugin])
            try manager.add(rows(2))
            host.settle()
            host.destroy()
            adapter = nil
            _ = adapter
        }
        MainContext.drain()
        XCTAssertNil(weakPlugin)
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }
}
