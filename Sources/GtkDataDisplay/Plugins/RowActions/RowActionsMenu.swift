import CGtkDataDisplay

/// The one context menu of a view: a `GtkPopover` (style classes `menu` and `gdd-row-actions`)
/// holding a column of flat buttons, one per action — icon and label, insensitive when the
/// action is disabled, `destructive-action` when it destroys something. Rebuilt for the actions
/// of each row it opens for; it lives outside the recycled rows, parented to the item view.
@MainActor
final class RowActionsMenu {
    /// The popover (a reference of our own; its parent holds another while parented).
    let popover: UnsafeMutablePointer<GtkWidget>
    let reference: ObjectReference
    private let column: UnsafeMutablePointer<GtkWidget>
    /// The buttons shown, with their actions, in menu order.
    private(set) var entries: [(action: RowAction, button: UnsafeMutablePointer<GtkWidget>)] = []
    /// Called when an entry is clicked (the menu is still open).
    var onChoose: ((RowAction) -> Void)?
    /// Called when the popover has closed (an entry chosen, Escape, a click outside).
    var onClosed: (() -> Void)?

    init() {
        popover = gtk_popover_new()
        reference = ObjectReference(sinking: untyped(popover))
        gtk_widget_add_css_class(popover, "menu")
        gtk_widget_add_css_class(popover, "gdd-row-actions")
        gtk_popover_set_has_arrow(gdd_popover(untyped(popover)), 0)
        gtk_popover_set_position(gdd_popover(untyped(popover)), GTK_POS_BOTTOM)
        column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_popover_set_child(gdd_popover(untyped(popover)), column)
        Signal.connect(untyped(popover), "closed") { [weak self] in self?.onClosed?() }
        // Keys the menu's buttons and the popover leave alone bubble on to the item view, the
        // popover's parent, whose bindings would move the list's cursor or select rows under the
        // menu (Home, End, Page Up/Down, Ctrl+A…). Those stop here; the rest (Escape, arrows,
        // Tab, the app's accelerators) go their usual way.
        let keys = gtk_event_controller_key_new()!
        Signal.connect(untyped(keys), "key-pressed", key: { keyval, modifiers in
            Self.listBinds(keyval: keyval, modifiers: modifiers)
        })
        gtk_widget_add_controller(popover, keys)  // takes the controller
    }

    /// Whether a key is one of GtkListBase's bindings that the popover does not handle itself:
    /// Home, End, Page Up and Page Down (with or without Ctrl and Shift), and Ctrl+A, Ctrl+/,
    /// Ctrl+\\, Ctrl+space (select all, unselect all, toggle the cursor row).
    static func listBinds(keyval: UInt32, modifiers: UInt32) -> Bool {
        if modifiers & GDK_ALT_MASK.rawValue != 0 { return false }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Home, GDK_KEY_End, GDK_KEY_Page_Up, GDK_KEY_Page_Down,
             GDK_KEY_KP_Home, GDK_KEY_KP_End, GDK_KEY_KP_Page_Up, GDK_KEY_KP_Page_Down:
            return true
        case GDK_KEY_a, GDK_KEY_A, GDK_KEY_slash, GDK_KEY_backslash, GDK_KEY_space, GDK_KEY_KP_Space:
            return modifiers & GDK_CONTROL_MASK.rawValue != 0
        default:
            return false
        }
    }

    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    /// Shows `actions` pointing at `rect` (in the parent's coordinates) and focuses the first
    /// entry that can be chosen.
    func open(_ actions: [RowAction], pointingTo rect: GdkRectangle) {
        rebuild(actions)
        var rect = rect
        gtk_popover_set_pointing_to(gdd_popover(untyped(popover)), &rect)
        gtk_popover_popup(gdd_popover(untyped(popover)))
        if let first = entries.first(where: { $0.action.isEnabled }) {
            _ = gtk_widget_grab_focus(first.button)
        }
    }

    /// Points the open menu at `rect` (in the parent's coordinates) instead.
    func point(to rect: GdkRectangle) {
        var rect = rect
        gtk_popover_set_pointing_to(gdd_popover(untyped(popover)), &rect)
    }

    /// Shows `actions` instead of the entries shown now, in the open menu (its row's generator was
    /// replaced by one with the same id), and focuses the first entry that can be chosen.
    func replaceEntries(with actions: [RowAction]) {
        rebuild(actions)
        if let first = entries.first(where: { $0.action.isEnabled }) {
            _ = gtk_widget_grab_focus(first.button)
        }
    }

    func close() {
        gtk_popover_popdown(gdd_popover(untyped(popover)))
    }

    private func rebuild(_ actions: [RowAction]) {
        for entry in entries { gtk_box_remove(gdd_box(untyped(column)), entry.button) }
        entries = actions.map { action in (action, makeButton(for: action)) }
        for entry in entries { gtk_box_append(gdd_box(untyped(column)), entry.button) }
    }

    private func makeButton(for action: RowAction) -> UnsafeMutablePointer<GtkWidget> {
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        if let icon = action.iconName {
            gtk_box_append(gdd_box(untyped(content)), InternalWidgetNames.makeDecorativeImage(iconName: icon))
        }
        let label = gtk_label_new(action.label)!
        gtk_label_set_xalign(gdd_label(untyped(label)), 0)
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(gdd_box(untyped(content)), label)
        let button = gtk_button_new()!
        gtk_button_set_child(gdd_button(untyped(button)), content)
        AccessibleAttributes.setLabel(button, action.label)
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_add_css_class(button, "gdd-row-action")
        if action.isDestructive { gtk_widget_add_css_class(button, "destructive-action") }
        gtk_widget_set_sensitive(button, action.isEnabled ? 1 : 0)
        Signal.connect(untyped(button), "clicked") { [weak self, action] in self?.onChoose?(action) }
        return button
    }
}
