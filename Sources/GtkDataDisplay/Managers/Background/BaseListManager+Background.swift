import DataDisplayDiff

// Whole-state updates of large lists with the diff computed off the main thread.
//
// Generators belong to the main actor, so their ids are read there and content is compared there;
// only the structural diff (hashing, duplicate ids, longest increasing subsequence, splice plan)
// runs on another thread. Only the latest intent reaches the store: a newer background call that
// passes validation, and any newer operation that changes the manager's content (setState, batch,
// single operations), supersede a background update still in flight. Folding meanwhile does not:
// the update is then diffed again against the rows shown now.

extension BaseListManager {
    /// Replaces everything with `sections` like `setState(_:)`, computing the diff off the main thread.
    /// A big list (32,768 rows or more in one section of plain rows, no row moved) is read and lands
    /// over several frames, a slice of a few milliseconds at a time: a change made meanwhile lands the
    /// rest first, a newer background update waits for it (see "Background updates" in the docs).
    ///
    /// - Returns: `true` when this state reached the store; `false` when a newer update superseded
    ///   it or its task was cancelled before it was applied (nothing of it was applied then). A
    ///   superseded call returns `false` even when its state was invalid: part of the checks (repeated
    ///   diff ids) run in the diff, which a newer update stops, so only `false` is certain then.
    /// - Throws: the same typed errors as `setState(_:)`, unless superseded; then nothing changes,
    ///   and updates already in flight go on as if this call had not been made.
    @discardableResult
    public func setStateInBackground(_ sections: [Section]) async throws(DataDisplayError) -> Bool {
        try await setStateInBackground(sections, deadline: nil)
    }

    /// `setStateInBackground(_:)`, its first slice of main-thread work ending at `deadline` (the
    /// caller's work in the same turn counts in it; nil: a slice from now).
    func setStateInBackground(_ sections: [Section], deadline given: UInt64?) async throws(DataDisplayError) -> Bool {
        // A state still landing over frames is what this one is diffed against.
        let waits = landing != nil
        await waitForLanding()
        // The slice of main-thread time this turn has: a big list's keys are read in slices
        // (`PreparedState.inSlices`), and its landing's first slice ends here too when the diff comes
        // back in the same turn (`land`).
        var deadline = (waits ? nil : given) ?? StateLanding.sliceDeadline()
        var reordered: [ReorderedChildren] = []
        let sections = sortedByRowOrder(try arrange(sections), reordered: &reordered)
        let intent = intentVersion
        var version = mutationVersion
        // Taken before the keys are read: an older call waits for this one's outcome meanwhile.
        let ticket = backgroundUpdates.take()
        defer {
            for action in backgroundUpdates.end() { action() }
        }
        var prepared: PreparedState
        let oldFlat: [Row]
        do throws(DataDisplayError) {
            // A big list's keys are read in slices, frames drawn between them.
            if state.isEmpty || flatIsOneRowList,
               let sliced = await PreparedState.inSlices(sections, shown: state.first?.rows ?? [], deadline: &deadline, isUnchanged: { [version] in
                   self.mutationVersion == version && !self.backgroundUpdates.isSuperseded(ticket)
               }) {
                (prepared, oldFlat) = sliced
            } else if backgroundUpdates.isSuperseded(ticket) {
                backgroundUpdates.resolve(ticket, valid: false)
                return false
            } else {
                // (What changed while the keys were read is what this state is diffed against.)
                version = mutationVersion
                oldFlat = flatRows()
                prepared = try PreparedState(sections, oldFlat: oldFlat)
            }
        } catch {
            // Invalid before the diff leaves: nothing changes, the app's generators included. (An
            // error the diff finds comes after other updates may have shown these generators.)
            backgroundUpdates.resolve(ticket, valid: false)
            Self.restoreChildren(reordered)
            throw error
        }
        let options = splicePlanOptions(oldRows: oldFlat)
        // The keys go with the diff (its thread frees them).
        let diff = Task.detached(priority: .userInitiated) { [keys = prepared.takeKeys()] () -> BackgroundDiff in
            switch keys.cheapest {
            case let .plainInts(old, new): return Self.structuralPlan(old: old, new: new, options: options)
            case let .rowKeys(old, new): return Self.structuralPlan(old: old, new: new, options: options)
            }
        }
        backgroundUpdates.diffStarted(ticket) { diff.cancel() }
        // The caller's cancellation reaches the diff too.
        let outcome = await withTaskCancellationHandler { await diff.value } onCancel: { diff.cancel() }
        backgroundUpdates.diffFinished(ticket)
        let structure: Result<SplicePlan, DataDisplayError>? = switch outcome {
        case .structure(let structure): structure
        case let .repeatedNewID(first, second, error):
            // A generator standing twice repeats its id: the main actor tells the two faults apart.
            .failure(prepared.flat.generators[first] === prepared.flat.generators[second]
                     ? .duplicateGenerator(describe(prepared.flat.generators[second])) : error)
        }

        var plan: SplicePlan
        switch structure {
        case .failure(let error):
            backgroundUpdates.resolve(ticket, valid: false)
            // Superseded (or cancelled), a call returns false whether its diff found the error before
            // it was stopped or not: the answer does not depend on the diff thread's timing.
            while !backgroundUpdates.isSuperseded(ticket), backgroundUpdates.hasUnresolvedNewer(than: ticket) {
                await withCheckedContinuation { backgroundUpdates.wait($0) }
            }
            if Task.isCancelled || backgroundUpdates.isSuperseded(ticket) || intent != intentVersion { return false }
            throw error
        case nil:
            // Superseded or cancelled while diffing: it stopped early and holds nothing now.
            backgroundUpdates.resolve(ticket, valid: false)
            return false
        case .success(let structural):
            plan = structural
        }
        backgroundUpdates.resolve(ticket, valid: !Task.isCancelled)
        // A newer call still validating decides whether this one is the latest intent.
        while !backgroundUpdates.isSuperseded(ticket), backgroundUpdates.hasUnresolvedNewer(than: ticket) {
            await withCheckedContinuation { backgroundUpdates.wait($0) }
        }
        guard !Task.isCancelled, !backgroundUpdates.isSuperseded(ticket), intent == intentVersion else { return false }
        guard version == mutationVersion, !isApplying else {
            // Rows were folded while the diff ran: diff against what is shown now.
            try perform { () throws(DataDisplayError) in
                try self.applyState(sections, from: self.flatRows(), forcedUpdates: [])
            }
            return true
        }
        if landsOverFrames(prepared.flat, plan: plan, oldFlat: oldFlat) {
            // A big list: over several frames, content compared as the kept rows take their generators.
            await land(prepared.flat, plan: plan, oldFlat: oldFlat, deadline: deadline)
            // What is left (events, freeing the update's lists) runs in a turn of its own.
            await MainLoopTurn.afterFrames()
            didApplyChange.invoke()
            ChildLoading.startWaiting(in: self)
            drainPending()
            return true
        }
        plan.updated = Self.changedRows(plan, oldFlat: oldFlat, generators: prepared.flat.generators)
        mutationVersion &+= 1
        intentVersion &+= 1
        RowRecords.holdRetired()
        commit(prepared.flat, plan: plan, oldFlat: oldFlat)
        linkedVersion = mutationVersion &- 1   // the version was counted before the commit here
        if batchDepth == 0 { endRetired() }
        RowRecords.releaseRetired()
        didApplyChange.invoke()
        ChildLoading.startWaiting(in: self)
        drainPending()
        return true
    }

