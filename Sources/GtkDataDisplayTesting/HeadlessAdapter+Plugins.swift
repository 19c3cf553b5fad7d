@_spi(Testing) import GtkDataDisplay

// The plugins with behaviour of their own, headless: their logic runs on the manager as in a
// view, and the kit stands in for what only a view can tell (the edge came into view, the
// pointer let go over a row, a menu entry was clicked). Each simulation then lets the main loop
// run what is pending (`MainContext.drain()`), as after a user's input.

extension HeadlessAdapter {
    // MARK: Pagination

    /// Installs a pagination plugin: it serves this adapter's manager (an empty list asks for its
    /// first page now) and `reachEnd()` / `reachStart()` stand in for scrolling to its edge.
    /// The adapter keeps it.
    public func install(_ plugin: PaginationPlugin) {
        paginationPlugins.append(plugin)
        plugin.attach(to: manager)
        MainContext.drain()
    }

    /// What scrolling to the bottom does: each bottom-edge pagination plugin hears its edge came
    /// into view (it asks for a page unless one is loading, the last failed, or there is no more).
    public func reachEnd() {
        for plugin in paginationPlugins where plugin.edge == .bottom { plugin.edgeReached() }
        MainContext.drain()
    }

    /// What scrolling to the top does, for top-edge pagination plugins.
    public func reachStart() {
        for plugin in paginationPlugins where plugin.edge == .top { plugin.edgeReached() }
        MainContext.drain()
    }

    // MARK: Reordering

    /// Installs a reordering plugin (one per adapter); `drop(_:onto:after:)` and
    /// `pressMoveKey(on:forward:)` then move rows as its drag and drop and Alt+arrow keys do.
    public func install(_ plugin: ReorderingPlugin) {
        reorderingPlugin = plugin
    }

    /// What dragging `dragged` and dropping it on the upper half of `target`'s row does (with
    /// `after`, the lower half: after it): the same destination rules and the same move as the
    /// view (one splice, then the manager's `didMove`). Returns whether it moved; false without
    /// an installed `ReorderingPlugin`.
    @discardableResult
    public func drop(_ dragged: any RowGenerator, onto target: any RowGenerator, after: Bool = false) -> Bool {
        defer { MainContext.drain() }
        return reorderingPlugin?.drop(dragged, onto: target, after: after, in: manager) ?? false
    }

    /// What Alt+Down (`forward`) or Alt+Up does on the focused row `generator`: one place on or
    /// back among its siblings, into the next section when its rules allow. Returns whether it moved.
    @discardableResult
    public func pressMoveKey(on generator: any RowGenerator, forward: Bool) -> Bool {
        defer { MainContext.drain() }
        return reorderingPlugin?.step(generator, forward: forward, in: manager) ?? false
    }

    // MARK: Row actions

    /// Installs a row-actions plugin (one per adapter); `chooseAction(_:of:)` then runs what
    /// choosing an entry of a row's context menu runs.
    public func install(_ plugin: RowActionsPlugin) {
        rowActionsPlugin = plugin
    }

    /// The actions the context menu of `generator`'s row would show (empty: no menu opens).
    public func contextMenuActions(of generator: any RowGenerator) -> [RowAction] {
        rowActionsPlugin?.actions(for: generator) ?? []
    }

    /// What opening `generator`'s context menu and choosing the entry `actionID` does: the
    /// action's `didTrigger`, then the plugin's `didTriggerAction`. A disabled action, a missing
    /// one or a row not shown runs nothing. Returns whether it ran.
    @discardableResult
    public func chooseAction(_ actionID: String, of generator: any RowGenerator) -> Bool {
        defer { MainContext.drain() }
        return rowActionsPlugin?.choose(actionWithID: actionID, of: generator, in: manager) ?? false
    }
}
