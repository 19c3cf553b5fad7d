// Batch: everything a body does, applied as one diffed update (by row identity, or the whole-state
// diff: see BaseListManager+BatchByIdentity.swift); on failure the state, the lookup, the versions,
// deferred events and fold states are restored as they were.

extension BaseListManager {
    // MARK: Diffed updates

    /// Runs `body` and applies everything it did as one diffed update (the fewest splices).
    /// If `body` throws, nothing it did is applied.
    /// Started while the store is being updated, the whole batch is queued and runs right after.
    public func batch(_ body: @escaping () throws(DataDisplayError) -> Void) throws(DataDisplayError) {
        try perform(isBatch: true) { () throws(DataDisplayError) in try self.runBatch(requiringOperations: true, body) }
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
    /// through public operations, so only the public `batch` insists on at least one that succeeds
    /// (an operation that threw and was caught in the body does not count; nor does a batch nested
    /// in it, only what that batch ran).
    func runBatch(requiringOperations: Bool, _ body: @escaping () throws(DataDisplayError) -> Void) throws(DataDisplayError) {
        if batchDepth > 0 {
            let before = batchOperations
            try body()
            if requiringOperations && batchOperations == before { throw .emptyBatch }
            return
        }
        let oldState = state
        let oldVersions = (mutationVersion, intentVersion)
        batchDepth = 1
        batchOperations = 0
        batchUpdatedRows = []
        batchRebinds = []
        batchReplacedState = false
        defer {
            batchUpdatedRows = []
            batchRebinds = []
            batchReplacedState = false
        }
        /// Puts back what the batch started from: nothing of it stays.
        func rollBack() {
            // Rows the batch made leave with it (they end once the batch is over).
            retiring.append(contentsOf: flatRows())
            state = oldState
            // Rows come back that single operations in the batch unlinked: the table holds them all.
            stopLinking(table: nil)
            diffIDs.invalidate()
            retakeControllers()
            (mutationVersion, intentVersion) = oldVersions
            deferredEvents.removeAll()
            undoFolds()
        }
        do {
            try body()
        } catch {
            batchDepth = 0
            rollBack()
            throw error
        }
        batchDepth = 0
        guard batchOperations > 0 || !requiringOperations else {
            (mutationVersion, intentVersion) = oldVersions
            throw .emptyBatch
        }
        // Single operations kept the state whole: their result reaches the store as the identity diff
        // of the flat rows (`appliedBatchByIdentity`), unless only the whole-state diff gives it its
        // meaning (then it runs on the state's public value, and fails like `setState`).
        if batchReplacedState || !appliedBatchByIdentity(from: oldState, updating: batchUpdatedRows) {
            do {
                let oldFlat = Self.flatRows(of: oldState, in: 0..<oldState.reduce(0) { $0 + $1.count })
                // The diff keeps rows of the state the batch started from: rows the batch made end.
                retiring.append(contentsOf: flatRows())
                try applyState(sections, from: oldFlat, forcedUpdates: Set(batchUpdatedRows.map(\.key)))
            } catch {
                rollBack()
                throw error
            }
        }
        foldUndo.removeAll()
        drainPending()
    }

    /// Sets a fold state, remembering the old one while a batch is open.
    func setExpanded(_ item: any FoldableItem, _ expanded: Bool) {
        if batchDepth > 0 { foldUndo.append((item, item.isExpanded)) }
        item.isExpanded = expanded
        // Children loaded on demand: a first expand shows the loading row, a collapse cancels the load.
        if expanded { item.childLoading?.expanded() } else { item.childLoading?.collapsed() }
    }

    /// A failed batch leaves every fold state as it found it.
    private func undoFolds() {
        for change in foldUndo.reversed() { change.item.isExpanded = change.wasExpanded }
        foldUndo.removeAll()
    }
}
