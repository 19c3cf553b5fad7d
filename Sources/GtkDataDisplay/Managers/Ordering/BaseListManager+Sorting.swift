// Keeping the rows in a `RowOrder`: sorting what is shown as one diffed update, and sorting every
// whole state (and every lazily loaded set of children) that comes in afterwards.

extension BaseListManager {
    /// Sorts the rows by `order` as one diffed update (rows move, none is rebuilt or rebound), and
    /// keeps sorting by it: every later whole state (`setState`, `setStateInBackground`, a batch's
    /// `setState`) and the children a foldable row loads come in sorted. nil stops sorting and
    /// leaves the rows where they are. Rows sort within their section and children within their
    /// parent (`FoldableRowGenerator`'s children are set to their new order, collapsed or not);
    /// headers and footers stay. Operations that place a row (`insert`, `move`, `add`) put it where
    /// they say; the next whole state or sort sorts it in. A whole state that throws leaves its
    /// foldables' children as it gave them (with `setStateInBackground`, an error its diff finds
    /// comes after other updates may have shown them, so they stay sorted then).
    ///
    /// On a `GravityListManager`, the order wins over heaviness while it is set.
    /// - Throws: what `setState` throws for the rows shown (nothing: they stand already); the
    ///   previous order stays then.
    public func sort(by order: RowOrder?) throws(DataDisplayError) {
        let previous = rowOrder
        rowOrder = order
        guard order != nil else { return }
        do {
            try setState(sections)
        } catch {
            rowOrder = previous
            throw error
        }
    }

    /// `sections` in the row order (the same array when there is none), children sorted in place;
    /// `reordered` gets each foldable whose children this set anew, with the children it had (for
    /// `restoreChildren` when the state turns out invalid).
    func sortedByRowOrder(_ sections: [Section], reordered: inout [ReorderedChildren]) -> [Section] {
        guard let order = rowOrder else { return sections }
        return sections.map { section in
            var sorted = section
            sorted.rows = order.sorted(section.rows)
            for generator in sorted.rows { sortChildren(of: generator, by: order, reordered: &reordered) }
            return sorted
        }
    }

    /// Gives the foldables `sortedByRowOrder` reordered their children back, last first: a whole
    /// state that throws changes nothing, the app's generators included.
    static func restoreChildren(_ reordered: [ReorderedChildren]) {
        for entry in reordered.reversed() { entry.foldable.children = entry.children }
    }

    /// The children a foldable row loaded, in the row order.
    func loadedChildrenInRowOrder(_ children: [any RowGenerator]) -> [any RowGenerator] {
        guard let order = rowOrder else { return children }
        var reordered: [ReorderedChildren] = []
        for child in children { sortChildren(of: child, by: order, reordered: &reordered) }
        return order.sorted(children)
    }

    /// Sorts the children of `generator` (and theirs) when it is a foldable whose children can be
    /// set: given ones, or loaded ones (never a loading or error row).
    private func sortChildren(of generator: any RowGenerator, by order: RowOrder, reordered: inout [ReorderedChildren]) {
        guard let foldable = GeneratorTraits.foldable(generator) as? any ReorderableFoldableItem else { return }
        if let loading = foldable.childLoading, loading.state != .loaded { return }
        let children = foldable.children
        guard !children.isEmpty else { return }
        let sorted = order.sorted(children)
        if !sorted.elementsEqual(children, by: ===) {
            reordered.append(ReorderedChildren(foldable: foldable, children: children))
            foldable.children = sorted
        }
        for child in sorted { sortChildren(of: child, by: order, reordered: &reordered) }
    }
}

/// A foldable whose children a sorted whole state set anew, and the children it had.
struct ReorderedChildren {
    let foldable: any ReorderableFoldableItem
    let children: [any RowGenerator]
}
