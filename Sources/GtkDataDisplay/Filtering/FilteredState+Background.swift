// A search screen over a big list whose keystrokes never hold the main loop: the changes of a
// `FilteredState` handed to the manager with `setStateInBackground`.

extension FilteredState {
    /// Makes `change` — any of this object's changes (`setQuery`, `sort`, `setModels`, filters,
    /// grouping, `refresh`), or several — and hands the result to the manager with
    /// `setStateInBackground`: a big result is diffed off the main thread and lands over several
    /// frames (the first rows first), where the same change made directly would hold the main loop
    /// until the whole list is updated.
    ///
    /// ```swift
    /// search.onSearchChanged { text in
    ///     Task { try await words.inBackground { try $0.setQuery(text) } }
    /// }
    /// ```
    ///
    /// This object's own state (`query`, `filters`, `matchCount`, the sort) changes at once, before
    /// the call awaits, but for a search that ends the change and looks at 32,768 models or more: it
    /// is matched on another thread, and `matchCount` counts it then (`query` is the new one at
    /// once; any change made meanwhile matches it first, on the main thread). The manager shows the
    /// result once the update has landed. The latest intent wins, as with `setStateInBackground`: a
    /// newer change, in the background or not, supersedes this one, which then returns `false`.
    /// Inside `change`, `append` is `setModels` with every model.
    ///
    /// - Returns: `true` when the result reached the manager, `false` when a newer update
    ///   superseded it (or its task was cancelled first).
    /// - Throws: what `change` throws (this object's changes throw `DataDisplayError`s), or what
    ///   `setStateInBackground` throws; then this object is as it was before the call, unless
    ///   another change was made meanwhile (that one stands).
    @discardableResult
    public func inBackground(_ change: (FilteredState) throws -> Void) async throws -> Bool {
        // Inside another call's `change`: part of that one.
        guard captured == nil else {
            try change(self)
            return true
        }
        latestIntent &+= 1
        let intent = latestIntent
        preparing += 1
        defer { preparing -= 1 }
        // The main thread's work is done in slices (`StateLanding`'s), the frames drawn between them;
        // the change itself counts in its slice.
        var deadline = StateLanding.sliceDeadline()
        let isCurrent = { self.latestIntent == intent }
        // A first search folds every model's text: over frames, before the change, in a big list.
        if keys == nil, nodes.count >= StateLanding.sizes.minimumRows {
            guard let folded = await foldedTextsInSlices(deadline: &deadline, while: isCurrent) else { return false }
            keys = folded
        }
        let before = Saved(self)
        captured = .unchanged
        do {
            try change(self)
        } catch {
            captured = nil
            before.restore(into: self)
            throw error
        }
        var made = captured!
        captured = nil
        var count = changeCount
        if pendingMatch?.intent == intent {
            // The change ended with a search over many texts: matched off the main thread.
            let pending = pendingMatch!
            let matches = await Task.detached(priority: .userInitiated) {
                PendingMatch.willMatch?()
                return pending.matches()
            }.value
            // (A change made meanwhile matched it itself, and showed it.)
            if pendingMatch?.intent == intent { settleMatch(matches: matches) }
            guard isCurrent() else { return false }
            captured = .unchanged
            // Inside a change, `show` leaves the state for this call and throws nothing.
            try? show(nodes: nodes, rows: &rows, matches: textMatches)
            made = captured!
            captured = nil
            count = changeCount
        }
        var sections: [Section]
        switch made {
        case .unchanged:
            return true
        case .sections(let made):
            sections = made
        case let .rows(roots, nodes):
            // The rows not made yet are made over frames (the app's `row` runs on the main actor).
            guard let top = await rowsInSlices(roots, deadline: &deadline, while: isCurrent) else { return false }
            sections = self.sections(top, of: roots, in: nodes)
        }
        // A big update's first slice starts with a slice's time of its own.
        let rows = max(manager.store.count, sections.reduce(0) { $0 + $1.rows.count })
        if rows >= StateLanding.sizes.minimumRows, StateLanding.now() &+ StateLanding.sizes.sliceBudget / 2 > deadline {
            await MainLoopTurn.afterFrames()
            guard isCurrent() else { return false }
            deadline = StateLanding.sliceDeadline()
        }
        do {
            // The update's first slice is what is left of this one.
            let landed = try await manager.setStateInBackground(sections, deadline: deadline)
            // The manager is done with the rows' list: this is the last hold on it, let go over frames.
            for index in sections.indices { SlicedRelease.release(&sections[index].rows) }
            return landed
        } catch {
            if changeCount == count { before.restore(into: self) }
            throw error
        }
    }

