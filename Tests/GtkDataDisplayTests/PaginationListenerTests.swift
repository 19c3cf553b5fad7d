@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A `stateChanged` listener that acts on the plugin it listens to (re-entrantly, from inside the
/// state change): whatever it does, the list shows the status row of the state the plugin ends in,
/// and a request it ended before the loader was asked asks nothing. (Found by the randomized
/// pagination suite: the plugin showed the status row of the state it had set before its listener ran.)
@MainActor
final class PaginationListenerTests: XCTestCase {
    private var manager: BaseListManager!
    private var source: ScriptedPages!
    private var plugin: PaginationPlugin!

    private var listener: ((PaginationPlugin, PaginationState) -> Void)?

    override func setUp() async throws {
        manager = BaseListManager()
        try manager.add(rows("a"))
        source = ScriptedPages()
        plugin = PaginationPlugin(edge: .bottom, loadPage: source.load)
        plugin.attach(to: manager)
        plugin.stateChanged += { [unowned self] state in
            guard let listener = self.listener else { return }
            self.listener = nil
            listener(self.plugin, state)
        }
    }

    /// Runs `body` once, inside the plugin's next state change.
    private func onNextStateChange(_ body: @escaping (PaginationPlugin, PaginationState) -> Void) {
        listener = body
    }

    func testAListenerThatAsksAgainWhenAResetStopsLoadingKeepsTheProgressRow() async throws {
        plugin.edgeReached()
        onNextStateChange { plugin, _ in plugin.edgeReached() }   // "the edge is still in view"
        plugin.reset()
        XCTAssertEqual(plugin.state, .loading)
        XCTAssertEqual(source.requests, 2)
        XCTAssertEqual(pagedTexts(manager), ["a", "…"], "loading: the progress row shows")
        source.answer(["b"], request: 1)
        XCTAssertEqual(pagedTexts(manager), ["a", "b"])
    }

    func testAListenerThatResetsWhenLoadingStartsLeavesNoProgressRowAndAsksNothing() async throws {
        onNextStateChange { plugin, _ in plugin.reset() }
        plugin.edgeReached()
        XCTAssertEqual(plugin.state, .idle)
        XCTAssertEqual(pagedTexts(manager), ["a"], "idle: no progress row")
        XCTAssertEqual(source.requests, 0, "the request the listener ended asks the loader nothing")
        XCTAssertEqual(plugin.requestCount, 0)
        plugin.edgeReached()
        XCTAssertEqual(source.requests, 1)
        XCTAssertEqual(pagedTexts(manager), ["a", "…"])
    }

    func testAListenerThatRetriesOnAFailureShowsTheProgressRowNotTheErrorRow() async throws {
        plugin.edgeReached()
        onNextStateChange { plugin, _ in plugin.retry() }
        source.fail("offline")
        XCTAssertEqual(plugin.state, .loading)
        XCTAssertEqual(source.requests, 2)
        XCTAssertEqual(pagedTexts(manager), ["a", "…"], "loading again: progress, not the error")
        source.answer(["b"])
        XCTAssertEqual(pagedTexts(manager), ["a", "b"])
        XCTAssertEqual(plugin.state, .idle)
    }

    func testAListenerThatResetsOnAFailureLeavesNoErrorRow() async throws {
        plugin.edgeReached()
        onNextStateChange { plugin, _ in plugin.reset(hasMore: false) }
        source.fail("offline")
        XCTAssertEqual(plugin.state, .finished)
        XCTAssertEqual(pagedTexts(manager), ["a"], "finished: no error row")
        assertStoreMatchesManager(manager)
    }
}
