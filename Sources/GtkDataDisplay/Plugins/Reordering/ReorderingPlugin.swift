import CGtkDataDisplay

/// Lets users reorder rows of a list or grid: drag a row and drop it before or after another (a
/// drop indicator shows where it lands), or press Alt+Up / Alt+Down on the focused row (in a grid
/// also Alt+Left / Alt+Right) to move it one place among its siblings.
///
///     let list = manager.listViewBuilder
///         .add(plugin: .selectable())
///         .add(plugin: .reordering())
///         .build()
///     manager.didMove += { move in save(order: move) }
///
/// Which rows move is the generators' call (`MovableItem`: `canMove`, `canMoveAcrossSections`);
/// rows that are not `MovableItem` follow `unmarked` (default: within their section). Headers and
/// footers never move; a child row of a foldable moves among its siblings only, and a foldable
/// carries its children. Every move goes through the manager (`reorder(_:to:unmarked:)`): one
/// splice, then the manager's `didMove` with the old and new positions. A row that had the keyboard
/// focus keeps it after its move.
@MainActor
public final class ReorderingPlugin: AdapterPlugin {
    /// The rule for rows whose generator is not a `MovableItem`.
    public let unmarked: MoveRule
    /// Whether rows can be dragged.
    public let dragAndDrop: Bool
    /// Whether Alt+arrow keys move the focused row.
    public let keyboard: Bool
    /// The adapter the plugin is installed on.
    public private(set) weak var adapter: ListBaseAdapter?

    /// The row being dragged from this adapter, while a drag is under way.
    var dragged: (any RowGenerator)?
    /// Which drag this adapter started (drops must carry it).
    var dragToken = ""
    /// The row widget that shows the drop indicator now, and the class it has.
    var indicator: (widget: ObjectReference, cssClass: String)?

    /// A plugin with these rules; both ways of moving are on unless switched off.
    public init(unmarked: MoveRule = .withinSection, dragAndDrop: Bool = true, keyboard: Bool = true) {
        self.unmarked = unmarked
        self.dragAndDrop = dragAndDrop
        self.keyboard = keyboard
    }

    public func install(on adapter: ListBaseAdapter) {
        self.adapter = adapter
        Stylesheet.installReordering()
        if keyboard { installKeys(on: adapter) }
        if dragAndDrop { installDragAndDrop(on: adapter) }
    }

    /// Moves `generator` one place back or on among its siblings, as Alt+Up / Alt+Down do: past
    /// the first or last row of its section into the neighbouring section when its rules allow.
    /// Returns whether it moved.
    @discardableResult
    public func step(_ generator: any RowGenerator, forward: Bool) -> Bool {
        guard let adapter, let destination = stepDestination(of: generator, forward: forward, in: adapter.manager) else { return false }
        return move(generator, to: destination)
    }

    /// Moves a row as a user asked (keys, drop); the focus stays on it if it had it.
    func move(_ generator: any RowGenerator, to destination: RowPosition) -> Bool {
        guard let adapter else { return false }
        let hadFocus = adapter.focusedGenerator === generator
        guard reorder(generator, to: destination, in: adapter.manager) else { return false }
        if hadFocus { refocus(generator, in: adapter) }
        return true
    }

    /// Moves a row as a user may (the rows' rules and `unmarked`): one splice, then `didMove`.
    private func reorder(_ generator: any RowGenerator, to destination: RowPosition, in manager: BaseListManager) -> Bool {
        do {
            try manager.reorder(generator, to: destination, unmarked: unmarked)
        } catch {
            return false
        }
        return true
    }

    /// Where `dragged` lands when dropped before `target` (after it, with `after`), if the rules let it.
    func destination(of dragged: any RowGenerator, onto target: any RowGenerator, after: Bool,
                     in manager: BaseListManager) -> DropDestination? {
        guard let destination = manager.dropDestination(of: dragged, onto: target, after: after),
              manager.canReorder(dragged, to: destination.position, unmarked: unmarked) else { return nil }
        return destination
    }

