// State and lookup: the class declaration with every stored property, the reading API, and the
// operations kinds of manager override (Swift allows overriding only what the class body declares).
// The manager's behaviour lives in extensions, one concept per file (see the folders of Managers/):
// Core (state, lookup, row making), Operations (single operations), Diffing (batch and whole-state
// updates), Queueing (reentrancy), Folding, Background.

/// Owns an ordered list of sections and keeps one `RowStore` equal to it (RDDM's BaseTableManager).
///
/// Each single operation validates first, then reaches the store at once as one splice of the
/// affected range. `batch { }` and `setState(_:)` diff the old rows against the new ones and
/// apply the fewest splices; rows that keep their diff id keep their row object (and so their
/// widget), and a changed row is rebound in place.
///
/// Errors are thrown before anything changes. A mutation started while the store is being
/// updated (from a bind callback or an event listener) is queued and applied right after.
@MainActor
open class BaseListManager {
    /// The store a list view shows.
    public let store: RowStore
    /// Errors of mutations that were queued during an update and failed when they ran.
    public let queuedMutationFailed = Event<DataDisplayError>()
    /// Fires after a row moved (`move(_:to:)`, `move(_:after:)`, `move(_:before:)`, or the
    /// reordering plugin), with where it stood and where it stands now.
    public let didMove = Event<RowMove>()
    /// Fires after any foldable row of this manager expanded or collapsed, with the row, its new
    /// state and who folded it (one listener for a whole tree, where each row's `didFoldEvent`
    /// needs one per row). It fires after the row's own `didFoldEvent`.
    public let didFold = Event<FoldChange>()
    /// Fires after a row whose children load on demand got its loader's answer and shows it: its
    /// children, or (`childLoading.state` `.failed`) the error row. Not for an answer dropped
    /// because the row was collapsed or left the list meanwhile.
    public let didLoadChildren = Event<any FoldableItem>()
    /// Who folds rows right now: `.user` while a view folds one for the user (`foldingForUser`).
    var foldCause: FoldChange.Cause = .code
    /// Counts whole-state updates that kept none of the rows shown before (another dataset): a view
    /// scrolled down goes back to the top then (`ListBaseAdapter.scrollsToTopOnNewData`).
    var wholeReplacements = 0
    /// What the last diffed update (`setState`, `batch`) did.
    public internal(set) var lastUpdate: UpdateSummary?
    /// The order the rows are kept in (`sort(by:)`), nil when they stand as given.
    public internal(set) var rowOrder: RowOrder?
    /// Which rows show plain models (`register`, `setState(models:)`): see `ModelRegistry`.
    public let modelRegistry = ModelRegistry()
    /// Fires after every change that reached the store (an operation, a batch, a whole state), once
    /// its splices are done and before its events fire: for the library's views that hold on to a
    /// row between updates (an open row menu).
    let didApplyChange = Event<Void>()

