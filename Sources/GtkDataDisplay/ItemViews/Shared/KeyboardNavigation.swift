import CGtkDataDisplay

// Keyboard focus for rows that GTK 4.8 will not focus on its own.
//
// What GTK 4.8 does (gtklistitemwidget.c, gtklistbase.c, gtklistview.c; checked on 4.8.3):
// - A row widget (GtkListItemWidget) takes focus in `grab_focus` only if one of its children
//   takes it first, or if its list item is *selectable*: `activatable` is not looked at (though the
//   `focus` vfunc's comment says "selectable or activatable"), and `gtk_list_item_set_focusable`
//   only came in GTK 4.12. Making the row widget focusable does not help: its `grab_focus` still
//   asks `selectable`.
// - The cursor keys aim at one position and stop there: Home at 0, End at n-1 (`move_cursor_to_start`,
//   `move_cursor_to_end`), Up/Down at the neighbour (`move_focus_along` is pos ± 1), then
//   `grab_focus_on_item` grabs that row and, if the grab worked, selects it (plain key: select;
//   Ctrl: focus only; Shift: extend; Ctrl+Shift: toggle the extended range) — in 4.8 without asking
//   `selectable` (4.12 goes through `listitem.select`, which asks). When the grab fails, nothing moves.
// So a header first makes Home do nothing, a footer last makes End do nothing, a section header
// stops Up/Down, and a row that can be activated but not selected ("Retry") is never reached.
//
// The fix, kept small:
// - A row that can be activated but not selected is given the focus on GTK's row widget with
//   `gtk_root_set_focus` when `grab_focus` refuses it (the row widget is focusable; only its
//   `grab_focus` asks `selectable`). The focus then sits where it sits for every other row: the
//   theme draws its focus ring (`row:focus:focus-visible`) and Enter reaches the row widget's
//   binding, which activates it. On GTK 4.12 and later, `gtk_list_item_set_focusable` says which
//   rows take focus (looked up at run time), since rows, headers included, take it by default there.
// - A key controller (capture phase, on the list view) takes Up/Down/Home/End when the focus is on
//   a row: if GTK's own target can take focus and be selected, GTK moves as always; otherwise the
//   cursor goes to the nearest row in that direction that can take focus (selectable or activatable:
//   headers and footers are neither), scrolled to with `list.scroll-to-item`, and selected the way
//   GTK's key would select, through `list.select-item`, only if it can be selected.
//
// A grid (gtkgridview.c, 4.8.3) is the same widget family with two differences: Up/Down aim a row of
// tiles away (`move_focus_along` is pos ± n_columns: Up does nothing in the first row; Down goes to
// the last tile from the row above the last, and does nothing in the last row), and Left/Right aim at
// the tile before or after (`move_focus_across`, pos ± 1, mirrored right to left). A section's header
// or footer is a tile of its own there, so it can stop all four. The controller handles all four the
// same way: from where GTK aims (or, for Down with no tile below, the last tile), on in the key's
// direction to the first tile that can take focus. In a list a "row of tiles" is one row.
//
// GTK 4.12 and later (checked on 4.18.6): rows take focus by `GtkListItem:focusable`, so the grab
// works for every row the library makes focusable and `gtk_root_set_focus` is never needed; the
// scroll to a far row and the grab are one call, `gtk_list_view_scroll_to(…, GTK_LIST_SCROLL_FOCUS, …)`.
// And an arrow key (plain or Shift) on a focused row that is not selected but can be selects that row
// and stays (`handle_selecting_unselected_cursor` in `gtk_list_base_move_cursor`; 4.8.3 has no such
// step): the cursor reaches the next row only with a second key. The controller keeps 4.8's move there
// on every GTK after 4.8 — the cursor goes on and selects the row it lands on, as GTK 4.8's binding
// does — so the keys do the same on every GTK, as the testing kit simulates them.