    /// What dropping `dragged` on the upper (lower, with `after`) half of `target`'s row does,
    /// without the pointer: the same destination and move as a drag and drop. Returns whether it moved.
    @_spi(Testing) @discardableResult
    public func drop(_ dragged: any RowGenerator, onto target: any RowGenerator, after: Bool,
                     in manager: BaseListManager) -> Bool {
        guard let destination = destination(of: dragged, onto: target, after: after, in: manager) else { return false }
        return reorder(dragged, to: destination.position, in: manager)
    }

    /// What Alt+Up (Alt+Down, with `forward`) does on the focused row `generator`, without the
    /// view: the same step as the keys. Returns whether it moved.
    @_spi(Testing) @discardableResult
    public func step(_ generator: any RowGenerator, forward: Bool, in manager: BaseListManager) -> Bool {
        guard let destination = stepDestination(of: generator, forward: forward, in: manager) else { return false }
        return reorder(generator, to: destination, in: manager)
    }

    /// Where one step takes `generator`, or nil when it cannot go further.
    private func stepDestination(of generator: any RowGenerator, forward: Bool, in manager: BaseListManager) -> RowPosition? {
        guard let position = manager.siblingPosition(of: generator) else { return nil }
        let parent = manager.parent(of: generator)
        guard let count = try? manager.siblingCount(inSection: position.section, parent: parent) else { return nil }
        var destination = position
        if forward {
            if position.index + 1 < count {
                destination.index += 1
            } else {
                guard parent == nil, position.section + 1 < manager.numberOfSections else { return nil }
                destination = RowPosition(section: position.section + 1, index: 0)
            }
        } else {
            if position.index > 0 {
                destination.index -= 1
            } else {
                guard parent == nil, position.section > 0,
                      let previous = try? manager.siblingCount(inSection: position.section - 1) else { return nil }
                destination = RowPosition(section: position.section - 1, index: previous)
            }
        }
        return manager.canReorder(generator, to: destination, unmarked: unmarked) ? destination : nil
    }

    /// Scrolls to the moved row and gives its row widget the focus again.
    private func refocus(_ generator: any RowGenerator, in adapter: ListBaseAdapter) {
        guard let position = adapter.manager.position(of: generator) else { return }
        adapter.scrollTo(position: position)
        guard let row = adapter.manager.row(of: generator), let cell = row.cell,
              cell.adapter === adapter, let rowWidget = cell.rowWidget else { return }
        KeyboardNavigation.focus(rowWidget: rowWidget, canFocus: KeyboardNavigation.canFocus(generator))
    }

    // MARK: Keys

    private func installKeys(on adapter: ListBaseAdapter) {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let across = adapter.kind.movesAcross
        Signal.connect(untyped(controller), "key-pressed", key: { [weak self] keyval, modifiers in
            guard let self, let adapter = self.adapter,
                  let forward = Self.direction(keyval: keyval, modifiers: modifiers, across: across),
                  let generator = adapter.focusedGenerator else { return false }
            if !self.step(generator, forward: forward) { gtk_widget_error_bell(adapter.itemView) }
            return true
        })
        gtk_widget_add_controller(adapter.itemView, controller)  // takes the controller
    }

    /// Alt+Up / Alt+Down (and, `across`, Alt+Left / Alt+Right): back (false) or on (true).
    static func direction(keyval: UInt32, modifiers: UInt32, across: Bool) -> Bool? {
        let others = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        guard modifiers & GDK_ALT_MASK.rawValue != 0, modifiers & others == 0 else { return nil }
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: return false
        case GDK_KEY_Down, GDK_KEY_KP_Down: return true
        case GDK_KEY_Left, GDK_KEY_KP_Left: return across ? false : nil
        case GDK_KEY_Right, GDK_KEY_KP_Right: return across ? true : nil
        default: return nil
        }
    }
}

extension AdapterPlugin where Self == ReorderingPlugin {
    /// Users reorder rows by drag and drop and by Alt+arrow keys (see `ReorderingPlugin`).
    public static func reordering(unmarked: MoveRule = .withinSection, dragAndDrop: Bool = true,
                                  keyboard: Bool = true) -> ReorderingPlugin {
        ReorderingPlugin(unmarked: unmarked, dragAndDrop: dragAndDrop, keyboard: keyboard)
    }
}
