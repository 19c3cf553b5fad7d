import DataDisplayDiff

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
    /// What the last diffed update (`setState`, `batch`) did.
    public private(set) var lastUpdate: UpdateSummary?

    var state: [SectionState] = []
    var rowsByGenerator: [ObjectIdentifier: Row] = [:]
    /// The shown row keys, for single operations' duplicate-id check.
    var diffIDs = ShownDiffIDs()
    var batchDepth = 0
    /// Operations run inside the open batch (an empty batch is an error).
    private var batchOperations = 0
    /// Fold states changed inside the open batch, with their old value, to restore on failure.
    private var foldUndo: [(item: any FoldableItem, wasExpanded: Bool)] = []
    /// Rows updated inside the open batch, by key: a `setState` in the batch may hand them to new instances.
    private var batchUpdates: Set<RowKey> = []
    private(set) var isApplying = false
    private var pending: [() -> Void] = []
    /// Bumped by every operation that changed the manager, so a background diff can tell the
    /// rows it started from are gone.
    var mutationVersion = 0
    /// Bumped by every operation that states a newer intent (all but folding): a background update
    /// started before it is superseded.
    var intentVersion = 0
    /// The background updates in flight and which of them have passed validation.
    var backgroundUpdates = BackgroundUpdateTickets()
    private var viewCallbackDepth = 0
    private var drainScheduled = false
    /// Events that fire once the current operation (or batch) has reached the store.
    private var deferredEvents: [() -> Void] = []
    private var isFiringEvents = false
    /// Rows that left the manager during the operation under way, kept alive until its splices are
    /// done when a list view watches the store (`RowStore.willSplice`): its selection takes the
    /// selected ones from the store right before the splice that removes them.
    private var retiring: [Row] = []

    /// An empty manager with its store.
    public init() {
        MainQueueBridge.install()
        store = RowStore()
    }

    // MARK: Reading

    /// The sections, as values.
    public var sections: [Section] { state.map(\.value) }

    /// Number of sections.
    public var numberOfSections: Int { state.count }

    /// The rows of section `index` (headers and footers excluded).
    public func generators(inSection index: Int) throws(DataDisplayError) -> [any RowGenerator] {
        try checkSection(index)
        return state[index].rows.map(\.generator)
    }

    /// Every generator in list order, headers and footers included: what the store shows.
    public var flatGenerators: [any RowGenerator] { flatRows().map(\.generator) }

    /// Whether `generator` stands in the manager (as a row, header or footer).
    public func contains(_ generator: any RowGenerator) -> Bool {
        rowsByGenerator[ObjectIdentifier(generator)] != nil
    }

    /// The flat position (store index) of `generator`.
    public func position(of generator: any RowGenerator) -> Int? {
        guard let row = rowsByGenerator[ObjectIdentifier(generator)] else { return nil }
        return flatPosition(of: row)
    }

    // MARK: Sections

    /// Appends a section.
    open func addSection(header: (any RowGenerator)? = nil, rows: [any RowGenerator] = [], footer: (any RowGenerator)? = nil) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.insertSectionNow(Section(header: header, rows: rows, footer: footer), at: self.state.count)
        }
    }

    /// Removes every row of the section with `header`, keeping the section and its header.
    public func removeAll(fromSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            self.removeAllNow(fromSection: try self.sectionIndex(header: header))
        }
    }

    /// Removes every row of section `index`, keeping the section and its header.
    public func removeAll(fromSection index: Int) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.checkSection(index)
            self.removeAllNow(fromSection: index)
        }
    }

    /// Removes the section with `header`, its rows and footer.
    public func removeSection(with header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            self.removeSectionNow(try self.sectionIndex(header: header))
        }
    }

    /// Removes section `index`, its header, rows and footer.
    public func removeSection(at index: Int) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.checkSection(index)
            self.removeSectionNow(index)
        }
    }

    // MARK: Rows

    /// Appends a row to the last section (creating a section without header when there is none).
    public func add(_ generator: any RowGenerator) throws(DataDisplayError) {
        try add([generator])
    }

    /// Appends rows to the last section (creating a section without header when there is none).
    open func add(_ generators: [any RowGenerator]) throws(DataDisplayError) {
        guard !generators.isEmpty else { return }
        try perform { () throws(DataDisplayError) in
            try self.validateNew(generators)
            if self.state.isEmpty {
                try self.insertSectionNow(Section(rows: generators), at: 0)
            } else {
                let s = self.state.count - 1
                self.insertRowsNow(generators, section: s, index: self.state[s].rows.count)
            }
        }
    }

    /// Appends rows to the section with `header`.
    open func add(_ generators: [any RowGenerator], toSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let s = try self.sectionIndex(header: header)
            try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: self.state[s].rows.count)
        }
    }

    /// Inserts rows right after `anchor`: a row, or a header (then they open its section).
    public func insert(_ generators: [any RowGenerator], after anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let (s, i) = try self.insertionPoint(after: anchor)
            try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: i)
        }
    }

    /// Inserts rows right before `anchor`: a row, or a footer (then they close its section).
    public func insert(_ generators: [any RowGenerator], before anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let (s, i) = try self.insertionPoint(before: anchor)
            try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: i)
        }
    }

    /// Inserts one row right after `anchor`.
    public func insert(_ generator: any RowGenerator, after anchor: any RowGenerator) throws(DataDisplayError) {
        try insert([generator], after: anchor)
    }

    /// Inserts one row right before `anchor`.
    public func insert(_ generator: any RowGenerator, before anchor: any RowGenerator) throws(DataDisplayError) {
        try insert([generator], before: anchor)
    }

    /// Removes a row; with `removeEmptySection`, also its section when that leaves it empty.
    public func remove(_ generator: any RowGenerator, removeEmptySection: Bool = false) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let (s, i) = try self.topLevelLocation(generator)
            let end = self.state[s].subtreeEnd(i)
            if removeEmptySection && self.state[s].rows.count == end - i {
                self.removeSectionNow(s)
                return
            }
            self.removeRowsNow(section: s, range: i..<end)
        }
    }

    /// Removes several rows (one diffed update); with `removeEmptySection`, also sections left empty.
    public func remove(_ generators: [any RowGenerator], removeEmptySection: Bool = false) throws(DataDisplayError) {
        guard !generators.isEmpty else { return }
        try perform { () throws(DataDisplayError) in
            var seen = Set<ObjectIdentifier>()
            for g in generators {
                _ = try self.topLevelLocation(g)
                guard seen.insert(ObjectIdentifier(g)).inserted else { throw .duplicateGenerator(describe(g)) }
            }
            try self.runBatch(requiringOperations: false) { () throws(DataDisplayError) in
                for g in generators { try self.remove(g, removeEmptySection: removeEmptySection) }
            }
        }
    }

    /// Puts `new` where `old` stands (a row, header or footer). `new` must not be in the manager.
    public func replace(_ old: any RowGenerator, with new: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            guard let oldRow = self.rowsByGenerator[ObjectIdentifier(old)] else { throw .generatorNotFound(describe(old)) }
            if old === new { self.refresh(oldRow); return }
            if oldRow.role == .row {
                let (s, i) = try self.topLevelLocation(old)
                let end = self.state[s].subtreeEnd(i)
                try self.validateNew([new], leaving: Array(self.state[s].rows[i..<end]))
                let position = self.sectionOffset(s) + self.state[s].rowsOffset + i
                self.forget(self.state[s].rows[i..<end])
                let rows = self.makeRows([new], depth: 0)
                self.state[s].rows.replaceSubrange(i..<end, with: rows)
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

    /// Moves a row to right after `anchor` (a row, or a header: then it opens the section).
    /// One splice from the old to the new place, so the row keeps its widget.
    public func move(_ generator: any RowGenerator, after anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            guard anchor !== generator else { _ = try self.topLevelLocation(generator); return }
            try self.moveNow(generator) { () throws(DataDisplayError) in try self.insertionPoint(after: anchor) }
        }
    }

    /// Moves a row to right before `anchor` (a row, or a footer).
    public func move(_ generator: any RowGenerator, before anchor: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            guard anchor !== generator else { _ = try self.topLevelLocation(generator); return }
            try self.moveNow(generator) { () throws(DataDisplayError) in try self.insertionPoint(before: anchor) }
        }
    }

    /// Rebinds rows in place after their content changed (no remove, no insert).
    public func update(_ generators: [any RowGenerator]) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            var rows: [Row] = []
            for g in generators {
                guard let row = self.rowsByGenerator[ObjectIdentifier(g)] else { throw .generatorNotFound(describe(g)) }
                rows.append(row)
            }
            if self.batchDepth > 0 {
                for row in rows { self.batchUpdates.insert(RowKey(role: row.role, depth: row.depth, id: row.generator.diffID)) }
                return
            }
            for row in rows { self.refresh(row) }
        }
    }

    /// Rebinds one row in place.
    public func update(_ generator: any RowGenerator) throws(DataDisplayError) {
        try update([generator])
    }

    /// Removes everything.
    public func clear() {
        try? perform { () throws(DataDisplayError) in
            let count = self.state.reduce(0) { $0 + $1.count }
            if !self.store.willSplice.isEmpty { self.retiring = self.flatRows() }
            self.state = []
            self.rowsByGenerator = [:]
            self.diffIDs.invalidate()
            self.splice(at: 0, removing: count, inserting: [])
        }
    }

    // MARK: Diffed updates

    /// Runs `body` and applies everything it did as one diffed update (the fewest splices).
    /// If `body` throws, nothing it did is applied.
    /// Started while the store is being updated, the whole batch is queued and runs right after.
    public func batch(_ body: @escaping () throws(DataDisplayError) -> Void) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in try self.runBatch(requiringOperations: true, body) }
    }

    /// `batch` for a body that may throw errors of its own, as a plain closure
    /// (`try manager.batch { try manager.addSection(…) }`): if the body throws, nothing of it is
    /// applied and its error is rethrown as it was.
    @_disfavoredOverload
    public func batch(_ body: @escaping () throws -> Void) throws {
        var foreign: (any Error)?
        do throws(DataDisplayError) {
            try batch { () throws(DataDisplayError) in
                do {
                    try body()
                } catch let error as DataDisplayError {
                    throw error
                } catch {
                    foreign = error
                    throw .batchBodyFailed(String(describing: error))
                }
            }
        } catch {
            throw foreign ?? error
        }
    }

    /// The batch machinery. The library's own batches (several rows placed at once) need not go
    /// through public operations, so only the public `batch` insists on at least one.
    func runBatch(requiringOperations: Bool, _ body: @escaping () throws(DataDisplayError) -> Void) throws(DataDisplayError) {
        if batchDepth > 0 { try body(); return }
        let oldState = state
        let oldVersions = (mutationVersion, intentVersion)
        let oldLookup = rowsByGenerator
        let oldFlat = flatRows()
        batchDepth = 1
        batchOperations = 0
        batchUpdates = []
        do {
            try body()
        } catch {
            batchDepth = 0
            state = oldState
            rowsByGenerator = oldLookup
            diffIDs.invalidate()
            (mutationVersion, intentVersion) = oldVersions
            deferredEvents.removeAll()
            undoFolds()
            throw error
        }
        batchDepth = 0
        guard batchOperations > 0 || !requiringOperations else {
            (mutationVersion, intentVersion) = oldVersions
            throw .emptyBatch
        }
        let newState = sections
        let updates = batchUpdates
        batchUpdates = []
        do {
            try applyState(newState, from: oldFlat, forcedUpdates: updates)
        } catch {
            state = oldState
            rowsByGenerator = oldLookup
            diffIDs.invalidate()
            (mutationVersion, intentVersion) = oldVersions
            deferredEvents.removeAll()
            undoFolds()
            throw error
        }
        foldUndo.removeAll()
        drainPending()
    }

    /// Replaces everything with `sections`, diffed against what is shown (RDDM's "clear, add,
    /// reload"): rows are matched by diff id; unchanged rows are untouched, changed ones rebound.
    open func setState(_ sections: [Section]) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let sections = try self.arrange(sections)
            if self.batchDepth > 0 {
                try self.replaceStateInBatch(sections)
                return
            }
            try self.applyState(sections, from: self.flatRows(), forcedUpdates: [])
        }
    }

    /// A whole state as this manager shows it (a gravity manager orders it by heaviness), or the
    /// error that makes it invalid. Every whole-state path goes through here.
    func arrange(_ sections: [Section]) throws(DataDisplayError) -> [Section] {
        sections
    }

    // MARK: Internals

    /// Runs `op` now, or queues it when the store is being updated (or its events are firing);
    /// drains queued ops and fires events after. Only an `op` that succeeds counts as a change,
    /// and only one `supersedingBackgroundUpdates` as a newer intent (folding is not).
    func perform(supersedingBackgroundUpdates: Bool = true,
                 _ op: @escaping () throws(DataDisplayError) -> Void) throws(DataDisplayError) {
        if isApplying || viewCallbackDepth > 0 || isFiringEvents {
            enqueue(supersedingBackgroundUpdates: supersedingBackgroundUpdates, op)
            if !isApplying && !isFiringEvents { scheduleDrain() }
            return
        }
        if batchDepth > 0 { batchOperations += 1 }
        do {
            defer { if batchDepth == 0 { retiring.removeAll() } }
            try op()
        }
        mutationVersion &+= 1
        if supersedingBackgroundUpdates { intentVersion &+= 1 }
        if batchDepth == 0 { drainPending() }
    }

    /// Queues `op` to run through `perform` once the current update is done.
    private func enqueue(supersedingBackgroundUpdates: Bool, _ op: @escaping () throws(DataDisplayError) -> Void) {
        pending.append { [weak self] in
            guard let self else { return }
            do throws(DataDisplayError) {
                try self.perform(supersedingBackgroundUpdates: supersedingBackgroundUpdates, op)
            } catch {
                self.queuedMutationFailed.invoke(with: error)
            }
        }
    }

    func drainPending() {
        guard !isFiringEvents else { return }
        repeat {
            while !pending.isEmpty, !isApplying, viewCallbackDepth == 0 {
                pending.removeFirst()()
            }
            guard batchDepth == 0, !isApplying, viewCallbackDepth == 0, !deferredEvents.isEmpty else { return }
            // Every listener sees the state its event reports: what they change runs after all of them.
            let events = deferredEvents
            deferredEvents.removeAll()
            isFiringEvents = true
            for event in events { event() }
            isFiringEvents = false
        } while !pending.isEmpty
    }

    /// Runs user code called from a GTK callback (bind, unbind, a selection or activation event):
    /// mutations it starts are queued and applied on idle, once GTK has finished what it was doing.
    func withinViewCallback<R>(_ body: () -> R) -> R {
        viewCallbackDepth += 1
        defer {
            viewCallbackDepth -= 1
            if viewCallbackDepth == 0, !pending.isEmpty { scheduleDrain() }
        }
        return body()
    }

    private func scheduleDrain() {
        guard !drainScheduled else { return }
        drainScheduled = true
        Idle.once { [weak self] in
            guard let self else { return }
            self.drainScheduled = false
            self.drainPending()
        }
    }

    /// Sets a fold state, remembering the old one while a batch is open.
    func setExpanded(_ item: any FoldableItem, _ expanded: Bool) {
        if batchDepth > 0 { foldUndo.append((item, item.isExpanded)) }
        item.isExpanded = expanded
    }

    /// A failed batch leaves every fold state as it found it.
    private func undoFolds() {
        for change in foldUndo.reversed() { change.item.isExpanded = change.wasExpanded }
        foldUndo.removeAll()
    }

    /// Fires an event once the current operation (or the batch in progress) has reached the store.
    func fireAfterChange(_ event: @escaping () -> Void) {
        deferredEvents.append(event)
    }

    /// One splice on the store (skipped inside a batch: the batch diffs at its end).
    func splice(at position: Int, removing: Int, inserting rows: [Row]) {
        guard batchDepth == 0, removing > 0 || !rows.isEmpty else { return }
        isApplying = true
        store.splice(at: position, removing: removing, inserting: rows)
        isApplying = false
    }

    /// Splices `old` rows at `base` into `new` by row identity: rows in both are not removed and re-added.
    func spliceDiffed(at base: Int, old: [Row], new: [Row]) {
        guard batchDepth == 0 else { return }
        // Row objects are distinct, so the plan cannot fail.
        guard let plan = try? ListDiff.plan(old: old.map(ObjectIdentifier.init), new: new.map(ObjectIdentifier.init),
                                            contentEqual: { _, _ in true }) else { return }
        isApplying = true
        for step in plan.splices {
            store.splice(at: base + step.position, removing: step.removedCount, inserting: new[step.inserted])
        }
        isApplying = false
    }

    /// Rebinds a row in place if a list item shows it.
    func refresh(_ row: Row) {
        row.contentVersion &+= 1
        row.shownRevision = row.generator.contentRevision
        guard let cell = row.cell else { return }
        isApplying = true
        cell.refreshIfStale()
        isApplying = false
    }

    func flatRows() -> [Row] {
        var list: [Row] = []
        list.reserveCapacity(state.reduce(0) { $0 + $1.count })
        for section in state { section.appendFlat(to: &list) }
        return list
    }

    func sectionOffset(_ index: Int) -> Int {
        var offset = 0
        for s in 0..<index { offset += state[s].count }
        return offset
    }

    func flatPosition(of row: Row) -> Int? {
        var offset = 0
        for section in state {
            if section.header === row { return offset }
            if let i = section.rows.firstIndex(where: { $0 === row }) { return offset + section.rowsOffset + i }
            if section.footer === row { return offset + section.count - 1 }
            offset += section.count
        }
        return nil
    }

    /// The flat rows in `range` (used by moves to re-splice one span).
    func flatRows(in range: ClosedRange<Int>) -> [Row] {
        let all = flatRows()
        return Array(all[range])
    }

    func checkSection(_ index: Int) throws(DataDisplayError) {
        guard index >= 0, index < state.count else { throw .indexOutOfRange(index: index, count: state.count) }
    }

    func sectionIndex(header: any RowGenerator) throws(DataDisplayError) -> Int {
        guard let row = rowsByGenerator[ObjectIdentifier(header)], row.role == .header,
              let s = state.firstIndex(where: { $0.header === row }) else {
            throw .sectionNotFound(describe(header))
        }
        return s
    }

    /// Section and index of a section's own row (depth 0): the rows that take part in inserts,
    /// moves and removals. A child row is changed through its parent's `children`.
    func topLevelLocation(_ generator: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        let (s, i) = try rowLocation(generator)
        guard state[s].rows[i].depth == 0 else {
            throw .invalidAnchor("\(describe(generator)) is a child row; change its parent's children and call reloadChildren(of:)")
        }
        return (s, i)
    }

    /// Section and index of a row (not a header or footer), at any depth.
    func rowLocation(_ generator: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        guard let row = rowsByGenerator[ObjectIdentifier(generator)] else { throw .generatorNotFound(describe(generator)) }
        guard row.role == .row else { throw .invalidAnchor("\(describe(generator)) is a \(row.role), not a row") }
        for (s, section) in state.enumerated() {
            if let i = section.rows.firstIndex(where: { $0 === row }) { return (s, i) }
        }
        throw .generatorNotFound(describe(generator))
    }

    func insertionPoint(after anchor: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        guard let row = rowsByGenerator[ObjectIdentifier(anchor)] else { throw .generatorNotFound(describe(anchor)) }
        switch row.role {
        case .header: return (try sectionIndex(header: anchor), 0)
        case .row: let (s, i) = try topLevelLocation(anchor); return (s, state[s].subtreeEnd(i))
        case .footer: throw .invalidAnchor("rows cannot go after a footer (\(describe(anchor)))")
        }
    }

    func insertionPoint(before anchor: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        guard let row = rowsByGenerator[ObjectIdentifier(anchor)] else { throw .generatorNotFound(describe(anchor)) }
        switch row.role {
        case .header: throw .invalidAnchor("rows cannot go before a header (\(describe(anchor)))")
        case .row: return try topLevelLocation(anchor)
        case .footer:
            guard let s = state.firstIndex(where: { $0.footer === row }) else { throw .generatorNotFound(describe(anchor)) }
            return (s, state[s].rows.count)
        }
    }

    /// Throws unless every generator (and every visible descendant of an expanded foldable one)
    /// is new to the manager and none repeats.
    /// Throws unless every generator (rows with the visible descendants of expanded foldable ones,
    /// and a header or footer) is new to the manager, stands once, and brings a free diff id:
    /// not shown, except by `leaving`, the rows the same operation takes out. Inside a batch ids are
    /// left to the batch's diff, which checks the state it ends with.
    func validateNew(_ generators: [any RowGenerator], header: (any RowGenerator)? = nil,
                     footer: (any RowGenerator)? = nil, leaving: [Row] = []) throws(DataDisplayError) {
        var seen = Set<ObjectIdentifier>()
        var keys: [RowKey] = []
        func enter(_ g: any RowGenerator, _ role: RowRole, _ depth: Int) throws(DataDisplayError) {
            let id = ObjectIdentifier(g)
            guard rowsByGenerator[id] == nil, seen.insert(id).inserted else { throw .duplicateGenerator(describe(g)) }
            keys.append(RowKey(role: role, depth: depth, id: g.diffID))
        }
        if let header { try enter(header, .header, 0) }
        try FoldTree.walk(generators, scope: .shown) { g, depth throws(DataDisplayError) in try enter(g, .row, depth) }
        if let footer { try enter(footer, .footer, 0) }
        guard batchDepth == 0 else { return }
        try diffIDs.check(keys, leaving: leaving, shown: flatRows)
    }

    /// Rows leave the manager.
    func forget(_ rows: some Sequence<Row>) {
        let keep = !store.willSplice.isEmpty
        for row in rows {
            rowsByGenerator[ObjectIdentifier(row.generator)] = nil
            diffIDs.remove(row)
            if keep { retiring.append(row) }
        }
    }

    func makeRow(_ generator: any RowGenerator, _ role: RowRole, depth: Int = 0) -> Row {
        let row = Row(generator: generator, role: role, depth: depth)
        rowsByGenerator[ObjectIdentifier(generator)] = row
        diffIDs.add(row)
        return row
    }

    /// Rows for `generators` at `depth`, each followed by the visible descendants of an expanded
    /// foldable one. A generator with a row in `reuse` (same depth) keeps that row object.
    func makeRows(_ generators: [any RowGenerator], depth: Int, reuse: [ObjectIdentifier: Row] = [:]) -> [Row] {
        var rows: [Row] = []
        appendRows(generators, depth: depth, reuse: reuse, to: &rows)
        return rows
    }

    /// Callers validated `generators` first (`validateNew`, `checkRevealable`), so the walk cannot meet a cycle.
    private func appendRows(_ generators: [any RowGenerator], depth: Int, reuse: [ObjectIdentifier: Row], to rows: inout [Row]) {
        do throws(DataDisplayError) {
            try FoldTree.walk(generators, depth: depth, scope: .shown) { g, depth throws(DataDisplayError) in
                if let old = reuse[ObjectIdentifier(g)], old.depth == depth {
                    self.rowsByGenerator[ObjectIdentifier(g)] = old
                    self.diffIDs.add(old)
                    rows.append(old)
                } else {
                    rows.append(self.makeRow(g, .row, depth: depth))
                }
            }
        } catch {
            preconditionFailure("rows made from unvalidated generators: \(error)")
        }
    }

    func removeRowsNow(section s: Int, range: Range<Int>) {
        let position = sectionOffset(s) + state[s].rowsOffset + range.lowerBound
        forget(state[s].rows[range])
        state[s].rows.removeSubrange(range)
        splice(at: position, removing: range.count, inserting: [])
    }

    func insertRowsNow(_ generators: [any RowGenerator], section s: Int, index i: Int) {
        let rows = makeRows(generators, depth: 0)
        let position = sectionOffset(s) + state[s].rowsOffset + i
        state[s].rows.insert(contentsOf: rows, at: i)
        splice(at: position, removing: 0, inserting: rows)
    }

    func insertSectionNow(_ section: Section, at index: Int) throws(DataDisplayError) {
        try validateNew(section.rows, header: section.header, footer: section.footer)
        let new = SectionState(header: section.header.map { makeRow($0, .header) },
                               rows: makeRows(section.rows, depth: 0),
                               footer: section.footer.map { makeRow($0, .footer) })
        let position = sectionOffset(index)
        state.insert(new, at: index)
        var flat: [Row] = []
        new.appendFlat(to: &flat)
        splice(at: position, removing: 0, inserting: flat)
    }

    func removeAllNow(fromSection s: Int) {
        let position = sectionOffset(s) + state[s].rowsOffset
        let removed = state[s].rows
        state[s].rows = []
        forget(removed)
        splice(at: position, removing: removed.count, inserting: [])
    }

    func removeSectionNow(_ s: Int) {
        let position = sectionOffset(s)
        let section = state.remove(at: s)
        var flat: [Row] = []
        section.appendFlat(to: &flat)
        forget(flat)
        splice(at: position, removing: flat.count, inserting: [])
    }

    func replaceRow(_ old: Row, with new: Row) {
        forget([old])
        rowsByGenerator[ObjectIdentifier(new.generator)] = new
        diffIDs.add(new)
        for s in state.indices {
            if state[s].header === old { state[s].header = new; return }
            if state[s].footer === old { state[s].footer = new; return }
            if let i = state[s].rows.firstIndex(where: { $0 === old }) { state[s].rows[i] = new; return }
        }
    }

    func moveNow(_ generator: any RowGenerator, to destination: () throws(DataDisplayError) -> (Int, Int)) throws(DataDisplayError) {
        let (s, i) = try topLevelLocation(generator)
        let end = state[s].subtreeEnd(i)
        let block = Array(state[s].rows[i..<end])
        let from = sectionOffset(s) + state[s].rowsOffset + i
        // Validate the destination before changing anything.
        _ = try destination()
        state[s].rows.removeSubrange(i..<end)
        let (ds, di) = try! destination()
        state[ds].rows.insert(contentsOf: block, at: di)
        let to = sectionOffset(ds) + state[ds].rowsOffset + di
        guard from != to else { return }
        // One splice over the whole span: GTK keeps the widgets of every row in it.
        let span = min(from, to)...(max(from, to) + block.count - 1)
        splice(at: span.lowerBound, removing: span.count, inserting: flatRows(in: span))
    }

    private func replaceStateInBatch(_ sections: [Section]) throws(DataDisplayError) {
        let foldStates = ShownFoldStates(flatRows())
        var seen = Set<ObjectIdentifier>()
        var rebuilt: [SectionState] = []
        var lookup: [ObjectIdentifier: Row] = [:]
        func row(_ g: any RowGenerator, _ role: RowRole, _ depth: Int = 0) throws(DataDisplayError) -> Row {
            guard seen.insert(ObjectIdentifier(g)).inserted else { throw .duplicateGenerator(describe(g)) }
            let r = rowsByGenerator[ObjectIdentifier(g)].flatMap { $0.role == role && $0.depth == depth ? $0 : nil }
                ?? Row(generator: g, role: role, depth: depth)
            lookup[ObjectIdentifier(g)] = r
            return r
        }
        var entries: [Entry] = []
        for section in sections {
            if let h = section.header { entries.append(Entry(generator: h, role: .header, depth: 0)) }
            try Self.appendEntries(section.rows, depth: 0, to: &entries, foldStates: foldStates)
            if let f = section.footer { entries.append(Entry(generator: f, role: .footer, depth: 0)) }
        }
        for section in sections {
            var rows: [Row] = []
            try FoldTree.walk(section.rows, scope: .shown) { g, depth throws(DataDisplayError) in
                rows.append(try row(g, .row, depth))
            }
            rebuilt.append(SectionState(header: try section.header.map { h throws(DataDisplayError) in try row(h, .header) },
                                        rows: rows,
                                        footer: try section.footer.map { f throws(DataDisplayError) in try row(f, .footer) }))
        }
        // Checked now, not when the batch ends, so the body never runs on after a bad state.
        try Self.checkUniqueIDs(entries.map { RowKey(role: $0.role, depth: $0.depth, id: $0.generator.diffID) })
        state = rebuilt
        rowsByGenerator = lookup
        diffIDs.invalidate()
    }

    /// The diffed path shared by `setState` and `batch`: match `oldFlat` with `sections` by
    /// (role, depth, diff id), reuse matched row objects, splice the store, rebind changed rows.
    func applyState(_ sections: [Section], from oldFlat: [Row], forcedUpdates: Set<RowKey>) throws(DataDisplayError) {
        let prepared = try PreparedState(sections, oldFlat: oldFlat)
        let entries = prepared.entries
        let newKeys = prepared.newKeys
        let plan = try Self.plan(old: prepared.oldKeys, new: newKeys) { oldIndex, newIndex in
            oldFlat[oldIndex].showsContent(of: entries[newIndex].generator)
                && !forcedUpdates.contains(newKeys[newIndex])
        }
        // The diff only hashes the changed middle of the lists. The old state has no duplicate ids,
        // so a new duplicate can only hide behind a row the plan inserts: check fully in that case.
        if plan.insertedRows > 0 { try Self.checkUniqueIDs(prepared.newKeys) }
        commit(prepared, plan: plan, oldFlat: oldFlat)
    }

    /// Applies a plan computed for `prepared` against `oldFlat`. Nothing can fail from here on.
    func commit(_ prepared: PreparedState, plan: SplicePlan, oldFlat: [Row]) {
        let entries = prepared.entries
        let sectionCounts = prepared.sectionCounts
        var newFlat: [Row] = []
        newFlat.reserveCapacity(entries.count)
        var lookup: [ObjectIdentifier: Row] = [:]
        lookup.reserveCapacity(entries.count)
        var handedOver: [(row: Row, previous: any RowGenerator)] = []
        for (index, entry) in entries.enumerated() {
            let oldIndex = plan.oldIndexOfNew[index]
            let row: Row
            if oldIndex >= 0 {
                row = oldFlat[oldIndex]
                let previous = row.generator
                if previous !== entry.generator || row.shownRevision != previous.contentRevision {
                    row.take(entry.generator)
                    if row.cell != nil, previous !== entry.generator { handedOver.append((row, previous)) }
                }
            } else {
                row = Row(generator: entry.generator, role: entry.role, depth: entry.depth)
            }
            newFlat.append(row)
            lookup[ObjectIdentifier(entry.generator)] = row
        }
        for index in plan.updated { newFlat[index].contentVersion &+= 1 }
        // Bound rows now shown by an equal new generator keep their views; the generator adopts them.
        for (row, previous) in handedOver { row.cell?.adoptGenerator(of: row, from: previous) }

        var rebuilt: [SectionState] = []
        rebuilt.reserveCapacity(sectionCounts.count)
        var cursor = 0
        for counts in sectionCounts {
            var s = SectionState()
            if counts.header { s.header = newFlat[cursor]; cursor += 1 }
            s.rows = Array(newFlat[cursor..<(cursor + counts.rows)])
            cursor += counts.rows
            if counts.footer { s.footer = newFlat[cursor]; cursor += 1 }
            rebuilt.append(s)
        }
        state = rebuilt
        rowsByGenerator = lookup
        diffIDs.invalidate()

        lastUpdate = UpdateSummary(plan: plan)
        isApplying = true
        store.apply(plan, newRows: newFlat)
        for index in plan.updated { newFlat[index].cell?.refreshIfStale() }
        // A kept foldable row may have been expanded or collapsed by the new state.
        if prepared.hasFoldables {
            for row in newFlat where row.cell != nil { row.cell?.foldStateChanged() }
        }
        isApplying = false
    }
}