@MainActor
enum KeyboardNavigation {
    /// Adds the cursor-key controller to the adapter's view.
    static func install(on adapter: ListBaseAdapter) {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        Signal.connect(untyped(controller), "key-pressed", key: { [weak adapter] keyval, modifiers in
            guard let adapter else { return false }
            let rightToLeft = gtk_widget_get_direction(adapter.itemView) == GTK_TEXT_DIR_RTL
            guard let key = CursorKey(keyval: keyval, modifiers: modifiers, across: adapter.kind.movesAcross,
                                      rightToLeft: rightToLeft) else { return false }
            return move(key, in: adapter)
        })
        gtk_widget_add_controller(adapter.itemView, controller)  // takes the controller
    }

    /// Whether a row can take keyboard focus: one that can be selected or activated.
    static func canFocus(_ generator: any RowGenerator) -> Bool {
        generator.isSelectable || generator.isActivatable
    }

    /// GTK 4.12+: lets the row of `cell` take focus exactly when it can be selected or activated.
    /// (GTK 4.8 has no such flag: `focus(rowWidget:canFocus:)` makes up for it.)
    static func updateFocusability(of cell: Cell, selectable: Bool, activatable: Bool) {
        NewerGtk.listItemSetFocusable?(cell.listItem, selectable || activatable ? 1 : 0)
    }

    /// Gives the keyboard focus to GTK's row widget (`rowWidget`), as GTK's own grab does (a child
    /// that takes focus first), or, for a row that can take focus but that GTK 4.8 refuses because it
    /// cannot be selected, directly. Returns whether the row has the focus.
    @discardableResult
    static func focus(rowWidget: UnsafeMutablePointer<GtkWidget>, canFocus: Bool) -> Bool {
        if gtk_widget_grab_focus(rowWidget) != 0 { return true }
        guard canFocus, let root = gtk_widget_get_root(rowWidget) else { return false }
        gtk_root_set_focus(root, rowWidget)
        return gtk_root_get_focus(root) == rowWidget
    }

    // MARK: Moving the cursor

    /// Where GTK 4.8's binding aims for `move` from `from`, and where the search for a row that can
    /// take focus starts and which way it goes (nil: nowhere to go). `columns` is 1 in a list.
    static func aim(_ move: CursorKey.Move, from: Int, count: Int, columns: Int)
        -> (gtk: Int, start: Int?, step: Int) {
        switch move {
        case .previous:
            let start = from - columns
            return (start >= 0 ? start : from, start >= 0 ? start : nil, -1)
        case .next:
            let gtk = count / columns > from / columns ? from + min(count - from - 1, columns) : from
            let lastRow = (count - 1) / columns
            let start: Int? = from + columns < count ? from + columns : (from / columns < lastRow ? count - 1 : nil)
            return (gtk, start, 1)
        case .back:
            return (max(from - 1, 0), from > 0 ? from - 1 : nil, -1)
        case .forward:
            return (min(from + 1, count - 1), from + 1 < count ? from + 1 : nil, 1)
        case .first:
            return (0, count > 0 ? 0 : nil, 1)
        case .last:
            return (count - 1, count > 0 ? count - 1 : nil, -1)
        }
    }