    /// Runs `action` once no `setStateInBackground` call is in flight: now when none is, else right
    /// after the last one returns (for plugins whose own rows must not take the place of the app's
    /// intent: a page that arrives during the app's background update is added to what it shows).
    func afterBackgroundUpdates(_ action: @escaping () -> Void) {
        if backgroundUpdates.inFlight == 0 { action() } else { backgroundUpdates.whenIdle(action) }
    }

    /// What the diff's thread found: the plan (see `structuralPlan`; nil when it was stopped), or
    /// two new rows with the same id (which a generator standing twice has too).
    enum BackgroundDiff: Sendable {
        case structure(Result<SplicePlan, DataDisplayError>?)
        case repeatedNewID(first: Int, second: Int, DataDisplayError)
    }

    /// The plan without content comparison (that needs the main actor), with typed errors; a
    /// `structure` of nil when the task running it was cancelled (it stops within a few thousand rows).
    /// New ids are checked to stand once, so no generator instance stands twice either (its id would
    /// repeat): a big state's instances need no check of their own.
    nonisolated static func structuralPlan<K: FlatKey & CustomStringConvertible>(
        old: [K], new: [K], options: SplicePlanOptions
    ) -> BackgroundDiff {
        // A first fill whose ids come in order: none repeats, nothing to match (as in `applyState`).
        if old.isEmpty && K.strictlyIncreasing(new) { return .structure(.success(insertingEveryRow(new.count))) }
        let plan: SplicePlan
        do throws(DiffError) {
            plan = try ListDiff.plan(old: old, new: new, options: options, checkingCancellation: true,
                                     oldIDsAreUnique: true) { _, _ in true }
        } catch .cancelled {
            return .structure(nil)
        } catch {
            if case let .duplicateID(.new, _, first, second) = error {
                return .repeatedNewID(first: first, second: second, diffIDError(error, old: old, new: new))
            }
            return .structure(.failure(diffIDError(error, old: old, new: new)))
        }
        // From an empty list the diff hashed every new row and reported any repeat (as `applyState` relies on too).
        if plan.insertedRows > 0 && !old.isEmpty, let (first, second) = RepeatFinder.firstRepeat(in: new) {
            return .repeatedNewID(first: first, second: second, repeatedIDError(new, first, second))
        }
        return .structure(.success(plan))
    }
}
