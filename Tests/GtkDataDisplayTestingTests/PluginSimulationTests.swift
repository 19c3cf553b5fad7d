import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

private enum PageError: Error { case offline }

/// Pagination, reordering and row actions headless: the plugins' own logic, on the real store.
@MainActor
final class PluginSimulationTests: XCTestCase {
    func testReachingTheEndLoadsTheNextPage() async throws {
        let manager = BaseListManager()
        var completions: [PaginationPlugin.PageCompletion] = []
        let pagination = PaginationPlugin(edge: .bottom) { completions.append($0) }
        let adapter = HeadlessAdapter(manager: manager)
        adapter.install(pagination)
        let events = EventRecorder(adapter, splices: false)
        events.watch(pagination)
        XCTAssertEqual(completions.count, 1, "an empty list asks for its first page")
        assertRows(adapter, "Loading…")

        completions[0](.success(PaginationPage(rows: [LabelRow(model: "a", id: "a")], hasMore: true)))
        assertRows(adapter, "a")
        adapter.reachEnd()
        XCTAssertEqual(completions.count, 2)
        adapter.reachEnd()
        XCTAssertEqual(completions.count, 2, "not while a page is loading")
        completions[1](.success(PaginationPage(rows: [LabelRow(model: "b", id: "b")], hasMore: false)))
        adapter.reachEnd()
        XCTAssertEqual(completions.count, 2, "no more after hasMore: false")
        adapter.reachStart()
        XCTAssertEqual(completions.count, 2, "a bottom plugin ignores the start")
        XCTAssertEqual(manager.rows().map(\.diffID), ["a", "b"])
        XCTAssertEqual(events.lines, ["pagination idle", "pagination loading", "pagination finished"])
    }

    func testReachingTheStartLoadsOlderRowsAbove() async throws {
        let manager = BaseListManager()
        try manager.addSection(rows: [LabelRow(model: "now", id: "now")])
        var completions: [PaginationPlugin.PageCompletion] = []
        let adapter = HeadlessAdapter(manager: manager)
        adapter.install(PaginationPlugin(edge: .top) { completions.append($0) })
        XCTAssertEqual(completions.count, 0, "a list with rows waits for its edge")
        adapter.reachEnd()
        XCTAssertEqual(completions.count, 0)
        adapter.reachStart()
        XCTAssertEqual(completions.count, 1)
        completions[0](.failure(PageError.offline))
        XCTAssertEqual(adapter.rows().first?.role, .row)
        XCTAssertTrue(adapter.activate(try XCTUnwrap(manager.store.generator(at: 0))), "the error row is activatable: it retries")
        XCTAssertEqual(completions.count, 2)
        completions[1](.success(PaginationPage(rows: [LabelRow(model: "before", id: "before")], hasMore: false)))
        assertRows(adapter, "before\nnow")
    }

    func testADropMovesTheRowAsTheViewWould() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager)
        adapter.install(ReorderingPlugin())
        let events = EventRecorder(adapter)
        XCTAssertTrue(adapter.drop(fruits.apple, onto: fruits.citrus, after: true))
        XCTAssertEqual(events.lines, ["items-changed (1, -3, +3)", "moved apple 0:0 → 0:2"])
        assertRows(adapter, """
            # fruits
            pear
            ▸ citrus
            apple
            _ count

            kale
            """)
        XCTAssertFalse(adapter.drop(fruits.apple, onto: fruits.kale), "unmarked rows stay in their section")
        XCTAssertFalse(adapter.drop(fruits.header, onto: fruits.kale), "headers never move")
        XCTAssertEqual(events.lines.count, 2, "refused drops change nothing")
    }

    func testMoveKeysStepAmongSiblings() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager)
        adapter.install(ReorderingPlugin(unmarked: .anywhere))
        XCTAssertTrue(adapter.pressMoveKey(on: fruits.pear, forward: false))
        XCTAssertTrue(adapter.pressMoveKey(on: fruits.citrus, forward: true), "past the last row: into the next section")
        XCTAssertEqual(fruits.manager.rows().map(\.diffID), ["fruits", "pear", "apple", "count", "citrus", "kale"])
        XCTAssertFalse(HeadlessAdapter(manager: BaseListManager()).pressMoveKey(on: fruits.kale, forward: true),
                       "no reordering plugin, no move")
    }

    func testChoosingAContextMenuActionRunsIt() async throws {
        let fruits = try Fruits()
        var renamed: [AnyHashable] = []
        let plugin = RowActionsPlugin(actions: { generator in
            guard generator is LabelRow else { return [] }
            return [RowAction(id: "rename", label: "Rename") { renamed.append(generator.diffID) },
                    RowAction(id: "archive", label: "Archive", isEnabled: false) { renamed.append("archived") },
                    RowAction(id: "delete", label: "Delete", isDestructive: true) { try? fruits.manager.remove(generator) }]
        })
        let adapter = HeadlessAdapter(manager: fruits.manager)
        adapter.install(plugin)
        let events = EventRecorder(adapter)
        XCTAssertEqual(adapter.contextMenuActions(of: fruits.pear).map(\.id), ["rename", "archive", "delete"])
        XCTAssertEqual(adapter.contextMenuActions(of: fruits.header).map(\.id), [], "no menu for the header")

        XCTAssertTrue(adapter.chooseAction("rename", of: fruits.pear))
        XCTAssertFalse(adapter.chooseAction("archive", of: fruits.pear), "disabled")
        XCTAssertFalse(adapter.chooseAction("nope", of: fruits.pear))
        XCTAssertEqual(renamed, ["pear"])
        XCTAssertTrue(adapter.chooseAction("delete", of: fruits.pear))
        XCTAssertFalse(adapter.chooseAction("rename", of: fruits.pear), "a row that left runs nothing")
        XCTAssertEqual(events.lines, ["action rename on pear", "action delete on pear", "items-changed (2, -1, +0)"],
                       "a change made by an action lands once the action's callbacks are done")
    }
}
