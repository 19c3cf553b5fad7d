import CGtkDataDisplay

// Giving a row the keyboard focus from code: after an action, to send the user back to a row, or
// so that the row's keys (Delete, Menu, Alt+arrows) reach it.

extension ListBaseAdapter {
    /// Scrolls to `generator`'s row and gives it the keyboard focus, as a click or the arrow keys
    /// would. Returns false when the row is not shown in this view or cannot take the focus
    /// (a header, or a row that can be neither selected nor activated). The window must be shown.
    @discardableResult
    public func focus(_ generator: any RowGenerator) -> Bool {
        guard KeyboardNavigation.canFocus(generator), let position = manager.position(of: generator) else { return false }
        // GTK 4.12+: GTK's scroll with focus, as the cursor keys do.
        if NewerGtk.listItemsFocusThemselves { return KeyboardNavigation.scrollAndFocus(position: position, in: self) }
        // Scrolling makes the row GTK's anchor, which binds its widget at once, even far away.
        if rowWidget(for: generator) == nil { scrollTo(position: position) }
        guard let rowWidget = rowWidget(for: generator) else { return false }
        return KeyboardNavigation.focus(rowWidget: rowWidget, canFocus: true)
    }
}

// GTK 4.12 and later drop the widget of a removed row at once (`gtk_list_item_manager_model_items_changed_cb`
// gives it back to the change's pool, which unparents what no row takes): when that row had the keyboard
// focus, the window's focus is left on a widget out of the window, and after the next frame GTK moves it
// to the first focusable widget of the window (the unparented widget has no parent left to take it), or
// nowhere: out of the list. GTK 4.8 left the focus in the view. The adapter gives it back at once: to the
// view, whose grab focuses the row GTK's focus tracker moved to (the row after the removed ones, or the
// last), or, when that row cannot take it (a header), to the nearest row that can.

extension ListBaseAdapter {
    /// Notes splices that remove rows while the focus is in the view (GTK 4.12+ only).
    func watchFocusedRemovals() {
        guard NewerGtk.listItemsFocusThemselves else { return }
        let key = ObjectIdentifier(self)
        manager.store.willSplice.addListener(key: key) { [weak self] position, removing in
            guard let self, removing > 0, self.focusedRemoval == nil, self.viewHasFocus else { return }
            self.focusedRemoval = position
        }
        manager.store.didSplice.addListener(key: key) { [weak self] in
            // Within a plan of several splices, once it is over (`releaseHeldBinds`).
            guard let self, self.focusedRemoval != nil, self.bindHolds == 0 else { return }
            self.restoreFocusLostWithARow()
        }
    }

    /// After the splices that removed rows while the view had the focus: the view takes back a focus
    /// that went nowhere.
    func restoreFocusLostWithARow() {
        guard let removedAt = focusedRemoval else { return }
        focusedRemoval = nil
        guard let root = gtk_widget_get_root(itemView), gtk_widget_get_mapped(itemView) != 0 else { return }
        // Gone with the row: the window's focus is a widget out of the window (GTK moves it on after
        // its next frame, to the window's first focusable widget) or none.
        if let focus = gtk_root_get_focus(root), gtk_widget_get_root(focus) != nil { return }
        if gtk_widget_grab_focus(itemView) != 0, viewHasFocus { return }
        let store = manager.store
        let start = min(removedAt, store.count)
        for range in [AnyCollection(start..<store.count), AnyCollection((0..<start).reversed())] {
            for position in range {
                guard let row = store.row(at: position), KeyboardNavigation.canFocus(row.generator) else { continue }
                _ = KeyboardNavigation.scrollAndFocus(position: position, in: self)
                return
            }
        }
    }

    /// Whether the keyboard focus is on the view or inside it.
    var viewHasFocus: Bool {
        guard let root = gtk_widget_get_root(itemView), let focus = gtk_root_get_focus(root) else { return false }
        return focus == itemView || gtk_widget_is_ancestor(focus, itemView) != 0
    }
}