    /// Moves the cursor for `key`; returns whether the key was used (false: GTK handles it).
    private static func move(_ key: CursorKey, in adapter: ListBaseAdapter) -> Bool {
        guard let from = focusedPosition(in: adapter) else { return false }
        let store = adapter.manager.store
        let count = store.count
        let columns = key.move == .previous || key.move == .next ? adapter.shownColumns : 1
        let aim = aim(key.move, from: from, count: count, columns: columns)
        // Nowhere to go: GTK would aim at a row that refuses focus, or at none. Keep the key.
        guard let start = aim.start else { return true }
        var target: Int?
        for p in stride(from: start, to: aim.step > 0 ? count : -1, by: aim.step) {
            if let row = store.row(at: p), canFocus(row.generator) { target = p; break }
        }
        guard let target, let row = store.row(at: target) else { return true }
        // GTK's own move works here: let it do what it always does.
        if target == aim.gtk, row.generator.isSelectable, !gtkSelectsInPlace(key, from: from, in: adapter) { return false }
        focus(position: target, in: adapter) {
            guard key.select, row.generator.isSelectable else { return }
            var arguments = [g_variant_new_uint32(guint32(target)), g_variant_new_boolean(key.modify ? 1 : 0),
                             g_variant_new_boolean(key.extend ? 1 : 0)]
            let tuple = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 3) }
            _ = gtk_widget_activate_action_variant(adapter.rowsView, "list.select-item", tuple)
        }
        return true
    }

    /// Whether a GTK after 4.8 may take `key` on the focused row at `from` to select that row instead
    /// of moving (see the top of this file): an arrow key that selects without Ctrl, on a row that can
    /// be selected and is not. (GTK 4.8 moves: nothing to keep there.)
    private static func gtkSelectsInPlace(_ key: CursorKey, from: Int, in adapter: ListBaseAdapter) -> Bool {
        guard NewerGtk.minor > 8, key.select, !key.modify, key.move != .first, key.move != .last,
              let row = adapter.manager.store.row(at: from), row.generator.isSelectable else { return false }
        return !adapter.isSelected(position: from)
    }

    /// The store position of the row whose row widget has the keyboard focus (or the list item's
    /// child, should an app make it focusable); nil when the focus is elsewhere or inside a row's own
    /// widgets (an entry there keeps Home and End).
    private static func focusedPosition(in adapter: ListBaseAdapter) -> Int? {
        guard let root = gtk_widget_get_root(adapter.itemView),
              let focus = gtk_root_get_focus(root),
              let cell = adapter.focusedCell, cell.row != nil,
              focus == cell.container || focus == cell.rowWidget else { return nil }
        return cell.position
    }

    /// Scrolls to the row at `position` and gives it the keyboard focus, then runs `then`.
    private static func focus(position: Int, in adapter: ListBaseAdapter, then: () -> Void) {
        if scrollAndFocus(position: position, in: adapter) { then() }
    }

    /// Scrolls to the row at `position` and gives it the keyboard focus; whether it has it.
    /// GTK 4.12+: `scroll_to` with `GTK_LIST_SCROLL_FOCUS` moves GTK's focus tracker to the row, which
    /// creates its widget, and focuses it when the view has the focus (the grab after it covers a view
    /// that has not). GTK 4.8: `list.scroll-to-item` makes the row GTK's scroll anchor, and GTK creates
    /// (and binds) the widgets of the rows it tracks at once — as its own `grab_focus_on_item` does
    /// with a temporary tracker — so an unrealised row far away has its widget right after the scroll.
    static func scrollAndFocus(position: Int, in adapter: ListBaseAdapter) -> Bool {
        let inRange = position >= 0 && position < adapter.manager.store.count
        let scrollTo: NewerGtk.ScrollTo? = switch adapter.kind {
        case .list: NewerGtk.listViewScrollTo
        case .grid: NewerGtk.gridViewScrollTo
        case .column: nil
        }
        if let scrollTo, inRange {
            adapter.scrolling.cancelPending()
            scrollTo(untyped(adapter.itemView), guint(position), NewerGtk.scrollFocus, nil)
        } else if adapter.kind == .column, let scrollTo = NewerGtk.columnViewScrollTo, inRange {
            adapter.scrolling.cancelPending()
            scrollTo(untyped(adapter.itemView), guint(position), nil, NewerGtk.scrollFocus, nil)
        } else {
            adapter.scrollTo(position: position)
        }
        return grabFocus(position: position, in: adapter)
    }

    /// Focuses the row at `position` if a list item shows it.
    private static func grabFocus(position: Int, in adapter: ListBaseAdapter) -> Bool {
        guard let row = adapter.manager.store.row(at: position), let cell = row.cell, cell.adapter === adapter,
              let rowWidget = cell.rowWidget else { return false }
        return focus(rowWidget: rowWidget, canFocus: canFocus(row.generator))
    }
}
