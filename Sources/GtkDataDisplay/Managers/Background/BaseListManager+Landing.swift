// Background updates of big lists: landing a whole state over several frames (`StateLanding`), so
// that no turn of the main loop holds it much longer than one slice (`StateLanding.sliceBudget`).

import DataDisplayDiff

extension BaseListManager {
    /// Whether a whole state of `flat` (planned against `oldFlat` by `plan`) lands over frames: a big
    /// list (`StateLanding.minimumRows`) of one section of plain rows, before and after, that moves
    /// no row, with no section controller, outside a batch and not shown by a box.
    func landsOverFrames(_ flat: FlatState, plan: SplicePlan, oldFlat: [Row]) -> Bool {
        guard batchDepth == 0, plan.moveCount == 0, max(oldFlat.count, flat.count) >= StateLanding.minimumRows,
              flat.hasOnlyPlainRows, flat.sections.count == 1, flat.sections[0].controller == nil,
              !foldablesInLastState, !RowChangeObservers.observe(self) else { return false }
        return state.isEmpty || (flatIsOneRowList && state[0].controllerBox == nil)
    }

    /// Lands `flat` (one section of plain rows) by `plan`, a slice at a time, the main loop running
    /// between slices. A change made meanwhile (`perform`) finishes the landing first
    /// (`finishLanding`); a newer background update waits for it (`waitForLanding`).
    func land(_ flat: FlatState, plan: SplicePlan, oldFlat: [Row]) async {
        let kept = Self.keptOldRows(plan, oldCount: oldFlat.count)
        let landing = StateLanding(generators: flat.sections[0].rows, plan: plan, oldFlat: oldFlat, kept: kept)
        mutationVersion &+= 1
        intentVersion &+= 1
        shownKeys = nil
        foldablesInLastState = false
        diffIDs.invalidate()
        if state.isEmpty { state = [SectionState(id: newSectionIDs())] }
        self.landing = landing
        while self.landing === landing {
            landSlice(landing, until: StateLanding.sliceDeadline())
            if landing.isDone { break }
            didLandSlice.invoke()
            await MainLoopTurn.afterFrames()
        }
        if self.landing === landing { endLanding(landing) }
    }

    /// Lands what is left of the landing under way at once (a change is about to be made).
    func finishLanding() {
        guard let landing else { return }
        landSlice(landing, until: .max)
        endLanding(landing)
    }

    /// Returns once no state is landing (a newer background update starts from what landed).
    func waitForLanding() async {
        while landing != nil {
            await withCheckedContinuation { landingWaiters.append($0) }
        }
    }

    private func endLanding(_ landing: StateLanding) {
        precondition(landing.isDone, "a landing ended before its rows were placed")
        self.landing = nil
        // Positions the links would give are not written by a landing.
        linkedVersion = mutationVersion
        var plan = landing.plan
        plan.updated = landing.updated
        lastUpdate = UpdateSummary(plan: plan)
        lastUpdate?.landed(splices: landing.splices, churn: landing.churn)
        if !landing.oldFlat.isEmpty && landing.plan.removedRows == landing.oldFlat.count { wholeReplacements &+= 1 }
        let waiters = landingWaiters
        landingWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Runs steps of `landing` until it is done or the clock passes `deadline`.
    private func landSlice(_ landing: StateLanding, until deadline: UInt64) {
        isApplying = true
        store.planWillApply.invoke(with: ())
        while !landing.isDone {
            RowObjectPool.holdRetired()
            landStep(landing)
            // The rows the step removed end now, within the slice's time.
            endRetired()
            RowObjectPool.releaseRetired()
            if deadline != .max, StateLanding.now() >= deadline { break }
        }
        // The manager changed: what was read of it before (a snapshot, its keys) no longer holds.
        mutationVersion &+= 1
        store.planDidApply.invoke(with: ())
        isApplying = false
        diffIDs.invalidate()
    }

    /// Lands the next `rowsPerStep` rows of the old and new lists with one splice (see `StateLanding`).
    private func landStep(_ landing: StateLanding) {
        let oldCount = landing.oldFlat.count, newCount = landing.generators.count
        var old = landing.oldCursor, new = landing.newCursor
        // The changed span: old rows [oldStart, oldEnd) give way to new rows [newStart, newEnd).
        var oldStart = -1, newStart = -1, oldEnd = old, newEnd = new
        var kept: [(new: Int, old: Int)] = []
        var budget = StateLanding.rowsPerStep
        while budget > 0, old < oldCount || new < newCount {
            budget -= 1
            if old < oldCount, !landing.keeps(old) {
                if oldStart < 0 { (oldStart, newStart) = (old, new) }
                old += 1
                (oldEnd, newEnd) = (old, new)
            } else if new < newCount, landing.oldIndex(ofNew: new) == nil {
                if oldStart < 0 { (oldStart, newStart) = (old, new) }
                new += 1
                (oldEnd, newEnd) = (old, new)
            } else {
                // Both lists are at a kept row: no row moves, so it is the same row in both.
                precondition(landing.oldIndex(ofNew: new) == old, "a landing met a moved row")
                kept.append((new, old))
                old += 1
                new += 1
            }
        }
        landing.oldCursor = old
        landing.newCursor = new
        var handedOver: [(row: Row, previous: any RowGenerator)] = []
        var changed: [Row] = []
        for (newIndex, oldIndex) in kept {
            let row = landing.oldFlat[oldIndex]
            let generator = landing.generators[newIndex]
            let instanceChanges = row.generator !== generator
            if instanceChanges { noteLeft(row) }
            if row.adopt(generator, comparing: true, section: 0, index: 0, handedOver: &handedOver) {
                changed.append(row)
                landing.updated.append(newIndex)
            }
            if instanceChanges { noteEntered(row) }
        }
        if oldStart >= 0 {
            // Above `newStart` every row stands where the new state puts it.
            // The span's old rows stand at [newStart, newStart + oldEnd - oldStart); the kept ones stay.
            for oldIndex in oldStart..<oldEnd where !landing.keeps(oldIndex) {
                let row = landing.oldFlat[oldIndex]
                noteLeft(row)
                retiring.append(row)
            }
            var objects = RowObjectBatch(rows: newEnd - newStart > RowObjectBatch.size ? newEnd - newStart : 0)
            var rows: [Row] = []
            rows.reserveCapacity(newEnd - newStart)
            for index in newStart..<newEnd {
                if let oldIndex = landing.oldIndex(ofNew: index) {
                    rows.append(landing.oldFlat[oldIndex])
                } else {
                    let row = Row(generator: landing.generators[index], role: .row, object: objects.next())
                    noteEntered(row)
                    rows.append(row)
                }
            }
            objects.releaseUnused()
            state[0].place(rows, replacing: newStart..<(newStart + oldEnd - oldStart))
            store.splice(at: newStart, removing: oldEnd - oldStart, inserting: rows)
            landing.splices += 1
            landing.churn += oldEnd - oldStart + rows.count
        }
        // `adopt` wrote flat hints; the section's list gives the rows their places in its chunks.
        if let first = kept.first { state[0].noteLocations(from: first.new, to: kept.last!.new + 1) }
        for (row, previous) in handedOver { row.handViewOver(from: previous) }
        for row in changed {
            row.contentChanged()
            row.rebindIfStale()
        }
    }
}
