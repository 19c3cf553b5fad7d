extension FilteredState {
    /// Adds `models` after the app's models, each shown where the sort puts it when the query and
    /// the filters let it through. In a list without sections of its own or the app's, the manager
    /// inserts just the new rows (`insert(_:after:)`: a step costs about what it adds, however many
    /// rows are shown); in a tree or with sections, it is `setModels` with every model. Throws what
    /// those throw (a model's id shown already) and then changes nothing.
    public func append(_ models: [Model]) throws(DataDisplayError) {
        guard !models.isEmpty else { return }
        guard nodes.isFlat, children == nil, grouping == nil, leadingSections == nil else {
            try setModels(self.models + models)
            return
        }
        let first = nodes.count
        let previousRoots = nodes.roots
        let places = nodes.append(models, order: order)
        let folded = keys == nil && textQuery.isEmpty ? nil
            : models.map { TextQuery.fold(text($0), ignoringAccents: ignoringAccents) }
        let active = filters.filter(\.isOn)
        // Whether a model is shown: an old one the query matched (its matches are numbers in
        // ascending order: a binary search), a new one the query matches; then the filters.
        let matched = textMatches
        func isShown(_ number: Int) -> Bool {
            if number >= first {
                if let folded, !textQuery.isEmpty, !textQuery.matches(folded[number - first]) { return false }
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
        rows.append(contentsOf: repeatElement(nil, count: models.count))
        do throws(DataDisplayError) {
            try insertRows(at: places, isShown: isShown)
        } catch {
            nodes.removeAppended(models.count, roots: previousRoots)
            rows.removeLast(models.count)
            throw error
        }
        self.models.append(contentsOf: models)
        if let folded {
            if keys == nil { keys = nodes.models.prefix(first).map { TextQuery.fold(text($0), ignoringAccents: ignoringAccents) } }
            keys!.append(contentsOf: folded)
        }
        recentMatches = []   // their matches lack the new models
        if textMatches != nil {
            for number in first..<nodes.count where textQuery.matches(keys![number]) { textMatches!.append(number) }
            remember(textMatches)
        }
        if let count = matchCount { matchCount = count + (first..<nodes.count).filter(isShown).count }
    }

    /// Inserts the rows of the new roots at `places` that are shown, each after the shown row before
    /// it (a run of new rows in one call), with their ids checked together first, so that none is
    /// inserted when one is refused.
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
        _ = try manager.validateNew(made.flatMap { $0 })
        for (run, generators) in zip(runs, made) {
            if let anchor = run.anchor {
                try manager.insert(generators, after: rows[anchor]!)
            } else if let firstShown = manager.sections.last?.rows.first {
                try manager.insert(generators, before: firstShown)
            } else {
                try manager.add(generators)
            }
        }
    }
}
