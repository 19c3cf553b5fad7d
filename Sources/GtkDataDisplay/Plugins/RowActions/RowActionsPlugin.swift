import CGtkDataDisplay

/// Row actions (RDDM's swipe actions, GTK style): a context menu for rows whose generator has
/// actions (`RowActionsProviding`, or the plugin's `actions` closure). It opens on a right click,
/// a long press (touch; a mouse too with `longPressWithMouse`), the Menu key or Shift+F10 on the
/// focused row. Choosing an entry closes the menu, gives the focus back to the row and fires the
/// action's `didTrigger`, then `didTriggerAction`; closing it (Escape, a click outside) gives the
/// focus back to the row too.
///
///     let list = manager.listViewBuilder
///         .add(plugin: .selectable())
///         .add(plugin: .rowActions())
///         .build()
///     list.plugin(RowActionsPlugin.self)?.didTriggerAction += { trigger in
///         print(trigger.actionID, trigger.generator)
///     }
///
/// One menu (a `GtkPopover`, `popover`) serves every row of the view: it lives outside the
/// recycled rows, as a child of the item view, and points at the row it was opened for. The
/// same plugin works in a list and a grid.
///
/// An update that takes the menu's row away (`remove`, `clear`, a `setState` without its id)
/// closes the menu, and the focus goes to the view. An update that keeps the row by its id with
/// another generator (a `setState` of new instances) keeps the menu open with the new generator's
/// actions (closed if it has none).
@MainActor
public final class RowActionsPlugin: AdapterPlugin {
    /// Fires after an action's own `didTrigger`, with the row's generator and the action.
    public let didTriggerAction = Event<RowActionTrigger>()
    /// Whether a long press with the mouse opens the menu too (default: touch only, as GTK's own
    /// widgets do).
    public let longPressWithMouse: Bool

    private let provider: ((any RowGenerator) -> [RowAction])?
    private(set) weak var adapter: ListBaseAdapter?
    /// The menu, made on first use (a plugin not yet installed holds no widget).
    private var madeMenu: RowActionsMenu?
    private var menu: RowActionsMenu {
        if let madeMenu { return madeMenu }
        let made = RowActionsMenu()
        madeMenu = made
        return made
    }
    /// The row whose menu is open (or closing).
    private var menuRow: Row? {
        get { menuLiveRow.row }
        set { menuLiveRow = LiveRow(newValue) }
    }
    private var menuLiveRow = LiveRow()
    /// The generator whose actions the open menu shows.
    private weak var menuShownGenerator: AnyObject?
    /// Counts the menus opened: a later look at where the menu points concerns the one it was for.
    private(set) var openings = 0

    /// A plugin for rows that provide actions. `actions`, if given, supplies the actions of rows
    /// whose generator is not `RowActionsProviding` (e.g. template rows).
    public init(longPressWithMouse: Bool = false, actions: ((any RowGenerator) -> [RowAction])? = nil) {
        self.longPressWithMouse = longPressWithMouse
        self.provider = actions
    }

    isolated deinit {
        if let madeMenu, gtk_widget_get_parent(madeMenu.popover) != nil { gtk_widget_unparent(madeMenu.popover) }
        holdMenuRow(false)
        adapter?.manager.didApplyChange.removeListener(key: ObjectIdentifier(self))
    }

    // MARK: Reading

    /// The menu: a `GtkPopover` with one button per action (style classes `menu` and
    /// `gdd-row-actions`; entries `gdd-row-action`, destructive ones `destructive-action`).
    public var popover: UnsafeMutablePointer<GtkWidget> { menu.popover }
    /// Whether the menu is shown.
    public var isMenuOpen: Bool { madeMenu?.isOpen ?? false }
    /// The generator whose menu is shown (nil when closed).
    public var menuGenerator: (any RowGenerator)? { isMenuOpen ? menuRow?.generator : nil }
    /// The actions the open menu shows, in order (empty when closed).
    public var shownActions: [RowAction] { isMenuOpen ? madeMenu?.entries.map(\.action) ?? [] : [] }

    /// The actions of `generator`'s row: its own (`RowActionsProviding`), else the plugin's closure's.
    public func actions(for generator: any RowGenerator) -> [RowAction] {
        if let providing = generator as? RowActionsProviding { return providing.rowActions }
        return provider?(generator) ?? []
    }

    // MARK: Opening and closing

    /// Opens the menu of `generator`'s row from code, pointing at the row (scrolled into view).
    /// Returns false when the row is not shown in this view or has no actions.
    @discardableResult
    public func openMenu(for generator: any RowGenerator) -> Bool {
        guard let adapter, let row = adapter.manager.row(of: generator) else { return false }
        return open(row, at: nil)
    }

    /// Closes the menu (as Escape does): the focus goes back to the row.
    public func closeMenu() {
        menu.close()
    }

    /// Points the open menu at `rect` (in the item view's coordinates).
    func pointMenu(to rect: GdkRectangle) {
        menu.point(to: rect)
    }

