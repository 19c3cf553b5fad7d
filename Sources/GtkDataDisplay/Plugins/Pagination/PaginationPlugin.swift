// Pagination (RDDM's paginatable plugin): asks a source for the next page when the list's edge
// comes into view, shows a progress row while the page loads and an error row with Retry when it
// failed, and adds the page's rows at its edge. This file is the state machine and what it does
// to the manager; the widget side (when the edge is in view, keeping the rows on screen in place
// for the top edge) is in PaginationPlugin+View.swift.
//
// The status rows stand in a section of their own: the last section for the bottom edge, the
// first for the top edge, there only while a page loads or after one failed. When an update of the
// app's takes that section away or puts rows into it (`setState`, `clear`, `add(_:)` appending to
// the last section), the plugin puts its section back at its edge right after that update.

/// Loads pages at one edge of a list or grid view: bottom (a feed) or top (older messages).
///
///     let adapter = manager.listViewBuilder
///         .add(plugin: .pagination(edge: .bottom) { try await source.nextPage() })
///         .build()
///
/// A page is asked for when the edge comes into view (within `prefetchDistance` pixels) and the
/// source said there is more; never while another request is in flight; again when the edge is
/// still in view after a page arrived (a short page, a tall window); no more once a page says
/// `hasMore: false` (until `reset()`). An empty list asks for its first page when the plugin is
/// installed. A failed request shows an error row whose Retry button (or activating the row:
/// Enter, double click) asks again.
@MainActor
public final class PaginationPlugin: AdapterPlugin {
    /// An `async throws` page loader.
    public typealias PageLoader = @MainActor () async throws -> PaginationPage
    /// What a callback-style loader calls once, with the page or the error.
    public typealias PageCompletion = @MainActor (Result<PaginationPage, any Error>) -> Void

    private enum Loader {
        case async(PageLoader)
        case callback(@MainActor (@escaping PageCompletion) -> Void)
    }

    /// The edge this plugin grows.
    public let edge: PaginationEdge
    /// How far from the edge, in pixels, a request starts (0: when the edge itself is in view).
    public var prefetchDistance: Double
    /// The progress row's text.
    public var loadingText = "Loading…" { didSet { progressRow.model = loadingText } }
    /// Where loading stands now.
    public private(set) var state: PaginationState = .idle {
        didSet { if state != oldValue { stateChanged.invoke(with: state) } }
    }
    /// Fires with every new `state`.
    public let stateChanged = Event<PaginationState>()
    /// The error of the last failed request (nil once a request succeeds).
    public private(set) var lastError: (any Error)?
    /// How many pages were asked for so far (requests, retries included).
    public private(set) var requestCount = 0

    private let loader: Loader
    private(set) weak var manager: BaseListManager?
    weak var adapter: ListBaseAdapter?
    /// Bumped by every request and `reset()`: an answer to an older request is ignored.
    private var generation = 0
    private var task: Task<Void, Never>?
    var repairScheduled = false
    /// Set while the plugin changes its own rows (no repair needed for those).
    var changingOwnRows = false
    /// The widget side's state (see PaginationPlugin+View.swift).
    var view = PaginationViewState()

    let progressRow: PaginationProgressRow
    let errorRow: PaginationErrorRow

    /// A plugin that asks `loader` for pages at `edge`. `hasMore: false` starts it finished.
    public init(edge: PaginationEdge, hasMore: Bool = true, prefetchDistance: Double = 0,
                loader: @escaping PageLoader) {
        self.edge = edge
        self.prefetchDistance = prefetchDistance
        self.loader = .async(loader)
        (progressRow, errorRow) = Self.makeRows()
        state = hasMore ? .idle : .finished
        connectRows()
    }

    /// A plugin that asks `loadPage` for pages at `edge`; `loadPage` calls its completion once,
    /// on the main thread, with the page or the error (later calls are ignored).
    public init(edge: PaginationEdge, hasMore: Bool = true, prefetchDistance: Double = 0,
                loadPage: @escaping @MainActor (_ completion: @escaping PageCompletion) -> Void) {
        self.edge = edge
        self.prefetchDistance = prefetchDistance
        self.loader = .callback(loadPage)
        (progressRow, errorRow) = Self.makeRows()
        state = hasMore ? .idle : .finished
        connectRows()
    }

