@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting
import Foundation
import XCTest

/// A page source driven by the test: every request waits until the test answers it.
@MainActor
final class ScriptedPages {
    private(set) var completions: [PaginationPlugin.PageCompletion] = []
    var requests: Int { completions.count }

    func load(_ completion: @escaping PaginationPlugin.PageCompletion) { completions.append(completion) }

    /// Answers request `index` (default: the latest) with rows named `names`.
    func answer(_ names: [String], hasMore: Bool = true, request index: Int? = nil) {
        completions[index ?? completions.count - 1](.success(PaginationPage(rows: names.map { LabelRow(model: $0, id: $0) }, hasMore: hasMore)))
    }

    func fail(_ message: String, request index: Int? = nil) {
        completions[index ?? completions.count - 1](.failure(PageError(message: message)))
    }
}

struct PageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// What the store shows, status rows included: "…" for the progress row, "!message" for the error row.
@MainActor
func pagedTexts(_ manager: BaseListManager) -> [String] {
    manager.store.generators.map { g in
        if g is PaginationProgressRow { return "…" }
        if let e = g as? PaginationErrorRow { return "!" + e.model }
        if let h = g as? LabelHeader { return "#" + h.model }
        if let r = g as? LabelRow { return r.model }
        return "?"
    }
}