    // MARK: Installing

    public func install(on adapter: ListBaseAdapter) {
        precondition(self.adapter == nil, "a RowActionsPlugin serves one view: make one per adapter")
        self.adapter = adapter
        let view = adapter.itemView
        adapter.parentPopover(menu.reference)   // closes with the view (its window closed), grab and all
        menu.onChoose = { [weak self] action in self?.choose(action) }
        menu.onClosed = { [weak self] in self?.menuClosed() }
        adapter.manager.didApplyChange.addListener(key: ObjectIdentifier(self)) { [weak self] in self?.managerChanged() }
        addRightClick(to: view)
        addLongPress(to: view)
        addKeys(to: view)
    }

    /// Right click (button 3) on a row, seen in the capture phase before the row's own gestures.
    private func addRightClick(to view: UnsafeMutablePointer<GtkWidget>) {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gdd_gesture_single(untyped(gesture)), guint(GDK_BUTTON_SECONDARY))
        gtk_event_controller_set_propagation_phase(gdd_event_controller(untyped(gesture)), GTK_PHASE_CAPTURE)
        Signal.connect(untyped(gesture), "pressed", click: { [weak self] _, x, y in
            self?.pointerOpen(gesture: untyped(gesture), x: x, y: y)
        })
        gtk_widget_add_controller(view, gdd_event_controller(untyped(gesture)))  // takes the gesture
    }

    private func addLongPress(to view: UnsafeMutablePointer<GtkWidget>) {
        let gesture = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(gdd_gesture_single(untyped(gesture)), longPressWithMouse ? 0 : 1)
        gtk_gesture_single_set_button(gdd_gesture_single(untyped(gesture)), guint(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(gdd_event_controller(untyped(gesture)), GTK_PHASE_CAPTURE)
        Signal.connect(untyped(gesture), "pressed", location: { [weak self] x, y in
            self?.pointerOpen(gesture: untyped(gesture), x: x, y: y)
        })
        gtk_widget_add_controller(view, gdd_event_controller(untyped(gesture)))  // takes the gesture
    }

    /// The Menu key and Shift+F10 on the focused row (bubble phase: a widget inside the row with
    /// a menu of its own, such as an entry, answers first).
    private func addKeys(to view: UnsafeMutablePointer<GtkWidget>) {
        let keys = gtk_event_controller_key_new()!
        Signal.connect(untyped(keys), "key-pressed", key: { [weak self] keyval, modifiers in
            guard let self, Self.opensMenu(keyval: keyval, modifiers: modifiers),
                  let cell = self.adapter?.focusedCell else { return false }
            return self.open(for: cell, at: nil)
        })
        gtk_widget_add_controller(view, keys)  // takes the controller
    }

    /// Whether a key opens a context menu: Menu, or Shift+F10 (without Ctrl or Alt).
    static func opensMenu(keyval: UInt32, modifiers: UInt32) -> Bool {
        let other = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue
        guard modifiers & other == 0 else { return false }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Menu: return true
        case GDK_KEY_F10: return modifiers & GDK_SHIFT_MASK.rawValue != 0
        default: return false
        }
    }

    private func pointerOpen(gesture: UnsafeMutableRawPointer, x: Double, y: Double) {
        guard let adapter else { return }
        // The menu is a child of the view: its own clicks pass here on their way down. Only
        // presses on the view's own surface are about rows. (A long press fires from a timeout,
        // with no current event: the gesture's last event tells.)
        let sequence = gtk_gesture_single_get_current_sequence(gdd_gesture_single(gesture))
        guard let event = gtk_gesture_get_last_event(gdd_gesture(gesture), sequence),
              let native = gtk_widget_get_native(adapter.itemView),
              gdk_event_get_surface(event) == gtk_native_get_surface(native),
              let cell = adapter.cell(atX: x, y: y) else { return }
        let point = GdkRectangle(x: Int32(x.rounded(.down)), y: Int32(y.rounded(.down)), width: 1, height: 1)
        if open(for: cell, at: point) {
            gtk_gesture_set_state(gdd_gesture(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
        }
    }

    /// Opens the menu of `cell`'s row, pointing at `point` or, without one, at the row.
    private func open(for cell: Cell, at point: GdkRectangle?) -> Bool {
        guard let row = cell.row else { return false }
        return open(row, at: point)
    }

    /// Opens the menu of `row`, pointing at `point` or, without one, at the row scrolled into view
    /// (see `pointing(at:in:)`).
    private func open(_ row: Row, at point: GdkRectangle?) -> Bool {
        guard let adapter, adapter.manager.row(of: row.generator) === row else { return false }
        let actions = actions(for: row.generator)
        guard !actions.isEmpty else { return false }
        if menu.isOpen { menu.close() }
        var target = point ?? GdkRectangle()
        var laidOut = true
        if point == nil {
            guard let pointing = pointing(at: row, in: adapter) else { return false }
            (target, laidOut) = (pointing.rect, pointing.laidOut)
        }
        menuRow = row
        menuShownGenerator = row.generator
        holdMenuRow(true)
        openings &+= 1
        menu.open(actions, pointingTo: target)
        if !laidOut { pointAtRowOnceLaidOut(opening: openings, tries: 3) }
        return true
    }

    /// An update reached the store while the menu is open: a row that left closes it, a row kept
    /// by id with another generator shows that generator's actions.
    private func managerChanged() {
        guard isMenuOpen else { return }
        guard let row = menuRow, let adapter, adapter.manager.row(of: row.generator) === row else {
            menu.close()  // the focus goes to the view (`menuClosed`)
            return
        }
        guard row.generator !== menuShownGenerator else { return }
        let actions = actions(for: row.generator)
        guard !actions.isEmpty else { return menu.close() }
        menuShownGenerator = row.generator
        menu.replaceEntries(with: actions)
    }

    // MARK: Choosing and closing

    private func choose(_ action: RowAction) {
        guard let adapter, action.isEnabled, let row = menuRow else { return }
        let generator = row.generator
        menu.close()  // gives the focus back to the row (menuClosed)
        trigger(action, of: generator, shownBy: row, in: adapter.manager)
    }

    /// What choosing the entry `actionID` in the menu of `generator`'s row does, without the
    /// menu: the row's actions are read as the menu reads them when it opens, a disabled or
    /// missing action does nothing, and the action runs as a chosen one does (`trigger`).
    /// Returns whether it ran.
    @_spi(Testing) @discardableResult
    public func choose(actionWithID actionID: String, of generator: any RowGenerator, in manager: BaseListManager) -> Bool {
        guard let row = manager.row(of: generator),
              let action = actions(for: generator).first(where: { $0.id == actionID }), action.isEnabled else { return false }
        return trigger(action, of: generator, shownBy: row, in: manager)
    }

    /// Runs `action`, chosen from the menu of `generator`'s `row` once the menu has closed: its
    /// `didTrigger`, then `didTriggerAction` with `generator`, within a view callback. A row that
    /// left `manager` while its menu was open (`generator` no longer shown by `row`) takes no
    /// action. Returns whether it ran. (Whether the action is enabled was checked when it was chosen.)
    @discardableResult
    func trigger(_ action: RowAction, of generator: any RowGenerator, shownBy row: Row,
                 in manager: BaseListManager) -> Bool {
        guard manager.row(of: generator) === row else { return false }
        manager.withinViewCallback {
            action.didTrigger.invoke(with: ())
            didTriggerAction.invoke(with: RowActionTrigger(generator: generator, action: action))
        }
        return true
    }

    /// While the menu is open its row keeps its row object for itself (a store pin, as a selected
    /// row's): an update lends no other row that object (`RowRecycling`) nor shows another row in it
    /// (`PositionalHull`), so the action chosen acts on the row the menu was opened for.
    private func holdMenuRow(_ holding: Bool) {
        guard let store = adapter?.manager.store else { return }
        let key = ObjectIdentifier(self)
        guard holding else {
            store.pins[key] = nil
            store.rangePins[key] = nil
            return
        }
        store.pins[key] = { [weak self] position in self?.menuRowPosition == position }
        store.rangePins[key] = { [weak self] positions in self?.menuRowPosition.map(positions.contains) ?? false }
    }

    /// Where the row whose menu is open stands (nil when it is gone).
    private var menuRowPosition: Int? {
        guard let adapter, let row = menuRow, adapter.manager.row(of: row.generator) === row else { return nil }
        return adapter.manager.position(of: row.generator)
    }

    /// The menu closed: the focus goes back to the row it was opened for (scrolled to if it was
    /// scrolled away), or to the view when the row is gone.
    private func menuClosed() {
        defer {
            menuRow = nil
            holdMenuRow(false)
        }
        // Closed because the view left the screen (its window closes): no focus to give back.
        guard let adapter, gtk_widget_get_mapped(adapter.itemView) != 0 else { return }
        guard let row = menuRow, adapter.manager.row(of: row.generator) === row,
              let position = adapter.manager.position(of: row.generator) else {
            _ = gtk_widget_grab_focus(adapter.itemView)
            return
        }
        if row.cell?.adapter !== adapter { adapter.scrollTo(position: position) }
        guard let cell = row.cell, cell.adapter === adapter, let rowWidget = adapter.rowWidget(of: cell),
              KeyboardNavigation.focus(rowWidget: rowWidget, canFocus: KeyboardNavigation.canFocus(row.generator)) else {
            _ = gtk_widget_grab_focus(adapter.itemView)
            return
        }
    }
}

extension AdapterPlugin where Self == RowActionsPlugin {
    /// Row actions: a context menu of the actions rows provide (see `RowActionsPlugin`).
    public static func rowActions(longPressWithMouse: Bool = false,
                                  actions: ((any RowGenerator) -> [RowAction])? = nil) -> RowActionsPlugin {
        RowActionsPlugin(longPressWithMouse: longPressWithMouse, actions: actions)
    }
}