extension BaseListManager {
    /// The diff of two key lists. Every operation keeps the shown ids unique, so a repeat is the
    /// new state's (or, if a generator changed its id while shown, the old state's) and an error.
    nonisolated static func plan(old: [RowKey], new: [RowKey],
                                 contentEqual: (Int, Int) -> Bool) throws(DataDisplayError) -> SplicePlan {
        do throws(DiffError) {
            return try ListDiff.plan(old: old, new: new, contentEqual: contentEqual)
        } catch {
            guard case let .duplicateID(side, _, first, second) = error else { throw .duplicateDiffID(error.description) }
            let keys = side == .old ? old : new
            throw .duplicateDiffID("\(keys[first]) in the \(side == .old ? "old" : "new") state at \(first) and \(second)")
        }
    }

    nonisolated static func checkUniqueIDs(_ keys: [RowKey]) throws(DataDisplayError) {
        var seen = Set<RowKey>(minimumCapacity: keys.count)
        for (index, key) in keys.enumerated() where !seen.insert(key).inserted {
            let first = keys.firstIndex(of: key)!
            throw .duplicateDiffID("\(key) in the new state at \(first) and \(index)")
        }
    }
}

/// A row's key in a diff: its role, depth and its generator's diff id. Diff ids are values
/// (strings, numbers, UUIDs…), so keys may be diffed on another thread.
struct RowKey: Hashable, CustomStringConvertible, @unchecked Sendable {
    let role: RowRole
    let depth: Int
    let id: AnyHashable
    /// 0, or which repeat of an id this is in an old list that holds it more than once.
    var occurrence = 0