    /// Puts the search a change inside `inBackground` left to match off the main thread
    /// (`pendingMatch`) into this object's state: its query, its `matches` (matched here when not
    /// given) and the texts compared. Does not show it: the caller does. Returns whether there was one.
    @discardableResult
    func settleMatch(matches given: [Int]? = nil) -> Bool {
        guard let pending = pendingMatch else { return false }
        pendingMatch = nil
        let matches = given ?? pending.matches()
        textQuery = pending.query
        keys = pending.keys
        comparedTexts = pending.comparedTexts
        textMatches = matches
        remember(matches)
        return true
    }

    /// What a change inside `inBackground` made, for it to hand to the manager.
    enum BackgroundState {
        /// Nothing to show anew.
        case unchanged
        /// The sections to show.
        case sections([Section])
        /// A big flat list: the nodes shown (`roots`, of `nodes`), their rows not all made yet.
        case rows([Int], nodes: ModelNodes<Model>)
    }

    /// Every node's folded text, folded a slice of main-thread time at a time (the first ends at
    /// `deadline`, the last's end is left there), the frames drawn between slices; nil once
    /// `isCurrent` turns false.
    private func foldedTextsInSlices(deadline: inout UInt64, while isCurrent: () -> Bool) async -> FoldedTexts? {
        var folded = FoldedTexts([], ignoringAccents: ignoringAccents)
        let models = nodes.models
        for (index, model) in models.enumerated() {
            folded.append(text(model))
            if index & 255 == 255, StateLanding.now() >= deadline {
                await MainLoopTurn.afterFrames()
                guard isCurrent(), nodes.count == models.count else { return nil }
                deadline = StateLanding.sliceDeadline()
            }
        }
        return folded
    }

    /// The rows of the nodes `roots`, those not made yet made by the app's `row` (and kept), a slice
    /// of main-thread time at a time (as `foldedTextsInSlices`), the frames drawn between slices; nil
    /// once `isCurrent` turns false.
    private func rowsInSlices(_ roots: [Int], deadline: inout UInt64, while isCurrent: () -> Bool) async -> [any RowGenerator]? {
        var top: [any RowGenerator] = []
        top.reserveCapacity(roots.count)
        for (position, index) in roots.enumerated() {
            if let made = rows[index] {
                top.append(made)
            } else {
                let made = row(nodes.models[index])
                rows[index] = made
                top.append(made)
            }
            if position & 255 == 255, StateLanding.now() >= deadline {
                await MainLoopTurn.afterFrames()
                // A newer change may have replaced the nodes and rows: this call's are gone.
                guard isCurrent() else { return nil }
                deadline = StateLanding.sliceDeadline()
            }
        }
        return top
    }

    /// What a change may alter, put back when its update is refused.
    @MainActor
    private struct Saved {
        let models: [Model], textQuery: TextQuery, filters: [ModelFilter<Model>]
        let order: ModelOrder<Model>?
        let grouping: ((Model) -> AnyHashable, (AnyHashable, Int) -> any RowGenerator)?
        let nodes: ModelNodes<Model>, keys: FoldedTexts?, textMatches: [Int]?
        let recentMatches: [(query: [UInt8], matches: [Int])]
        let rows: GeneratorSlots, expandedFolders: [Int: Bool], folderNumbers: [ObjectIdentifier: Int]
        let matchCount: Int?, comparedTexts: Int
        let pendingMatch: PendingMatch?

        init(_ state: FilteredState) {
            models = state.models
            textQuery = state.textQuery
            filters = state.filters
            order = state.order
            grouping = state.grouping
            nodes = state.nodes
            keys = state.keys
            textMatches = state.textMatches
            recentMatches = state.recentMatches
            rows = state.rows
            expandedFolders = state.expandedFolders
            folderNumbers = state.folderNumbers
            matchCount = state.matchCount
            comparedTexts = state.comparedTexts
            pendingMatch = state.pendingMatch
        }

        func restore(into state: FilteredState) {
            state.models = models
            state.textQuery = textQuery
            state.filters = filters
            state.order = order
            state.grouping = grouping
            state.nodes = nodes
            state.keys = keys
            state.textMatches = textMatches
            state.recentMatches = recentMatches
            state.rows = rows
            state.expandedFolders = expandedFolders
            state.folderNumbers = folderNumbers
            state.matchCount = matchCount
            state.comparedTexts = comparedTexts
            state.pendingMatch = pendingMatch
        }
    }
}
