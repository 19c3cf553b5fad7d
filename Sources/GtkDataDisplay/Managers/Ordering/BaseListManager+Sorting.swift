// Keeping the rows in a `RowOrder`: sorting what is shown as one diffed update, and sorting every
// whole state (and every lazily loaded set of children) that comes in afterwards.

extension BaseListManager {
    /// Sorts the rows by `order` as one diffed update (rows move, none is rebuilt or rebound), and
    /// keeps sorting by it: every later whole state (`setState`, `setStateInBackground`, a batch's
    /// `setState`) and the children a foldable row loads come in sorted. nil stops sorting and
    /// leaves the rows where they are. Rows sort within their section and children within their
    /// parent (`FoldableRowGenerator`'s children are set to their new order, collapsed or not);
    /// headers and footers stay. Operations that place a row (`insert`, `move`, `add`) put it where
    /// they say; the next whole state or sort sorts it in.
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

    /// `sections` in the row order (the same array when there is none), children sorted in place.
    func sortedByRowOrder(_ sections: [Section]) -> [Section] {
        guard let order = rowOrder else { return sections }
        return sections.map { section in
            var sorted = section
            sorted.rows = order.sorted(section.rows)
            for generator in sorted.rows { sortChildren(of: generator, by: order) }
            return sorted
        }
    }

    /// The children a foldable row loaded, in the row order.
    func loadedChildrenInRowOrder(_ children: [any RowGenerator]) -> [any RowGenerator] {
        guard let order = rowOrder else { return children }
        for child in children { sortChildren(of: child, by: order) }
        return order.sorted(children)
    }

    /// Sorts the children of `generator` (and theirs) when it is a foldable whose children can be
    /// set: given ones, or loaded ones (never a loading or error row).
    private func sortChildren(of generator: any RowGenerator, by order: RowOrder) {
        guard let foldable = GeneratorTraits.foldable(generator) as? any ReorderableFoldableItem else { return }
        if let loading = foldable.childLoading, loading.state != .loaded { return }
        let children = foldable.children
        guard !children.isEmpty else { return }
        let sorted = order.sorted(children)
        if !sorted.elementsEqual(children, by: ===) { foldable.children = sorted }
        for child in sorted { sortChildren(of: child, by: order) }
    }
}
