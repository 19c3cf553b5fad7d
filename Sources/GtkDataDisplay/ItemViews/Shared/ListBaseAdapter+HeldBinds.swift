// Binds held while the store applies a plan of several splices.
//
// GTK 4.8 realises its window anew after each `items-changed`: between the splices of one update
// it binds rows at the window's edge that a later splice of the same update pushes out again (the
// store emits the splices so that this is the only way the window moves; see `SpliceOrder`). While
// a plan is under way the adapter only notes which row each list item gets; when the last splice is
// done, each list item binds the row it shows then (none, for a row pushed out again, and nothing
// for a list item back on the row it showed before), so generators see only the binds the update
// needs. GTK lays out nothing in between: the held list items are never drawn.

extension ListBaseAdapter {
    /// Starts following the store's plans.
    func watchPlans() {
        let key = ObjectIdentifier(self)
        manager.store.planWillApply.addListener(key: key) { [weak self] in self?.holdBinds() }
        manager.store.planDidApply.addListener(key: key) { [weak self] in self?.releaseHeldBinds() }
        watchFocusedRemovals()
    }

    /// Stops following the store's plans.
    func stopWatchingPlans() {
        let key = ObjectIdentifier(self)
        manager.store.planWillApply.removeListener(key: key)
        manager.store.planDidApply.removeListener(key: key)
        manager.store.willSplice.removeListener(key: key)
        manager.store.didSplice.removeListener(key: key)
    }

    /// GTK's `bind` of `row` in `cell`: at once, or when the plan under way ends.
    func bind(_ cell: Cell, to row: Row) {
        guard bindHolds > 0 else {
            cell.bind(row)
            return
        }
        cell.hold(row)
        heldCells.append(WeakCell(cell))
    }

    /// A plan of several splices starts: binds wait for its end.
    private func holdBinds() {
        bindHolds += 1
    }

    /// The plan's last splice is done: each cell binds the row GTK left it with.
    private func releaseHeldBinds() {
        bindHolds -= 1
        defer { if bindHolds == 0 { restoreFocusLostWithARow() } }
        guard bindHolds == 0, !heldCells.isEmpty else { return }
        let cells = heldCells
        heldCells.removeAll()
        for entry in cells { entry.cell?.bindHeld() }
    }
}
