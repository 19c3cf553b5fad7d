@_spi(Testing) @testable import GtkDataDisplay
import CGtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The empty state's decision without a view: what counts as empty (`.noItems`, `.noRows`,
/// pagination status rows as content), and when the monitor the plugin uses says so (on idle,
/// coalesced, never for a state that passes through zero within one turn of the main loop).
@MainActor
final class EmptyStateMonitorTests: XCTestCase {
    private func empty(_ manager: BaseListManager) -> [Bool] {
        [EmptyStateMonitor.isEmpty(manager, condition: .noItems), EmptyStateMonitor.isEmpty(manager, condition: .noRows)]
    }

    func testNoItemsCountsHeadersAsContentAndNoRowsDoesNot() async throws {
        let manager = BaseListManager()
        XCTAssertEqual(empty(manager), [true, true], "nothing at all")
        try manager.addSection(header: header("A"))
        XCTAssertEqual(empty(manager), [false, true], "a header alone")
        let b = header("B")
        try manager.addSection(header: b, footer: LabelFooter(model: "end", id: "end"))
        XCTAssertEqual(empty(manager), [false, true], "headers and a footer")
        try manager.add(rows("b"), toSectionWith: b)
        XCTAssertEqual(empty(manager), [false, false], "a row in the second section")
        try manager.removeAll(fromSection: 1)
        XCTAssertEqual(empty(manager), [false, true])
        manager.clear()
        XCTAssertEqual(empty(manager), [true, true])
        try manager.add(rows("a"))
        XCTAssertEqual(empty(manager), [false, false], "a row without a header")
    }

    func testPaginationStatusRowsCountAsContent() async throws {
        let manager = BaseListManager()
        try manager.addSection(header: header("Mail"))
        let source = ScriptedPages()
        let pagination = PaginationPlugin(edge: .bottom, loadPage: source.load)
        pagination.attach(to: manager)
        XCTAssertEqual(pagedTexts(manager), ["#Mail", "…"])
        XCTAssertEqual(empty(manager), [false, false], "the first page loading shows progress")
        source.fail("offline")
        XCTAssertEqual(pagedTexts(manager), ["#Mail", "!offline"])
        XCTAssertEqual(empty(manager), [false, false], "the error row too")

        let bare = BaseListManager()
        let bareSource = ScriptedPages()
        let top = PaginationPlugin(edge: .top, loadPage: bareSource.load)
        top.attach(to: bare)
        XCTAssertEqual(pagedTexts(bare), ["…"])
        XCTAssertEqual(empty(bare), [false, false], "the progress row alone is content")
        bareSource.fail("offline")
        XCTAssertEqual(empty(bare), [false, false], "the error row alone too")
    }

    func testTheMonitorSaysEmptyOnIdleOnceHoweverManyUpdatesCame() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a", "b", "c"))
        let monitor = EmptyStateMonitor(manager: manager, condition: .noItems)
        var changes: [Bool] = []
        monitor.onChange = { changes.append($0) }
        MainContext.drain()
        XCTAssertEqual(changes, [], "rows from the start: nothing to change")
        try manager.remove(manager.flatGenerators[0])
        try manager.remove(manager.flatGenerators[0])
        try manager.remove(manager.flatGenerators[0])
        XCTAssertTrue(monitor.isEmpty)
        XCTAssertEqual(changes, [], "not within the update")
        MainContext.drain()
        XCTAssertEqual(changes, [true], "once, on idle")
        XCTAssertTrue(monitor.isShowingEmpty)
        try manager.add(rows("d"))
        try manager.add(rows("e"))
        MainContext.drain()
        XCTAssertEqual(changes, [true, false])
        XCTAssertFalse(monitor.isShowingEmpty)
    }

    func testAFilterPassingThroughZeroNeverShowsEmpty() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(header: header("A"), rows: rows("a", "b"))])
        let monitor = EmptyStateMonitor(manager: manager, condition: .noRows)
        var changes: [Bool] = []
        monitor.onChange = { changes.append($0) }
        MainContext.drain()
        try manager.setState([Section(header: header("A"), rows: [])])
        try manager.setState([])
        try manager.setState([Section(header: header("A"), rows: rows("c"))])
        MainContext.drain()
        XCTAssertEqual(changes, [], "no flicker")
        try manager.setState([Section(header: header("A"), rows: [])])
        MainContext.drain()
        XCTAssertEqual(changes, [true], "a header alone is empty for .noRows")
    }

    func testAnEmptyListWhoseFirstPageIsLoadingIsNotEmpty() async throws {
        let manager = BaseListManager()
        let monitor = EmptyStateMonitor(manager: manager, condition: .noItems)
        var changes: [Bool] = []
        monitor.onChange = { changes.append($0) }
        // Installed after the empty state, in the same turn: it asks for its first page.
        let source = ScriptedPages()
        let pagination = PaginationPlugin(edge: .bottom, loadPage: source.load)
        pagination.attach(to: manager)
        MainContext.drain()
        XCTAssertEqual(changes, [], "progress, not empty")
        source.answer([], hasMore: false)
        MainContext.drain()
        XCTAssertEqual(changes, [true], "an empty last page: now it is empty")
        XCTAssertEqual(pagination.state, .finished)
    }

    func testAnEmptyListIsEmptyAfterTheFirstIdle() async {
        let manager = BaseListManager()
        let monitor = EmptyStateMonitor(manager: manager, condition: .noItems)
        var changes: [Bool] = []
        monitor.onChange = { changes.append($0) }
        XCTAssertEqual(changes, [])
        MainContext.drain()
        XCTAssertEqual(changes, [true])
    }

    func testChangingTheConditionChecksAgain() async throws {
        let manager = BaseListManager()
        try manager.addSection(header: header("A"))
        let monitor = EmptyStateMonitor(manager: manager, condition: .noItems)
        var changes: [Bool] = []
        monitor.onChange = { changes.append($0) }
        MainContext.drain()
        XCTAssertEqual(changes, [])
        monitor.condition = .noRows
        MainContext.drain()
        XCTAssertEqual(changes, [true])
        monitor.condition = .noItems
        MainContext.drain()
        XCTAssertEqual(changes, [true, false])
    }

    func testAMonitorGoneStopsWatching() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        var changes: [Bool] = []
        var monitor: EmptyStateMonitor? = EmptyStateMonitor(manager: manager, condition: .noItems)
        monitor?.onChange = { changes.append($0) }
        weak let weakMonitor = monitor
        MainContext.drain()
        let model = UnsafeMutableRawPointer(manager.store.listModel)
        let itemsChanged = g_signal_lookup("items-changed", g_list_model_get_type())
        XCTAssertNotEqual(g_signal_has_handler_pending(model, itemsChanged, 0, 1), 0, "watching the store")
        monitor = nil
        XCTAssertEqual(g_signal_has_handler_pending(model, itemsChanged, 0, 1), 0, "its handler is gone")
        XCTAssertNil(weakMonitor)
        manager.clear()
        MainContext.drain()
        XCTAssertEqual(changes, [])
    }
}