    init(role: RowRole, depth: Int, id: AnyHashable) {
        self.role = role
        self.depth = depth
        self.id = id
    }

    /// The id as the README's error table writes it: `42`, `42 (header)`, `42 (depth 2)`.
    var description: String {
        switch (role, depth) {
        case (.header, _): return "\(id.base) (header)"
        case (.footer, _): return "\(id.base) (footer)"
        case (.row, 0): return "\(id.base)"
        case (.row, let depth): return "\(id.base) (depth \(depth))"
        }
    }
}

extension Row {
    /// What whole-state updates match this row by.
    var key: RowKey { RowKey(role: role, depth: depth, id: generator.diffID) }
}

/// A whole state flattened for diffing: its rows in list order and the keys of old and new rows.
@MainActor
struct PreparedState {
    let entries: [Entry]
    let sectionCounts: [(header: Bool, rows: Int, footer: Bool)]
    /// Whether any row is foldable (only then can a kept row's expander need redrawing).
    let hasFoldables: Bool
    let oldKeys: [RowKey]
    let newKeys: [RowKey]

    /// Flattens `sections` (headers, rows with the visible descendants of expanded foldables,
    /// footers); throws if a generator instance stands twice.
    init(_ sections: [Section], oldFlat: [Row]) throws(DataDisplayError) {
        var entries: [Entry] = []
        entries.reserveCapacity(oldFlat.count)
        var sectionCounts: [(header: Bool, rows: Int, footer: Bool)] = []
        var hasFoldables = false
        let foldStates = ShownFoldStates(oldFlat)
        for section in sections {
            if let h = section.header { entries.append(Entry(generator: h, role: .header, depth: 0)) }
            let before = entries.count
            if try BaseListManager.appendEntries(section.rows, depth: 0, to: &entries, foldStates: foldStates) {
                hasFoldables = true
            }
            sectionCounts.append((section.header != nil, entries.count - before, section.footer != nil))
            if let f = section.footer { entries.append(Entry(generator: f, role: .footer, depth: 0)) }
        }
        var seen = Set<ObjectIdentifier>(minimumCapacity: entries.count)
        for entry in entries where !seen.insert(ObjectIdentifier(entry.generator)).inserted {
            throw .duplicateGenerator(describe(entry.generator))
        }
        self.entries = entries
        self.sectionCounts = sectionCounts
        self.hasFoldables = hasFoldables
        oldKeys = oldFlat.map { RowKey(role: $0.role, depth: $0.depth, id: $0.generator.diffID) }
        newKeys = entries.map { RowKey(role: $0.role, depth: $0.depth, id: $0.generator.diffID) }
    }
}

/// One row of a state being flattened.
struct Entry {
    let generator: any RowGenerator
    let role: RowRole
    let depth: Int
}

extension BaseListManager {
    /// Appends `generators` at `depth`, each followed by the visible descendants of expanded foldables.
    /// A foldable that did not choose its fold state takes the one `foldStates` shows for its key.
    /// Returns whether any of them is foldable; throws `.foldingCycle` for a foldable shown inside itself.
    @discardableResult
    static func appendEntries(_ generators: [any RowGenerator], depth: Int, to entries: inout [Entry],
                              foldStates: ShownFoldStates) throws(DataDisplayError) -> Bool {
        var foundFoldable = false
        try FoldTree.walk(generators, depth: depth, scope: .shown) { g, depth throws(DataDisplayError) in
            entries.append(Entry(generator: g, role: .row, depth: depth))
            if let foldable = g as? FoldableItem {
                foundFoldable = true
                foldStates.inherit(foldable, depth: depth)
            }
        }
        return foundFoldable
    }
}