    // Internal, not private, only so the extension files of Managers/ can reach them.
    var state: [SectionState] = [] {
        didSet { flatCache = nil }
    }
    /// The flat rows of a state of several sections as the last whole-state update left them, while
    /// nothing changed `state` since (`flatRows()` returns it instead of copying every row again).
    /// Dropped by any change of `state`, so a row removed from it is released at once.
    var flatCache: [Row]?
    /// The id the next new section takes (`SectionState.id`; `newSectionIDs`).
    var nextSectionID: UInt32 = 1
    /// Rows by generator identity: while the manager links (see `row(of:)`), the rows whose
    /// generator is not linked; otherwise every row, and then whole-state updates drop it
    /// (`rowLookup = nil`) instead of rebuilding it, and the next lookup builds it from `state`.
    var rowTable: RowLookup {
        get {
            if rowLookup == nil { rowLookup = buildRowLookup() }
            return rowLookup!
        }
        _modify {
            if rowLookup == nil { rowLookup = buildRowLookup() }
            yield &rowLookup!
        }
        set { rowLookup = newValue }
    }
    /// The storage of `rowTable`: nil until needed after a whole-state update (never nil
    /// while the manager links).
    var rowLookup: RowLookup? = [:]
    /// The stamp links written now carry (`RowLink.stamp`), unique in the process; 0 while the
    /// manager does not link. Written on the main actor only; `deinit` (on any thread, nothing else
    /// holding the manager then) reads it to let its links go.
    nonisolated(unsafe) var linkStamp: UInt32 = 0
    /// The shown row keys, for single operations' duplicate-id check.
    var diffIDs = ShownDiffIDs()
    var batchDepth = 0
    /// Operations run inside the open batch (an empty batch is an error).
    var batchOperations = 0
    /// Fold states changed inside the open batch, with their old value, to restore on failure.
    var foldUndo: [(item: any FoldableItem, wasExpanded: Bool)] = []
    /// The rows `update` named inside the open batch: rebound at its end. (The whole-state diff a
    /// batch may end with takes their keys, since a `setState` in the batch may hand them to new instances.)
    var batchUpdatedRows: [Row] = []
    /// Rows whose section controller changed inside the open batch (rebound at its end if shown).
    var batchRebinds: [Row] = []
    /// Whether a `setState` inside the open batch replaced the state (then it ends with the
    /// whole-state diff, not the identity diff of its operations).
    var batchReplacedState = false
    /// Whether the store is being spliced or rebound (then operations are queued).
    var isApplying = false
    /// Whether the splices under way are a whole-state update's (`setState`, a background update):
    /// a selected row they take out may come back by id (`RowSelection`).
    var isCommittingWholeState = false
    /// Operations queued while the store was being updated, run in order once it is done.
    var pending: [() -> Void] = []
    /// Bumped by every operation that changed the manager, so a background diff can tell the
    /// rows it started from are gone.
    var mutationVersion = 0
    /// `mutationVersion` while the last whole-state update linked its rows with their positions
    /// (`RowLink.position`): those hold while the manager's version is one more (nothing changed it
    /// since). -2: none has.
    var linkedVersion = -2
    /// Whole-state updates matched through the links (`permutationPlan`), for tests.
    var permutationsMatchedByLink = 0
    /// The keys the last `setState` left, for the next one (see `ShownKeyCache`).
    var shownKeys: ShownKeyCache?
    /// Whether the last whole-state update had foldable rows: the next one then looks for them
    /// while flattening, not while reading ids (see `FlatState.foldCheckDeferred`).
    var foldablesInLastState = false
    /// Bumped by every operation that states a newer intent (all but folding): a background update
    /// started before it is superseded.
    var intentVersion = 0
    /// The background updates in flight and which of them have passed validation.
    var backgroundUpdates = BackgroundUpdateTickets()
    /// How deep in user code called from GTK callbacks (`withinViewCallback`) the manager is.
    var viewCallbackDepth = 0
    /// Whether an idle drain of `pending` is scheduled.
    var drainScheduled = false
    /// Events that fire once the current operation (or batch) has reached the store.
    var deferredEvents: [() -> Void] = []
    /// Whether deferred events are firing (operations they start are queued).
    var isFiringEvents = false
    /// Rows that left the manager during the operation under way, kept alive until its splices are
    /// done: a list view's selection (`RowStore.willSplice`) takes the selected ones from the store
    /// right before the splice that removes them, and a record the store no longer shows when its
    /// row goes can serve a new row (`RowRecords`). Then they end, but for those that stand in the
    /// manager again (`endRetired`).
    var retiring: [Row] = []
    /// The whole state landing over frames, while it does (`StateLanding`).
    var landing: StateLanding?
    /// Called between two slices of a landing state, the manager and its store holding the rows
    /// landed so far (for tests).
    let didLandSlice = Event<Void>()
    /// Background updates waiting for the landing to end (`waitForLanding`).
    var landingWaiters: [CheckedContinuation<Void, Never>] = []

    /// An empty manager with its store.
    public init() {
        MainQueueBridge.install()
        MainThread.record()
        store = RowStore()
        startLinkingEmpty()
    }

    deinit {
        // Its rows end with it: the manager holds their row objects' references (a view may still
        // hold some objects: they read as ended). On the main thread (GTK's), where a manager lives,
        // at once (an isolated deinit would let the runtime put a big list's teardown off to a later
        // turn of the main actor); released elsewhere, on the main actor's next turn.
        if MainThread.isCurrent {
            MainActor.assumeIsolated { Self.endRows(of: state) }
        } else {
            let rows = state
            Task { @MainActor in Self.endRows(of: rows) }
        }
        // Links this manager wrote no longer hold: another manager may claim them.
        RowLinks.replaceStamp(linkStamp, with: 0)
    }

    // MARK: Reading

    /// The sections, as values.
    public var sections: [Section] { state.map(\.value) }

    /// Number of sections.
    public var numberOfSections: Int { state.count }

