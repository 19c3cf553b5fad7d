import CGtkDataDisplay

// The keyboard focus in a row that is hidden, and GTK's deferred move of it.
//
// When a widget that holds the window's focus (or holds the widget that does) is hidden or taken out
// of the window, GtkWindow keeps a reference on it and moves the focus only in the frame's after-paint
// phase. GTK before 4.24 stores that reference without dropping one it already holds: when a second
// widget around the focus goes before that phase — the focused row hidden (an allocation scrolled it
// out of the view), then removed by a splice — the first one, and the row object in it, are never
// freed. The widget soak met it on GTK 4.8 (after the library's own allocation, `StaleLayout`) and on
// GTK 4.18 (one row in two or three runs).
//
// So before each change of this view's rows (a splice, a whole plan), and after the library's own
// allocation, a focus waiting to move out of a hidden row of this view is settled: set on the same
// widget again, which ends the wait as the after-paint would (GTK's focus tracker gives the focus
// back to that row there), or, when the row is hidden for good (`visible` off, so that GTK does not
// take the focus back), taken off the widget, the after-paint then moving it as GTK would.

/// Listener key of the settling (one per adapter).
private struct PendingFocusKey: Hashable {
    let adapter: ObjectIdentifier
}

extension ListBaseAdapter {
    /// Starts settling a focus waiting in a hidden row before each change of the rows.
    func watchPendingFocus() {
        let key = PendingFocusKey(adapter: ObjectIdentifier(self))
        manager.store.willSplice.addListener(key: key) { [weak self] _ in self?.settleHiddenFocus() }
        manager.store.planWillApply.addListener(key: key) { [weak self] in self?.settleHiddenFocus() }
    }

    /// Stops what `watchPendingFocus` started.
    func stopWatchingPendingFocus() {
        let key = PendingFocusKey(adapter: ObjectIdentifier(self))
        manager.store.willSplice.removeListener(key: key)
        manager.store.planWillApply.removeListener(key: key)
    }

    /// Ends GTK's wait to move the focus out of a hidden row of this view (see above).
    func settleHiddenFocus() {
        // Before every splice: most often the focus is elsewhere, which one read tells.
        guard gtk_widget_get_focus_child(itemView) != nil,
              let root = gtk_widget_get_root(itemView), let focus = gtk_root_get_focus(root),
              gtk_widget_is_ancestor(focus, itemView) != 0 else { return }
        var childHidden = false
        var widget: UnsafeMutablePointer<GtkWidget>? = focus
        while let current = widget, current != itemView {
            if gtk_widget_get_visible(current) == 0 {
                gtk_root_set_focus(root, nil)
                return
            }
            if gtk_widget_get_child_visible(current) == 0 { childHidden = true }
            widget = gtk_widget_get_parent(current)
        }
        if childHidden { gtk_root_set_focus(root, focus) }
    }
}
