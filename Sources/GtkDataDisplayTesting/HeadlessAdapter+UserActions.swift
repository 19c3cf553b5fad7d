import CGtkDataDisplay
@_spi(Testing) import GtkDataDisplay

// What users do to a list or grid, done headless through the code paths the view uses: GTK's
// selection model for clicks and Ctrl+A, the adapter's activation and folding code for Enter,
// double clicks, the expander and the folding keys. Each one then lets the main loop run what is
// pending (`MainContext.drain()`), as it runs after a user's input: changes that event listeners
// made from inside the view callback are queued by the manager and land then.

extension HeadlessAdapter {
    // MARK: Selecting from code (the adapter's API)

    /// `adapter.select(_:)`: selects the row (single mode: instead of the selected one).
    public func select(_ generator: any RowGenerator) { core.select([generator]); MainContext.drain() }
    /// `adapter.select(_:)`: selects these rows in one change.
    public func select(_ generators: [any RowGenerator]) { core.select(generators); MainContext.drain() }
    /// `adapter.deselect(_:)`.
    public func deselect(_ generator: any RowGenerator) { core.deselect([generator]); MainContext.drain() }
    /// `adapter.deselect(_:)`: these rows, in one change.
    public func deselect(_ generators: [any RowGenerator]) { core.deselect(generators); MainContext.drain() }
    /// `adapter.selectAll()`: every selectable row (multiple mode), one change.
    public func selectAll() { core.selectAll(); MainContext.drain() }
    /// `adapter.unselectAll()`.
    public func unselectAll() { core.unselectAll(); MainContext.drain() }

    // MARK: Selecting as a user does (GTK's selection model)

    /// What a click on the row does to GTK's selection model (`list.select-item` without
    /// modifiers: select it, unselect the rest). Returns false when the row is not shown.
    @discardableResult
    public func click(_ generator: any RowGenerator) -> Bool {
        guard let position = manager.position(of: generator) else { return false }
        gtk_selection_model_select_item(selectionModel.pointer, guint(position), 1)
        MainContext.drain()
        return true
    }

    /// What Ctrl+click does to GTK's selection model: toggles the row, keeping the others.
    @discardableResult
    public func controlClick(_ generator: any RowGenerator) -> Bool {
        guard let position = manager.position(of: generator) else { return false }
        if gtk_selection_model_is_selected(selectionModel.pointer, guint(position)) != 0 {
            gtk_selection_model_unselect_item(selectionModel.pointer, guint(position))
        } else {
            gtk_selection_model_select_item(selectionModel.pointer, guint(position), 0)
        }
        MainContext.drain()
        return true
    }

    /// What Ctrl+A does (GTK's `list.select-all`): the model selects every item, headers and
    /// footers included, and the adapter takes those out again.
    public func pressSelectAll() {
        gtk_selection_model_select_all(selectionModel.pointer)
        MainContext.drain()
    }

    // MARK: Reading GTK's selection model

    /// The positions GTK's selection model holds selected (its bitset), in order.
    public var modelSelectedPositions: [Int] {
        guard let bitset = gtk_selection_model_get_selection(selectionModel.pointer) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        var positions: [Int] = []
        var iterator = GtkBitsetIter()
        var value: guint = 0
        var more = gtk_bitset_iter_init_first(&iterator, bitset, &value) != 0
        while more {
            positions.append(Int(value))
            more = gtk_bitset_iter_next(&iterator, &value) != 0
        }
        return positions
    }

    /// The diff ids of the rows GTK's selection model holds selected, in list order.
    public var modelSelectedIDs: [AnyHashable] {
        modelSelectedPositions.compactMap { manager.store.generator(at: $0)?.diffID }
    }

    // MARK: Activating and folding

    /// What Enter or a double click on the row does (GtkListView's `activate`): the activation
    /// events, then, with `.foldable()`, folding a foldable row. Returns whether the row could be
    /// activated (headers, footers and rows not shown cannot). In a box (`init(boxOf:)`): what a
    /// click on the row does (activation, then folding).
    @discardableResult
    public func activate(_ generator: any RowGenerator) -> Bool {
        guard let position = manager.position(of: generator) else { return false }
        defer { MainContext.drain() }
        return core.activate(position: position)
    }

    /// What a click on the row's expander button does: expands or collapses it.
    public func clickExpander(of generator: any RowGenerator) {
        core.clickExpander(of: generator)
        MainContext.drain()
    }

    /// What Right or `+` does on the focused row (with `.foldable()`): expands it. Returns whether
    /// the key was used (not on an expanded or a plain row).
    @discardableResult
    public func pressExpandKey(on generator: any RowGenerator) -> Bool {
        defer { MainContext.drain() }
        return core.pressFoldingKey(.expand, on: generator)
    }

    /// What Left or `-` does on the focused row (with `.foldable()`): collapses it.
    @discardableResult
    public func pressCollapseKey(on generator: any RowGenerator) -> Bool {
        defer { MainContext.drain() }
        return core.pressFoldingKey(.collapse, on: generator)
    }

    /// What `*` does on the focused row (with `.foldable()`): expands its whole subtree.
    @discardableResult
    public func pressExpandSubtreeKey(on generator: any RowGenerator) -> Bool {
        defer { MainContext.drain() }
        return core.pressFoldingKey(.expandSubtree, on: generator)
    }
}