/// Lets main-actor tasks run (an async loader) until `condition` holds; fails after 5 s.
@MainActor
func waitUntil(file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(5)
    while !condition() {
        if Date() > deadline { return XCTFail("condition never held", file: file, line: line) }
        await Task.yield()
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

/// The pagination state machine without a view: requests come from `edgeReached()`, the entry
/// point the view side calls when the edge is in view.
@MainActor
final class PaginationStateTests: XCTestCase {
    private func bottom(_ manager: BaseListManager, _ source: ScriptedPages, hasMore: Bool = true) -> PaginationPlugin {
        let plugin = PaginationPlugin(edge: .bottom, hasMore: hasMore, loadPage: source.load)
        plugin.attach(to: manager)
        return plugin
    }

    func testAnEmptyListAsksForItsFirstPageAndShowsProgress() async throws {
        let manager = BaseListManager()
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        XCTAssertEqual(source.requests, 1)
        XCTAssertEqual(plugin.state, .loading)
        XCTAssertEqual(pagedTexts(manager), ["…"])
        source.answer(["a", "b"])
        XCTAssertEqual(pagedTexts(manager), ["a", "b"])
        XCTAssertEqual(plugin.state, .idle)
        assertStoreMatchesManager(manager)
    }

    func testAListWithRowsWaitsForItsEdge() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        XCTAssertEqual(source.requests, 0)
        plugin.edgeReached()
        XCTAssertEqual(source.requests, 1)
        XCTAssertEqual(pagedTexts(manager), ["a", "…"])
    }

    func testNeverTwoRequestsInFlight() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        plugin.edgeReached()
        plugin.edgeReached()
        XCTAssertEqual(source.requests, 1)
        XCTAssertEqual(plugin.requestCount, 1)
        XCTAssertEqual(pagedTexts(manager), ["a", "…"], "one progress row")
    }

    func testTheEdgeStillInViewAfterAPageAsksAgain() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        source.answer(["b"])
        XCTAssertEqual(pagedTexts(manager), ["a", "b"])
        plugin.edgeReached()   // the view reports the edge still in view after laying the page out
        XCTAssertEqual(source.requests, 2)
        XCTAssertEqual(pagedTexts(manager), ["a", "b", "…"])
        source.answer(["c"])
        XCTAssertEqual(pagedTexts(manager), ["a", "b", "c"])
    }

    func testAPageWithoutMoreFinishesIt() async throws {
        let manager = BaseListManager()
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        var states: [PaginationState] = []
        plugin.stateChanged += { states.append($0) }
        source.answer(["a"], hasMore: false)
        XCTAssertEqual(plugin.state, .finished)
        plugin.edgeReached()
        XCTAssertEqual(source.requests, 1)
        XCTAssertEqual(pagedTexts(manager), ["a"])
        XCTAssertEqual(states, [.finished])
    }

    func testAFinishedSourceStartsAgainAfterReset() async throws {
        let manager = BaseListManager()
        let source = ScriptedPages()
        let plugin = bottom(manager, source, hasMore: false)
        XCTAssertEqual(source.requests, 0, "a plugin created without more asks nothing")
        plugin.reset()
        XCTAssertEqual(source.requests, 1, "an empty list asks for its first page")
    }

    func testAFailureShowsTheErrorRowAndRetryAsksAgain() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        source.fail("offline")
        XCTAssertEqual(plugin.state, .failed(message: "offline"))
        XCTAssertEqual((plugin.lastError as? PageError)?.message, "offline")
        XCTAssertEqual(pagedTexts(manager), ["a", "!offline"])
        plugin.edgeReached()
        XCTAssertEqual(source.requests, 1, "a failed request waits for Retry")
        plugin.retry()
        XCTAssertEqual(source.requests, 2)
        XCTAssertEqual(pagedTexts(manager), ["a", "…"])
        source.answer(["b"])
        XCTAssertEqual(pagedTexts(manager), ["a", "b"])
        XCTAssertNil(plugin.lastError)
    }

    func testActivatingTheErrorRowRetries() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        source.fail("timeout")
        let errorRow = try XCTUnwrap(manager.store.generators.last as? PaginationErrorRow)
        XCTAssertFalse(errorRow.isSelectable)
        XCTAssertTrue(errorRow.isActivatable)
        XCTAssertFalse(plugin.progressRow.isSelectable)
        XCTAssertFalse(plugin.progressRow.isActivatable)
        errorRow.didActivateEvent.invoke()
        XCTAssertEqual(source.requests, 2)
        XCTAssertEqual(plugin.state, .loading)
    }

    func testAnAnswerGivenTwiceCountsOnce() async throws {
        let manager = BaseListManager()
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        source.answer(["a"])
        source.answer(["b"], request: 0)
        source.fail("late", request: 0)
        XCTAssertEqual(pagedTexts(manager), ["a"])
        XCTAssertEqual(plugin.state, .idle)
    }

    func testResetIgnoresTheRequestInFlight() async throws {
        let manager = BaseListManager()
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.reset()
        XCTAssertEqual(source.requests, 2)
        source.answer(["new"], request: 1)
        source.answer(["stale"], request: 0)
        XCTAssertEqual(pagedTexts(manager), ["new"])
    }

    func testBadRowsInAPageChangeNothingAndShowTheError() async throws {
        let manager = BaseListManager()
        let a = LabelRow(model: "a", id: "a")
        try manager.add([a])
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        source.completions[0](.success(PaginationPage(rows: [LabelRow(model: "b", id: "b"), LabelRow(model: "again", id: "a")], hasMore: true)))
        guard case .failed = plugin.state else { return XCTFail("state \(plugin.state)") }
        XCTAssertTrue(plugin.lastError is DataDisplayError)
        XCTAssertEqual(pagedTexts(manager).dropLast(), ["a"])
        XCTAssertTrue(manager.store.generators.last is PaginationErrorRow)
    }

    func testTopPagesGoAboveTheFirstRowUnderItsHeader() async throws {
        let manager = BaseListManager()
        try manager.addSection(header: header("H"), rows: rows("c", "d"))
        let source = ScriptedPages()
        let plugin = PaginationPlugin(edge: .top, loadPage: source.load)
        plugin.attach(to: manager)
        XCTAssertEqual(source.requests, 0)
        plugin.edgeReached()
        XCTAssertEqual(pagedTexts(manager), ["…", "#H", "c", "d"])
        source.answer(["a", "b"])
        XCTAssertEqual(pagedTexts(manager), ["#H", "a", "b", "c", "d"])
        assertStoreMatchesManager(manager)
    }

    func testPagesGoToTheLastSectionBeforeItsFooter() async throws {
        let manager = BaseListManager()
        try manager.addSection(header: header("1"), rows: rows("a"))
        try manager.addSection(header: header("2"), rows: rows("b"), footer: LabelFooter(model: "f"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        source.answer(["c"])
        XCTAssertEqual(manager.sections.count, 2)
        XCTAssertEqual(try manager.generators(inSection: 1).compactMap { ($0 as? LabelRow)?.model }, ["b", "c"])
    }

    func testTopAndBottomOnOneManager() async throws {
        let manager = BaseListManager()
        let older = ScriptedPages(), newer = ScriptedPages()
        let top = PaginationPlugin(edge: .top, loadPage: older.load)
        let bottom = PaginationPlugin(edge: .bottom, loadPage: newer.load)
        top.attach(to: manager)
        bottom.attach(to: manager)
        XCTAssertEqual(pagedTexts(manager), ["…", "…"])
        newer.answer(["m"])
        older.answer(["k", "l"])
        XCTAssertEqual(pagedTexts(manager), ["k", "l", "m"])
        bottom.edgeReached()
        top.edgeReached()
        XCTAssertEqual(pagedTexts(manager), ["…", "k", "l", "m", "…"])
        XCTAssertFalse(top.progressRow === bottom.progressRow)
    }

    func testAGravityManagersTopPageGoesIntoItsFirstSectionByHeaviness() async throws {
        let manager = GravityListManager()
        try manager.addSection(header: WeightedHeader("first", 1), rows: [WeightedRow("f5", 5), WeightedRow("f9", 9)])
        try manager.addSection(header: WeightedHeader("last", 2), rows: [WeightedRow("l5", 5)])
        let older = ScriptedPages(), newer = ScriptedPages()
        let top = PaginationPlugin(edge: .top, loadPage: older.load)
        let bottom = PaginationPlugin(edge: .bottom, loadPage: newer.load)
        top.attach(to: manager)
        bottom.attach(to: manager)
        top.edgeReached()
        older.completions[0](.success(PaginationPage(rows: [WeightedRow("t7", 7), WeightedRow("t1", 1)], hasMore: true)))
        bottom.edgeReached()
        newer.completions[0](.success(PaginationPage(rows: [WeightedRow("b6", 6)], hasMore: true)))
        let names = manager.store.generators.map { ($0 as? WeightedHeader).map { "#" + $0.model } ?? ($0 as? LabelRow)?.model ?? "?" }
        XCTAssertEqual(names, ["#first", "t1", "f5", "t7", "f9", "#last", "l5", "b6"])
        assertStoreMatchesManager(manager)
    }

    // MARK: The app's own updates

    func testAPageArrivingDuringTheAppsBackgroundUpdateIsAddedToTheStateItShows() async throws {
        func row(_ n: Int) -> LabelRow { LabelRow(model: "r\(n)", id: GatedID(value: n)) }
        let manager = BaseListManager()
        try manager.setState([Section(rows: (0..<400).map(row))])
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        // The app's filter, held in its off-main diff while the plugin loads and answers a page.
        GatedID.isOpen.store(false, ordering: .releasing)
        GatedID.waiting.store(0, ordering: .relaxed)
        defer { GatedID.isOpen.store(true, ordering: .releasing) }
        let filtered = [Section(rows: [row(1), row(3)])]
        let filter = Task { try await manager.setStateInBackground(filtered) }
        while GatedID.waiting.load(ordering: .relaxed) == 0 { try? await Task.sleep(nanoseconds: 1_000_000) }
        plugin.edgeReached()
        XCTAssertEqual(pagedTexts(manager).last, "…")
        source.answer(["p1", "p2"])
        XCTAssertEqual(plugin.state, .loading, "the page waits for the app's update")
        XCTAssertEqual(pagedTexts(manager).count, 401, "nothing of the page shown yet")
        GatedID.isOpen.store(true, ordering: .releasing)
        let applied = try await filter.value
        XCTAssertTrue(applied, "neither the progress row nor the page superseded the app's update")
        XCTAssertEqual(pagedTexts(manager), ["r1", "r3", "p1", "p2"])
        XCTAssertEqual(plugin.state, .idle)
        assertStoreMatchesManager(manager)
    }

    func testTheStatusRowStaysAtTheEdgeThroughTheAppsSetState() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        try manager.setState([Section(rows: rows("x", "y"))])
        XCTAssertEqual(pagedTexts(manager), ["x", "y", "…"], "put back right after the update")
        assertStoreMatchesManager(manager)
        source.answer(["z"])
        XCTAssertEqual(pagedTexts(manager), ["x", "y", "z"])
    }

    /// An empty section adds no row to the store, so no items-changed: the status section still goes
    /// back to its edge. (Found by the randomized pagination suite.)
    func testAnEmptySectionTheAppAddsWhileLoadingGoesAboveTheStatusSection() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        try manager.addSection(rows: [])
        XCTAssertEqual(manager.sections.count, 3)
        XCTAssertEqual(manager.sections.last?.rows.count, 1)
        XCTAssertTrue(manager.sections.last?.rows.first === plugin.progressRow, "the status section stays last")
        try manager.add(rows("b"))
        XCTAssertEqual(pagedTexts(manager), ["a", "b", "…"])
    }

    func testRowsTheAppAddsWhileLoadingGoAboveTheProgressRow() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        plugin.edgeReached()
        try manager.add(rows("b"))             // appends to the last section: the plugin's
        XCTAssertEqual(pagedTexts(manager), ["a", "b", "…"])
        try manager.addSection(rows: rows("c"))
        XCTAssertEqual(pagedTexts(manager), ["a", "b", "c", "…"])
        source.answer(["d"])
        XCTAssertEqual(pagedTexts(manager), ["a", "b", "c", "d"])
        assertStoreMatchesManager(manager)
    }

    func testAClearWhileLoadingKeepsTheProgressRow() async throws {
        let manager = BaseListManager()
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        manager.clear()
        XCTAssertEqual(pagedTexts(manager), ["…"])
        XCTAssertEqual(plugin.state, .loading)
    }

    func testAppRowsWithAnyIdsNeverCollideWithTheStatusRows() async throws {
        let manager = BaseListManager()
        let source = ScriptedPages()
        let plugin = bottom(manager, source)
        let status = try XCTUnwrap(manager.store.generators.first)
        // Ids of every kind an app uses, and the status row's own diff id wrapped as an app's id.
        try manager.setState([Section(rows: [LabelRow(model: "1", id: 0), LabelRow(model: "2", id: "progress"),
                                             LabelRow(model: "3", id: status.diffID.description)])])
        XCTAssertEqual(pagedTexts(manager), ["1", "2", "3", "…"])
        source.answer(["4"])
        XCTAssertEqual(plugin.state, .idle)
    }

    // MARK: The async loader

    func testTheAsyncLoaderAddsItsPage() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        var calls = 0
        let plugin = PaginationPlugin(edge: .bottom) {
            calls += 1
            await Task.yield()
            if calls == 1 { throw PageError(message: "first fails") }
            return PaginationPage(rows: rows("b", "c"), hasMore: false)
        }
        plugin.attach(to: manager)
        plugin.edgeReached()
        XCTAssertEqual(pagedTexts(manager), ["a", "…"])
        await waitUntil { plugin.state != .loading }
        XCTAssertEqual(pagedTexts(manager), ["a", "!first fails"])
        plugin.retry()
        await waitUntil { plugin.state != .loading }
        XCTAssertEqual(pagedTexts(manager), ["a", "b", "c"])
        XCTAssertEqual(plugin.state, .finished)
        XCTAssertEqual(calls, 2)
    }

    func testResetCancelsTheAsyncLoad() async throws {
        let manager = BaseListManager()
        try manager.add(rows("a"))
        var sawCancellation = false
        let plugin = PaginationPlugin(edge: .bottom) {
            while !Task.isCancelled { await Task.yield() }
            sawCancellation = true
            return PaginationPage(rows: rows("stale"), hasMore: true)
        }
        plugin.attach(to: manager)
        plugin.edgeReached()
        plugin.reset(hasMore: false)
        await waitUntil { sawCancellation }
        await Task.yield()
        XCTAssertEqual(pagedTexts(manager), ["a"])
        XCTAssertEqual(plugin.state, .finished)
    }
}
