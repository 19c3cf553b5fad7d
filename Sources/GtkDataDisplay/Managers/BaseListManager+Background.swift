import DataDisplayDiff

// Whole-state updates of large lists with the diff computed off the main thread.
//
// Generators belong to the main actor, so their ids are read there and content is compared there;
// only the structural diff (hashing, longest increasing subsequence, splice plan) runs on another
// thread. A newer call supersedes an older one still in flight: only the latest state is applied.

extension BaseListManager {
    /// Replaces everything with `sections` like `setState(_:)`, computing the diff off the main thread.
    ///
    /// - Returns: `true` when this state reached the store; `false` when a newer call superseded it
    ///   before it was applied (nothing of it was applied then).
    /// - Throws: the same typed errors as `setState(_:)`, and nothing changes.
    @discardableResult
    public func setStateInBackground(_ sections: [Section]) async throws(DataDisplayError) -> Bool {
        backgroundGeneration &+= 1
        let generation = backgroundGeneration
        let version = mutationVersion
        let oldFlat = flatRows()
        let prepared = try PreparedState(sections, oldFlat: oldFlat)
        let oldKeys = prepared.oldKeys, newKeys = prepared.newKeys
        let structure: Result<SplicePlan, DataDisplayError> = await Task.detached(priority: .userInitiated) {
            Self.structuralPlan(old: oldKeys, new: newKeys)
        }.value

        guard generation == backgroundGeneration else { return false }
        guard version == mutationVersion, !isApplying else {
            // The manager changed while the diff ran: diff against what it shows now.
            try setState(sections)
            return true
        }
        var plan = try structure.get()
        plan.updated = changedContent(plan, prepared: prepared, oldFlat: oldFlat)
        mutationVersion &+= 1
        commit(prepared, plan: plan, oldFlat: oldFlat)
        drainPending()
        return true
    }

    /// The plan without content comparison (that needs the main actor), with typed errors.
    nonisolated static func structuralPlan(old: [RowKey], new: [RowKey]) -> Result<SplicePlan, DataDisplayError> {
        do throws(DataDisplayError) {
            let plan = try Self.plan(old: old, new: new) { _, _ in true }
            if plan.insertedRows > 0 { try checkUniqueIDs(new) }
            return .success(plan)
        } catch {
            return .failure(error)
        }
    }

    /// New indices of matched rows whose content changed, ascending.
    private func changedContent(_ plan: SplicePlan, prepared: PreparedState, oldFlat: [Row]) -> [Int] {
        var updated: [Int] = []
        for (newIndex, oldIndex) in plan.oldIndexOfNew.enumerated() where oldIndex >= 0 {
            let old = oldFlat[oldIndex].generator, new = prepared.entries[newIndex].generator
            if old !== new && !old.isContentEqual(to: new) { updated.append(newIndex) }
        }
        return updated
    }
}