    /// The rows of section `index` (headers and footers excluded).
    public func generators(inSection index: Int) throws(DataDisplayError) -> [any RowGenerator] {
        try checkSection(index)
        var generators: [any RowGenerator] = []
        generators.reserveCapacity(state[index].rows.count)
        for row in state[index].rows { generators.append(row.generator) }
        return generators
    }

    /// Every generator in list order, headers and footers included: what the store shows.
    public var flatGenerators: [any RowGenerator] { flatRows().map(\.generator) }

    /// Whether `generator` stands in the manager (as a row, header or footer).
    public func contains(_ generator: any RowGenerator) -> Bool {
        stands(generator)
    }

    /// The flat position (store index) of `generator`.
    public func position(of generator: any RowGenerator) -> Int? {
        guard let row = row(of: generator) else { return nil }
        return flatPosition(of: row)
    }

    // MARK: Overridable operations
    //
    // Swift lets a subclass override only what the class body declares, so the operations a kind
    // of manager (Kinds/) overrides stand here; the rest of each concept is in its folder.

    // Single operations (Operations/).

    /// Appends a section.
    open func addSection(header: (any RowGenerator)? = nil, rows: [any RowGenerator] = [], footer: (any RowGenerator)? = nil) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.insertSectionNow(Section(header: header, rows: rows, footer: footer), at: self.state.count)
        }
    }

    /// Appends rows to the last section (creating a section without header when there is none).
    open func add(_ generators: [any RowGenerator]) throws(DataDisplayError) {
        guard !generators.isEmpty else { return }
        try perform { () throws(DataDisplayError) in
            let entering = try self.validateNew(generators)
            if self.state.isEmpty {
                try self.insertSectionNow(Section(rows: generators), at: 0, entering: entering)
            } else {
                let s = self.state.count - 1
                self.insertRowsNow(generators, section: s, index: self.state[s].rows.count, entering: entering)
            }
        }
    }

    /// Appends rows to the section with `header` — or with this footer: a section can be named by
    /// its header or its footer. Neither in the manager: `DataDisplayError.sectionNotFound`.
    open func add(_ generators: [any RowGenerator], toSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let s = try self.sectionIndex(headerOrFooter: header)
            let entering = try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: self.state[s].rows.count, entering: entering)
        }
    }

    /// Puts `new` where `old` stands (a row, header or footer). `new` must not be in the manager.
    public func replace(_ old: any RowGenerator, with new: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            guard let oldRow = self.row(of: old) else { throw .generatorNotFound(describe(old)) }
            if old === new { self.refresh(oldRow); return }
            if oldRow.role == .row {
                let (s, i) = try self.topLevelLocation(old)
                let end = self.state[s].subtreeEnd(i)
                try self.validateNew([new], leaving: self.state[s].rows.rows(in: i..<end))
                let position = self.sectionOffset(s) + self.state[s].rowsOffset + i
                self.forget(self.state[s].rows.rows(in: i..<end))
                let rows = self.makeRows([new], depth: 0)
                self.state[s].place(rows, replacing: i..<end)
                self.takeController(ofSection: s, rows)
                self.splice(at: position, removing: end - i, inserting: rows)
                return
            }
            try self.validateNew([], header: oldRow.role == .header ? new : nil,
                                 footer: oldRow.role == .footer ? new : nil, leaving: [oldRow])
            let position = self.flatPosition(of: oldRow)!
            let newRow = Row(generator: new, role: oldRow.role)
            self.replaceRow(oldRow, with: newRow)
            self.splice(at: position, removing: 1, inserting: [newRow])
        }
    }

    // Whole-state diffing (Diffing/).

    /// Replaces everything with `sections`, diffed against what is shown (RDDM's "clear, add,
    /// reload"): rows are matched by diff id; unchanged rows are untouched, changed ones rebound.
    open func setState(_ sections: [Section]) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            var reordered: [ReorderedChildren] = []
            let sections = self.sortedByRowOrder(try self.arrange(sections), reordered: &reordered)
            do throws(DataDisplayError) {
                if self.batchDepth > 0 {
                    try self.replaceStateInBatch(sections)
                    return
                }
                try self.applyState(sections, from: self.flatRows(), forcedUpdates: [], keepingKeys: true)
            } catch {
                Self.restoreChildren(reordered)
                throw error
            }
        }
    }

    /// A whole state as this manager shows it (a gravity manager orders it by heaviness), or the
    /// error that makes it invalid. Every whole-state path goes through here.
    func arrange(_ sections: [Section]) throws(DataDisplayError) -> [Section] {
        sections
    }
}
