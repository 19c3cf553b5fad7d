import CGtkDataDisplay

// Binds held while the store applies a plan of several splices.
//
// GTK 4.8 realises its window anew after each `items-changed`: between the splices of one update
// it binds rows at the window's edge that a later splice of the same update pushes out again (the
// store emits the splices so that this is the only way the window moves; see `SpliceOrder`). While
// a plan is under way the adapter only notes which row each list item gets; when the last splice is
// done, each list item binds the row it shows then (none, for a row pushed out again, and nothing
// for a list item back on the row it showed before), so generators see only the binds the update
// needs. GTK lays out nothing in between: the held list items are never drawn.
//
// GTK 4.12+ realises a window of rows placed around its anchor row by where that row stands in the
// viewport (`gtk_list_base_set_anchor`: 200 rows, split before and after it in that proportion), and
// picks anchor and proportion anew whenever the scroll moves. When the update moved what was on screen
// (an anchor row removed), the scroll controller puts it back after the next layout, and that scroll
// moves GTK's window by a few rows: rows bound at its edges at the end of the plan would leave again at
// once, and others come in. So there only the held cells near the rows that were on screen bind at the
// end of the plan (the correction measures those); the others wait for that layout, where the scroll is
// done (GTK binds synchronously as its window moves), and bind within the same frame, before drawing.

extension ListBaseAdapter {
    /// Starts following the store's plans.
    func watchPlans() {
        let key = ObjectIdentifier(self)
        manager.store.planWillApply.addListener(key: key) { [weak self] in self?.holdBinds() }
        manager.store.planDidApply.addListener(key: key) { [weak self] in self?.releaseHeldBinds() }
        manager.store.shownViews[key] = { [weak self] in
            guard let view = self?.itemView, gtk_widget_get_mapped(view) != 0 else { return nil }
            return view
        }
        watchFocusedRemovals()
    }

    /// Stops following the store's plans.
    func stopWatchingPlans() {
        let key = ObjectIdentifier(self)
        manager.store.planWillApply.removeListener(key: key)
        manager.store.planDidApply.removeListener(key: key)
        manager.store.shownViews[key] = nil
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

    /// The plan's last splice is done: each cell binds the row GTK left it with (on GTK 4.12+, when
    /// the next layout puts the rows on screen back, the cells far from them after that: see above).
    private func releaseHeldBinds() {
        bindHolds -= 1
        defer { if bindHolds == 0 { restoreFocusLostWithARow() } }
        guard bindHolds == 0, !heldCells.isEmpty else { return }
        if NewerGtk.listItemsFocusThemselves, gtk_widget_get_mapped(itemView) != 0,
           let near = scrolling.positionsAroundNotedRows {
            bindHeldCells { cell in cell.position.map(near.contains) ?? false }
            guard !heldCells.isEmpty else { return }
            bindHolds += 1
            bindsWaitForLayout = true
            return
        }
        bindHeldCells { _ in true }
    }

    /// The scroll controller is done with the layout after a plan (or the view left the screen): the
    /// cells still held bind now, the rows GTK shows after the scroll correction.
    func releaseBindsWaitingForLayout() {
        guard bindsWaitForLayout else { return }
        bindsWaitForLayout = false
        bindHolds -= 1
        guard bindHolds == 0 else { return }
        bindHeldCells { _ in true }
        restoreFocusLostWithARow()
    }

    /// Binds the held cells `now` picks; the others stay held.
    private func bindHeldCells(_ now: (Cell) -> Bool) {
        let cells = heldCells
        heldCells.removeAll()
        for entry in cells {
            guard let cell = entry.cell else { continue }
            if now(cell) { cell.bindHeld() } else { heldCells.append(entry) }
        }
    }
}
