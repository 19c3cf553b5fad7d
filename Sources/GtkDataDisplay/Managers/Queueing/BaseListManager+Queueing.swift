// Queueing and reentrancy: an operation started while the store is being updated (from a bind
// callback, an event listener or a GTK callback) is queued and runs right after; events fire once
// the operation has reached the store; rows that left stay alive until the splices are done.

extension BaseListManager {
    /// Runs `op` now, or queues it when the store is being updated (or its events are firing);
    /// drains queued ops and fires events after. Only an `op` that succeeds counts as a change,
    /// and only one `supersedingBackgroundUpdates` as a newer intent (folding is not). Inside a
    /// batch, an `op` that succeeds counts as one of its operations unless it is a batch itself
    /// (`isBatch`: what its body runs counts).
    func perform(supersedingBackgroundUpdates: Bool = true, isBatch: Bool = false,
                 _ op: @escaping () throws(DataDisplayError) -> Void) throws(DataDisplayError) {
        // A state landing over frames lands the rest of its rows first: this change follows it.
        if landing != nil, !isApplying, viewCallbackDepth == 0, !isFiringEvents { finishLanding() }
        if isApplying || viewCallbackDepth > 0 || isFiringEvents {
            enqueue(supersedingBackgroundUpdates: supersedingBackgroundUpdates, isBatch: isBatch, op)
            if !isApplying && !isFiringEvents { scheduleDrain() }
            return
        }
        do {
            // Ended rows' objects stay readable as ended until every operation under way is over.
            RowRecords.holdRetired()
            defer {
                if batchDepth == 0 { endRetired() }
                RowRecords.releaseRetired()
            }
            try op()
        }
        if batchDepth > 0 && !isBatch { batchOperations += 1 }
        mutationVersion &+= 1
        if supersedingBackgroundUpdates { intentVersion &+= 1 }
        if batchDepth == 0 {
            // Background updates started before this change can no longer apply: stop their diffs.
            if supersedingBackgroundUpdates { backgroundUpdates.changeLanded() }
            didApplyChange.invoke()
            ChildLoading.startWaiting(in: self)
            drainPending()
        }
    }

    /// Queues `op` to run through `perform` once the current update is done.
    private func enqueue(supersedingBackgroundUpdates: Bool, isBatch: Bool, _ op: @escaping () throws(DataDisplayError) -> Void) {
        let cause = foldCause   // a view's fold for the user stays the user's when it runs later
        pending.append { [weak self] in
            guard let self else { return }
            let outer = self.foldCause
            self.foldCause = cause
            defer { self.foldCause = outer }
            do throws(DataDisplayError) {
                try self.perform(supersedingBackgroundUpdates: supersedingBackgroundUpdates, isBatch: isBatch, op)
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

    /// Fires an event once the current operation (or the batch in progress) has reached the store.
    func fireAfterChange(_ event: @escaping () -> Void) {
        deferredEvents.append(event)
    }
}
