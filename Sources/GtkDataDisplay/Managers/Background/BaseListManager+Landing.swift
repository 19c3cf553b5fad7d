// Background updates of big lists: landing a whole state over several frames (`StateLanding`), so
// that no turn of the main loop holds it much longer than one slice (`StateLanding.sizes.sliceBudget`).

import DataDisplayDiff

extension BaseListManager {
    /// Whether a whole state of `flat` (planned against `oldFlat` by `plan`) lands over frames: a big
    /// list (`StateLanding.sizes.minimumRows`) of one section of plain rows, before and after, that moves
    /// no row, with no section controller, outside a batch and not shown by a box.
    func landsOverFrames(_ flat: FlatState, plan: SplicePlan, oldFlat: [Row]) -> Bool {
        guard batchDepth == 0, plan.moveCount == 0, max(oldFlat.count, flat.count) >= StateLanding.sizes.minimumRows,
              flat.hasOnlyPlainRows, flat.sections.count == 1, flat.sections[0].controller == nil,
              !foldablesInLastState, !RowChangeObservers.observe(self) else { return false }
        return state.isEmpty || (flatIsOneRowList && state[0].controllerBox == nil)
    }

    /// Lands `flat` (one section of plain rows) by `plan`, a slice at a time, the main loop running
    /// between slices. A change made meanwhile (`perform`) finishes the landing first
    /// (`finishLanding`); a newer background update waits for it (`waitForLanding`).
    ///
    /// The first slice ends at `deadline`, set when the update began its main-thread work: a diff
    /// that comes back in the same turn of the main loop does not give that turn a second slice.
    /// With less than half a slice left, the first slice waits for a turn of its own (with a zero
    /// budget, one step a slice, it never waits).
    func land(_ flat: FlatState, plan: SplicePlan, oldFlat: [Row], deadline first: UInt64) async {
        let kept = Self.keptOldRows(plan, oldCount: oldFlat.count)
        let landing = StateLanding(generators: flat.sections[0].rows, plan: plan, oldFlat: oldFlat, kept: kept)
        landing.showsTop = !oldFlat.isEmpty && oldFlat[0].isBound
        mutationVersion &+= 1
        intentVersion &+= 1
        shownKeys = nil
        foldablesInLastState = false
        diffIDs.invalidate()
        if state.isEmpty { state = [SectionState(id: newSectionIDs())] }
        self.landing = landing
        var deadline = first
        let budget = StateLanding.sizes.sliceBudget
        if budget > 0, StateLanding.now() &+ budget / 2 > deadline {
            // (A change made meanwhile finishes the landing, as between slices.)
            await MainLoopTurn.afterFrames()
            deadline = StateLanding.sliceDeadline()
        }
        while self.landing === landing {
            let nearView = landSlice(landing, until: deadline)
            if landing.isDone { break }
            didLandSlice.invoke()
            // Rows a view realises are painted before the next slice: the frame comes at once, and lays
            // out the widgets of those rows alone.
            if nearView, let view = store.shownViews.values.lazy.compactMap({ $0() }).first {
                await MainLoopTurn.afterNextPaint(of: view)
            } else {
                await MainLoopTurn.afterFrames()
            }
            deadline = StateLanding.sliceDeadline()
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
        rebindStaleShown(landing, all: true)
        self.landing = nil
        // Positions the links would give are not written by a landing.
        linkedVersion = mutationVersion
        var plan = landing.plan
        plan.updated = landing.updated
        lastUpdate = UpdateSummary(plan: plan, oldCount: landing.oldFlat.count)
        lastUpdate?.landed(splices: landing.splices, churn: landing.churn)
        if !landing.oldFlat.isEmpty && landing.plan.removedRows == landing.oldFlat.count { wholeReplacements &+= 1 }
        let waiters = landingWaiters
        landingWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Whether the next step of `landing` lands where a view realises rows: a first fill's first
    /// steps, and the next steps of a fill of an empty list while the last row landed has a list item
    /// (see `StateLanding.Sizes.realisedRows`). (Where old rows stand, the rows a view shows at the top
    /// take the first new rows in place, `showsTop`, and the steps below them bring no row into GTK's
    /// range; small steps there would make GTK realise, a few at a time, the old rows that removals
    /// move up into its range, which the next steps remove again.)
    private func landsNearView(_ landing: StateLanding) -> Bool {
        if landing.fillsFirstScreen { return true }
        return landing.oldFlat.isEmpty && store.row(at: landing.newCursor - 1)?.isBound == true
    }

    /// Runs steps of `landing` until it is done or the clock passes `deadline`; a step that lands
    /// where a view realises rows (`landsNearView`) is small and ends the slice. Returns whether the
    /// slice ended with such a step (its frame is to be painted before the next slice).
    @discardableResult
    private func landSlice(_ landing: StateLanding, until deadline: UInt64) -> Bool {
        // Rows shown in place and not rebound yet: the next of them are a slice of their own.
        if !landing.staleShown.isEmpty {
            rebindStaleShown(landing, all: deadline == .max)
            if deadline != .max { return true }
        }
        isApplying = true
        store.planWillApply.invoke(with: ())
        // A step is not begun when the longest one so far would end past the deadline.
        var longestStep: UInt64 = 0
        var endedNearView = false
        while !landing.isDone {
            let start = StateLanding.now()
            // A step where a view realises rows is a slice of its own: the frame that shows it comes at once.
            let nearView = deadline != .max && landsNearView(landing)
            RowRecords.holdRetired()
            if landing.showsTop {
                landing.showsTop = false
                showInPlace(landing)
            } else {
                let rows = !nearView ? StateLanding.sizes.rowsPerStep
                    : landing.fillsFirstScreen ? StateLanding.sizes.firstFillRows : StateLanding.sizes.realisedRows
                landStep(landing, rows: rows)
            }
            // The rows the step removed end now, within the slice's time.
            endRetired()
            RowRecords.releaseRetired()
            guard deadline != .max else { continue }
            if nearView {
                endedNearView = true
                break
            }
            let end = StateLanding.now()
            longestStep = max(longestStep, end &- start)
            if end &+ longestStep >= deadline { break }
        }
        // The manager changed: what was read of it before (a snapshot, its keys) no longer holds.
        mutationVersion &+= 1
        store.planDidApply.invoke(with: ())
        isApplying = false
        diffIDs.invalidate()
        return endedNearView
    }

    /// Lands the next `rows` rows of the old and new lists with one splice (see `StateLanding`).
    private func landStep(_ landing: StateLanding, rows budgetRows: Int) {
        let oldCount = landing.oldFlat.count, newCount = landing.generators.count
        var old = landing.oldCursor, new = landing.newCursor
        // The changed span: old rows [oldStart, oldEnd) give way to new rows [newStart, newEnd).
        var oldStart = -1, newStart = -1, oldEnd = old, newEnd = new
        var kept: [(new: Int, old: Int)] = []
        var budget = budgetRows
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
            // Above `newStart` every row stands where the new state puts it. The span's old rows
            // (but displaced ones, gone already) stand from `newStart` on; the kept ones stay.
            let displaced = landing.displacedCount(in: oldStart..<oldEnd)
            for oldIndex in oldStart..<oldEnd where !landing.keeps(oldIndex) {
                if displaced > 0, landing.displaced.contains(oldIndex) { continue }
                let row = landing.oldFlat[oldIndex]
                noteLeft(row)
                retiring.append(row)
            }
            var records = RowRecordBatch(rows: newEnd - newStart > RowRecordBatch.size ? newEnd - newStart : 0)
            var rows: [Row] = []
            rows.reserveCapacity(newEnd - newStart)
            for index in newStart..<newEnd {
                if let oldIndex = landing.oldIndex(ofNew: index) {
                    rows.append(landing.oldFlat[oldIndex])
                } else {
                    let row = Row(generator: landing.generators[index], role: .row, record: records.next())
                    noteEntered(row)
                    rows.append(row)
                }
            }
            records.releaseUnused()
            let removing = oldEnd - oldStart - displaced
            state[0].place(rows, replacing: newStart..<(newStart + removing))
            store.splice(at: newStart, removing: removing, inserting: rows)
            landing.splices += 1
            landing.churn += removing + rows.count
        }
        // `adopt` wrote flat hints; the section's list gives the rows their places in its chunks.
        if let first = kept.first { state[0].noteLocations(from: first.new, to: kept.last!.new + 1) }
        for (row, previous) in handedOver { row.handViewOver(from: previous) }
        for row in changed {
            row.contentChanged()
            row.rebindIfStale()
        }
    }

    /// The first step when a view shows the top (`showsTop`): the new state's first rows take the
    /// row objects of the rows shown there, in place, rebound, as far as no view holds a row that
    /// would change (a selection, the focus). GTK keeps those list items, where the steps would
    /// remove the rows it shows and make list items for rows that the next steps remove again. The
    /// old rows whose generators moved up leave the store now (`displaced`).
    private func showInPlace(_ landing: StateLanding) {
        let oldFlat = landing.oldFlat
        let old = landing.oldCursor, new = landing.newCursor
        // Old row `index` (not landed) stands at `new + index - old` (nothing displaced yet).
        let limit = min(oldFlat.count - old, landing.generators.count - new)
        var count = 0
        while count < limit, oldFlat[old + count].isBound {
            let from = landing.oldIndexOfNew[new + count]
            if from != old + count {
                // The row shown here takes another generator, and the row that showed it leaves.
                if store.isPinned(new + count) || oldFlat[old + count].cell?.holdsFocus == true { break }
                if from > old + count, store.isPinned(new + from - old) || oldFlat[from].cell?.holdsFocus == true { break }
            }
            count += 1
        }
        guard count > 0 else { return }
        landing.oldRowsTaken = old + count
        landing.oldCursor = old + count
        landing.newCursor = new + count
        var displaced: [Int] = []
        for offset in 0..<count where landing.oldIndexOfNew[new + offset] != old + offset {
            noteLeft(oldFlat[old + offset])
            let from = landing.oldIndexOfNew[new + offset]
            if from >= old + count {
                noteLeft(oldFlat[from])
                displaced.append(from)
            }
        }
        var handedOver: [(row: Row, previous: any RowGenerator)] = []
        var changed: [Row] = []
        for offset in 0..<count {
            let row = oldFlat[old + offset], generator = landing.generators[new + offset]
            if landing.oldIndexOfNew[new + offset] == old + offset {
                // Kept in its place: compared, as in a step.
                let instanceChanges = row.generator !== generator
                if instanceChanges { noteLeft(row) }
                if row.adopt(generator, comparing: true, section: 0, index: 0, handedOver: &handedOver) {
                    changed.append(row)
                    landing.updated.append(new + offset)
                }
                if instanceChanges { noteEntered(row) }
            } else {
                row.take(generator)
                noteEntered(row)
                changed.append(row)
            }
        }
        state[0].noteLocations(from: new, to: new + count)
        // Displaced rows leave, a run of neighbours with one splice (from the bottom up: the
        // positions above stay).
        landing.displaced = Set(displaced)
        var end = displaced.count
        while end > 0 {
            var start = end - 1
            while start > 0, displaced[start - 1] == displaced[start] - 1 { start -= 1 }
            let range = (new + displaced[start] - old)..<(new + displaced[end - 1] - old + 1)
            for index in displaced[start]...displaced[end - 1] { retiring.append(oldFlat[index]) }
            state[0].place([], replacing: range)
            store.splice(at: range.lowerBound, removing: range.count, inserting: [])
            landing.splices += 1
            landing.churn += range.count
            end = start
        }
        for (row, previous) in handedOver { row.handViewOver(from: previous) }
        for row in changed { row.contentChanged() }
        // The first rows are rebound now; the rest (below the view, mostly) in the next slices.
        let now = min(changed.count, StateLanding.sizes.shownInPlaceRows)
        for row in changed[..<now] { row.rebindIfStale() }
        landing.staleShown = Array(changed[now...])
    }

    /// Rebinds the next rows of `landing.staleShown` (`StateLanding.Sizes.shownInPlaceRows` of them;
    /// all of them when `all`). They stand above the landing's place, which no step passes again.
    private func rebindStaleShown(_ landing: StateLanding, all: Bool) {
        let count = all ? landing.staleShown.count : min(landing.staleShown.count, StateLanding.sizes.shownInPlaceRows)
        for row in landing.staleShown[..<count] { row.rebindIfStale() }
        landing.staleShown.removeFirst(count)
    }
}
