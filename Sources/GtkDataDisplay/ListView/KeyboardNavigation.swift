import CGtk
import Glibc

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

/// One of GTK's cursor keys on a list, with what GTK's binding for it does to the selection.
struct CursorKey: Equatable {
    enum Move: Equatable {
        case previous, next, first, last
    }

    var move: Move
    /// Whether the row the cursor lands on is selected.
    var select: Bool
    /// Whether selecting toggles instead of replacing the selection.
    var modify: Bool
    /// Whether selecting extends from the row selected last.
    var extend: Bool

    /// GTK's bindings (gtklistbase.c): plain selects, Ctrl only moves, Shift extends, Ctrl+Shift
    /// toggles the extended range. Other modifiers leave the key to GTK.
    init?(keyval: UInt32, modifiers: UInt32) {
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: move = .previous
        case GDK_KEY_Down, GDK_KEY_KP_Down: move = .next
        case GDK_KEY_Home, GDK_KEY_KP_Home: move = .first
        case GDK_KEY_End, GDK_KEY_KP_End: move = .last
        default: return nil
        }
        let others = GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_HYPER_MASK.rawValue | GDK_META_MASK.rawValue
        guard modifiers & others == 0 else { return nil }
        let control = modifiers & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers & GDK_SHIFT_MASK.rawValue != 0
        switch (control, shift) {
        case (false, false): (select, modify, extend) = (true, false, false)
        case (true, false): (select, modify, extend) = (false, false, false)
        case (false, true): (select, modify, extend) = (true, false, true)
        case (true, true): (select, modify, extend) = (true, true, true)
        }
    }
}

@MainActor
enum KeyboardNavigation {
    /// Adds the cursor-key controller to the adapter's list view.
    static func install(on adapter: ListViewAdapter) {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        Signal.connect(untyped(controller), "key-pressed", key: { [weak adapter] keyval, modifiers in
            guard let adapter, let key = CursorKey(keyval: keyval, modifiers: modifiers) else { return false }
            return move(key, in: adapter)
        })
        gtk_widget_add_controller(adapter.listView.widget, controller)  // takes the controller
    }

    /// Whether a row can take keyboard focus: one that can be selected or activated.
    static func canFocus(_ generator: any RowGenerator) -> Bool {
        generator.isSelectable || generator.isActivatable
    }

    /// GTK 4.12+: lets the row of `cell` take focus exactly when it can be selected or activated.
    /// (GTK 4.8 has no such flag: `focus(rowWidget:canFocus:)` makes up for it.)
    static func updateFocusability(of cell: Cell, selectable: Bool, activatable: Bool) {
        listItemSetFocusable?(cell.listItem, selectable || activatable ? 1 : 0)
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

    /// `gtk_list_item_set_focusable` (GTK 4.12+), found at run time; nil on older GTK.
    private static let listItemSetFocusable: (@convention(c) (OpaquePointer?, gboolean) -> Void)? = {
        guard gtk_get_minor_version() >= 12, let handle = dlopen(nil, RTLD_NOW),
              let symbol = dlsym(handle, "gtk_list_item_set_focusable") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (OpaquePointer?, gboolean) -> Void).self)
    }()

    // MARK: Moving the cursor

    /// Moves the cursor for `key`; returns whether the key was used (false: GTK handles it).
    private static func move(_ key: CursorKey, in adapter: ListViewAdapter) -> Bool {
        guard let from = focusedPosition(in: adapter) else { return false }
        let store = adapter.manager.store
        let count = store.count
        func focusable(_ p: Int) -> Bool { store.row(at: p).map { canFocus($0.generator) } ?? false }
        let gtkTarget: Int
        let target: Int?
        switch key.move {
        case .previous:
            gtkTarget = from - 1
            target = (0..<from).reversed().first(where: focusable)
        case .next:
            gtkTarget = from + 1
            target = ((from + 1)..<max(from + 1, count)).first(where: focusable)
        case .first:
            gtkTarget = 0
            target = (0..<count).first(where: focusable)
        case .last:
            gtkTarget = count - 1
            target = (0..<count).reversed().first(where: focusable)
        }
        // Nowhere to go: GTK would aim at a row that refuses focus, or at none. Keep the key.
        guard let target else { return true }
        guard let row = store.row(at: target) else { return true }
        // GTK's own move works here: let it do what it always does.
        if target == gtkTarget, row.generator.isSelectable { return false }
        focus(position: target, in: adapter) {
            guard key.select, row.generator.isSelectable else { return }
            var arguments = [g_variant_new_uint32(guint32(target)), g_variant_new_boolean(key.modify ? 1 : 0),
                             g_variant_new_boolean(key.extend ? 1 : 0)]
            let tuple = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 3) }
            _ = gtk_widget_activate_action_variant(adapter.listView.widget, "list.select-item", tuple)
        }
        return true
    }

    /// The store position of the row whose row widget has the keyboard focus (or the list item's
    /// child, should an app make it focusable); nil when the focus is elsewhere or inside a row's own
    /// widgets (an entry there keeps Home and End).
    private static func focusedPosition(in adapter: ListViewAdapter) -> Int? {
        guard let root = gtk_widget_get_root(adapter.listView.widget),
              let focus = gtk_root_get_focus(root),
              let generator = adapter.focusedGenerator,
              let cell = adapter.manager.rowsByGenerator[ObjectIdentifier(generator)]?.cell,
              cell.adapter === adapter,
              focus == cell.container || focus == gtk_widget_get_parent(cell.container) else { return nil }
        let position = gtk_list_item_get_position(cell.listItem)
        return position == guint.max ? nil : Int(position)  // GTK_INVALID_LIST_POSITION
    }

    /// Scrolls to the row at `position` and gives it the keyboard focus, then runs `then`.
    /// `list.scroll-to-item` makes the row GTK's scroll anchor, and GTK creates (and binds) the
    /// widgets of the rows it tracks at once — as its own `grab_focus_on_item` does with a
    /// temporary tracker — so an unrealised row far away has its widget right after the scroll.
    private static func focus(position: Int, in adapter: ListViewAdapter, then: () -> Void) {
        adapter.scrollTo(position: position)
        if grabFocus(position: position, in: adapter) { then() }
    }

    /// Focuses the row at `position` if a list item shows it.
    private static func grabFocus(position: Int, in adapter: ListViewAdapter) -> Bool {
        guard let row = adapter.manager.store.row(at: position), let cell = row.cell, cell.adapter === adapter,
              let rowWidget = gtk_widget_get_parent(cell.container) else { return false }
        return focus(rowWidget: rowWidget, canFocus: canFocus(row.generator))
    }
}
