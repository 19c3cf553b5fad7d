// Children loaded on demand: a foldable row whose children are read when it is first expanded (a
// folder of a disk, a node of a remote tree), as GtkTreeListModel creates a row's children when it
// expands.
//
// While the loader runs the row shows one built-in loading row as its child; after a failure, an
// error row with Retry. Both are rows of the manager (GTK's store holds them) but never selectable,
// activatable by the keyboard only to retry, and never focused on the way past them.

/// What loads a foldable row's children: called on the main actor when the row is first expanded,
/// and again after a failure (Retry) or `BaseListManager.loadChildren(of:)`. Cancelled (its task)
/// when the row is collapsed before it answers.
public typealias ChildrenLoader = @MainActor () async throws -> [any RowGenerator]

/// Where a lazily loaded foldable row's children stand.
public enum ChildLoadingState: Equatable, Sendable {
    /// Not read yet: the row shows an expander and no children; expanding it starts the loader.
    case notLoaded
    /// The loader runs: the row shows the loading row as its child.
    case loading
    /// The loader answered: the row's `children` are what it returned.
    case loaded
    /// The loader threw (or what it returned could not be shown): the row shows the error row, with
    /// `message` and a Retry button.
    case failed(message: String)
}

/// The children of one foldable row, loaded on demand (see `FoldableRowGenerator(model:id:expanded:loadChildren:)`).
/// Held by its generator; the managers that show the generator start and finish its loads.
@MainActor
public final class ChildLoading {
    /// Where the children stand now.
    public private(set) var state: ChildLoadingState = .notLoaded
    /// The children the loader returned (or the app set), once loaded.
    var loaded: [any RowGenerator] = []
    private let loader: ChildrenLoader
    /// The row shown as the only child while the loader runs.
    let loadingRow = ChildLoadingRow(model: "Loading…")
    /// The row shown as the only child after a failure.
    let errorRow = ChildErrorRow(model: "")
    /// The foldable these children belong to (it owns this object).
    weak var owner: (any FoldableItem)?
    /// The manager that started the load under way, asked to show its answer.
    private weak var manager: BaseListManager?
    private var task: Task<Void, Never>?
    /// Counts loads, so that an answer of a load since superseded (collapsed, retried) is dropped.
    private var generation = 0

    /// Loads waiting for a manager to start them (a walk over shown rows marked them `loading`; the
    /// manager that shows their row starts them once its change is done).
    private static var waiting: [WeakChildLoading] = []

    init(loader: @escaping ChildrenLoader) {
        self.loader = loader
        errorRow.retry = { [weak self] in self?.retry() }
    }

    /// What the foldable shows as its children now: the loaded ones, the loading row, the error row,
    /// or none before the first expand.
    var shownChildren: [any RowGenerator] {
        switch state {
        case .notLoaded: []
        case .loading: [loadingRow]
        case .loaded: loaded
        case .failed: [errorRow]
        }
    }

    /// The app set the children itself: they are loaded, and a load under way is dropped.
    func setLoaded(_ children: [any RowGenerator]) {
        cancel()
        loaded = children
        state = .loaded
    }

    /// The row is shown expanded: a first expand marks the load to start (the loading row shows in
    /// the same change); the manager showing the row starts it once that change is done.
    func expanded() {
        guard state == .notLoaded else { return }
        state = .loading
        Self.waiting.append(WeakChildLoading(self))
    }

    /// The row was collapsed: a load under way is cancelled and a failure forgotten, so the next
    /// expand loads again.
    func collapsed() {
        switch state {
        case .loading, .failed:
            cancel()
            state = .notLoaded
        case .notLoaded, .loaded:
            break
        }
    }

    /// Forgets the children: the next expand (or, when `manager` shows the row expanded, now) loads
    /// them again.
    func reset(in manager: BaseListManager) {
        cancel()
        loaded = []
        state = .notLoaded
        guard let owner, manager.row(of: owner) != nil else { return }
        if owner.isExpanded { state = .loading }
        try? manager.reloadChildren(of: owner)   // the loading row (or, collapsed, nothing) replaces the children
        if state == .loading { start(in: manager) }
    }

