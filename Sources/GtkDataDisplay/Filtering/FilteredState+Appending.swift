extension FilteredState {
    /// Adds `models` after the app's models, each shown where the sort puts it when the query and
    /// the filters let it through. In a list without sections of its own or the app's, the manager
    /// inserts just the new rows, in one operation (a step costs what it adds, and with a sort the
    /// search for their places): each run of them after the row before it, in one `items-changed` over
    /// them all (a view keeps the list items of the rows between and binds only the new rows). In a
    /// tree, with sections, inside `inBackground(_:)` or while a background update is under way, it is
    /// `setModels` with every model. Throws what those throw (a model's id shown already) and then
    /// changes nothing.
    public func append(_ models: [Model]) throws(DataDisplayError) {
        guard !models.isEmpty else { return }
        settleMatch()
        // (While a state lands in the background, the manager does not show the rows the new ones go after.)
        guard nodes.isFlat, children == nil, grouping == nil, leadingSections == nil, captured == nil, preparing == 0,
              manager.backgroundUpdates.inFlight == 0, manager.landing == nil else {
            try setModels(self.models + models)
            return
        }
        latestIntent &+= 1
        let first = nodes.count
        let previousRoots = nodes.roots
        let places = nodes.append(models, order: order)
        let folded = keys == nil && textQuery.isEmpty ? nil : foldedTexts(of: models)
        let active = filters.filter(\.isOn)
        // Whether a model is shown: an old one the query matched (its matches are numbers in
        // ascending order: a binary search), a new one the query matches; then the filters.
        let matched = textMatches
        func isShown(_ number: Int) -> Bool {
            if number >= first {
                if let folded, !textQuery.isEmpty, !folded.matches(number - first, textQuery) { return false }
            } else if let matched {
                var low = 0, high = matched.count
                while low < high {
                    let mid = (low + high) / 2
                    if matched[mid] < number { low = mid + 1 } else { high = mid }
                }
                if low == matched.count || matched[low] != number { return false }
            }
            let model = nodes.models[number]
            return active.allSatisfy { $0.isIncluded(model) }
        }
        rows.appendEmpty(models.count)
        do throws(DataDisplayError) {
            try insertRows(at: places, isShown: isShown)
        } catch {
            nodes.removeAppended(models.count, roots: previousRoots)
            rows.removeLast(models.count)
            throw error
        }
        self.models.append(contentsOf: models)
        if let folded {
            if keys == nil { keys = foldedTexts(of: nodes.models.prefix(first)) }
            keys!.append(folded)
        }
        recentMatches = []   // their matches lack the new models
        if textMatches != nil {
            for number in first..<nodes.count where keys!.matches(number, textQuery) { textMatches!.append(number) }
            remember(textMatches)
        }
        if let count = matchCount { matchCount = count + (first..<nodes.count).filter(isShown).count }
    }

    /// Inserts the rows of the new roots at `places` that are shown, each after the shown row before
    /// it (`BaseListManager.insert(runs:)`: a run of new rows for each), with their ids checked
    /// together first, so that none is inserted when one is refused.
    private func insertRows(at places: [Int], isShown: (Int) -> Bool) throws(DataDisplayError) {
        let roots = nodes.roots
        var runs: [(anchor: Int?, numbers: [Int])] = []
        for place in places {
            let number = roots[place]
            guard isShown(number) else { continue }
            // The shown row before it: an old one, or a new one this call inserts.
            var anchor: Int?
            var back = place - 1
            while back >= 0, !isShown(roots[back]) { back -= 1 }
            if back >= 0 { anchor = roots[back] }
            if let last = runs.last, anchor == last.numbers.last {
                runs[runs.count - 1].numbers.append(number)
            } else {
                runs.append((anchor, [number]))
            }
        }
        guard !runs.isEmpty else { return }
        func leaf(_ number: Int) -> any RowGenerator {
            if let made = rows[number] { return made }
            let made = row(nodes.models[number])
            rows[number] = made
            return made
        }
        let made = runs.map { $0.numbers.map(leaf) }
        if runs[0].anchor == nil, manager.state.isEmpty {
            // No section yet: the rows open the list, in a section made for them.
            try manager.add(made.flatMap { $0 })
            return
        }
        // One operation: every run checked, then spliced after its anchor.
        try manager.insert(runs: zip(runs, made).map { run, generators in
            BaseListManager.InsertionRun(anchor: run.anchor.map { rows[$0]! }, generators: generators)
        })
    }
}