    private static func makeRows() -> (PaginationProgressRow, PaginationErrorRow) {
        // No explicit ids: each is identified by its instance, which no row of the app's can share.
        (PaginationProgressRow(model: "Loading…"), PaginationErrorRow(model: ""))
    }

    private func connectRows() {
        errorRow.retry = { [weak self] in self?.retry() }
        errorRow.didActivateEvent += { [weak self] in self?.retry() }
    }

    isolated deinit {
        task?.cancel()
        manager?.didApplyChange.removeListener(key: ObjectIdentifier(self))
        disconnectView()
    }

    /// Installs the plugin on `adapter`: the manager's rows, and the view's scrolling.
    public func install(on adapter: ListBaseAdapter) {
        self.adapter = adapter
        attach(to: adapter.manager)
        connectView(adapter)
    }

    /// Connects the state machine to `manager` (no view: requests come from `edgeReached()`).
    /// An empty manager asks for its first page at once.
    @_spi(Testing) public func attach(to manager: BaseListManager) {
        precondition(self.manager == nil, "a PaginationPlugin serves one manager")
        self.manager = manager
        // After every change, not only those that reach the store: an empty section added after the
        // status section changes no row, yet leaves the status section off its edge.
        manager.didApplyChange.addListener(key: ObjectIdentifier(self)) { [weak self] in self?.scheduleRepair() }
        if !hasContent { edgeReached() }
    }

    // MARK: The state machine

    /// The edge came into view: ask for a page unless one is in flight, the last failed (Retry
    /// asks again) or the source has no more.
    @_spi(Testing) public func edgeReached() {
        guard state == .idle, manager != nil else { return }
        request()
    }

    /// Asks again after a failed request (what Retry and activating the error row do).
    public func retry() {
        guard case .failed = state else { return }
        request()
    }

    /// Starts over: forgets a request in flight and its rows, and (with `hasMore`) asks for a page
    /// when the list is empty or its edge is in view. Call it after replacing the list's rows
    /// (a refresh), or to start a source that said it had no more.
    public func reset(hasMore: Bool = true) {
        generation &+= 1
        task?.cancel()
        task = nil
        lastError = nil
        state = hasMore ? .idle : .finished
        showStatus()   // what the state is now: a `stateChanged` listener may have asked for a page
        guard hasMore else { return }
        if !hasContent { edgeReached() } else { scheduleEdgeCheck() }
    }

    private func request() {
        generation &+= 1
        let token = generation
        state = .loading
        // A `stateChanged` listener that reset the plugin (or asked again) ended this request: the
        // loader is not asked, and the status row is the one the state now wants.
        guard token == generation else { return }
        requestCount += 1
        showStatus()
        let finish: PaginationPlugin.PageCompletion = { [weak self] result in self?.finish(token, result) }
        switch loader {
        case .async(let load):
            task = Task { @MainActor in
                do {
                    let page = try await load()
                    finish(.success(page))
                } catch {
                    finish(.failure(error))
                }
            }
        case .callback(let load):
            load(finish)
        }
    }

    private func finish(_ token: Int, _ result: Result<PaginationPage, any Error>) {
        guard token == generation, state == .loading else { return }  // stale, or called twice
        task = nil
        switch result {
        case .success where manager?.backgroundUpdates.inFlight ?? 0 > 0:
            // The app's `setStateInBackground` (a filter, say) is the latest intent: the page waits for
            // it and is added to the state it shows (a newer answer or a reset drops it meanwhile).
            generation &+= 1
            let waiting = generation
            manager?.afterBackgroundUpdates { [weak self] in self?.finish(waiting, result) }
        case .success(let page):
            do throws(DataDisplayError) {
                try apply(page)
                lastError = nil
                state = page.hasMore ? .idle : .finished
                if page.hasMore { checkEdgeAfterLayout() }
            } catch {
                fail(error)
            }
        case .failure(let error):
            fail(error)
        }
    }

    private func fail(_ error: any Error) {
        lastError = error
        let message = Self.describe(error)
        errorRow.model = message
        state = .failed(message: message)
        showStatus()   // a `stateChanged` listener may have retried or reset
    }

    static func describe(_ error: any Error) -> String {
        String(describing: error)  // the description of errors that have one
    }
}