    /// Retry (the error row's button, or Enter on it): loads again, showing the loading row.
    func retry() {
        guard case .failed = state, let manager, let owner, manager.row(of: owner) != nil else { return }
        state = .loading
        try? manager.reloadChildren(of: owner)   // the loading row replaces the error row
        start(in: manager)
    }

    private func cancel() {
        generation += 1
        task?.cancel()
        task = nil
        Self.waiting.removeAll { $0.loading === self || $0.loading == nil }
    }

    /// Starts the loads that wait for `manager` (their rows stand in it); called once its change is done.
    static func startWaiting(in manager: BaseListManager) {
        guard !waiting.isEmpty else { return }
        waiting.removeAll { $0.loading == nil }
        let mine = waiting.filter { entry in entry.loading?.owner.map { manager.row(of: $0) != nil } ?? false }
        guard !mine.isEmpty else { return }
        waiting.removeAll { entry in mine.contains { $0 === entry } }
        for entry in mine { entry.loading?.begin(in: manager) }
    }

    /// Runs the loader for a load the state already shows (`loading`).
    private func begin(in manager: BaseListManager) {
        guard state == .loading, task == nil else { return }
        start(in: manager)
    }

    /// Runs the loader (the loading row stands already), then shows its answer in `manager` (the
    /// row is refolded: the loading row gives way to the children, or to the error row).
    private func start(in manager: BaseListManager) {
        generation += 1
        let token = generation
        self.manager = manager
        let loader = self.loader
        task = Task { @MainActor [weak self] in
            let result: Result<[any RowGenerator], any Error>
            do { result = .success(try await loader()) } catch { result = .failure(error) }
            self?.finish(result, token: token)
        }
    }

    private func finish(_ result: Result<[any RowGenerator], any Error>, token: Int) {
        guard token == generation else { return }   // collapsed, retried or reset meanwhile
        task = nil
        guard let owner, let manager, manager.row(of: owner) != nil else {
            // The row left the list: the answer is dropped, the next expand loads again.
            state = .notLoaded
            return
        }
        switch result {
        case .success(let children):
            state = .loaded
            loaded = manager.loadedChildrenInRowOrder(children)
            do {
                try manager.reloadChildren(of: owner)
            } catch {
                // What the loader returned cannot stand in the list (a row shown elsewhere, a
                // header as a child, an id twice): shown as a failure, the list unchanged.
                loaded = []
                fail(with: error)
                try? manager.reloadChildren(of: owner)
            }
        case .failure(let error):
            // (A load this object cancelled never gets here: its answer is dropped above.)
            fail(with: error)
            try? manager.reloadChildren(of: owner)
        }
        manager.didLoadChildren.invoke(with: owner)
    }

    private func fail(with error: any Error) {
        let message = String(describing: error)
        errorRow.model = message
        state = .failed(message: message)
    }
}

/// A weak reference to a load waiting for its manager.
@MainActor
private final class WeakChildLoading {
    weak var loading: ChildLoading?
    init(_ loading: ChildLoading) { self.loading = loading }
}

/// The row a foldable shows as its only child while its children load: a spinner and "Loading…".
/// Never selectable nor activatable, so the keyboard passes over it.
@MainActor
final class ChildLoadingRow: BaseRowGenerator<ChildLoadingView> {
    override var isSelectable: Bool { false }
    override var isActivatable: Bool { false }
}

/// The row a foldable shows as its only child after its children failed to load: the message and
/// Retry. Not selectable; activating it (Enter, double click) retries too.
@MainActor
final class ChildErrorRow: BaseRowGenerator<ChildErrorView> {
    /// Called by Retry and by activation.
    var retry: (@MainActor () -> Void)?

    override init(model: String) {
        super.init(model: model)
        didActivateEvent += { [weak self] in self?.retry?() }
    }

    override var isSelectable: Bool { false }
    override var isActivatable: Bool { true }

    override func bind(_ view: any RowView) {
        super.bind(view)
        (view as? ChildErrorView)?.onRetry = { [weak self] in self?.retry?() }
    }
}
