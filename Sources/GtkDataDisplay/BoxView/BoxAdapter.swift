import CGtkDataDisplay

/// Shows a manager's rows as the children of one `GtkBox` (RDDM's stack manager): for short
/// content that is not recycled, such as a settings page or a form.
///
/// Every row gets a widget of its own when it reaches the box, and keeps it while it is shown.
/// The manager's operations change the box in place, as they change a list view's store: a row
/// that stays keeps its widget, a moved row's widget is reordered (`gtk_box_reorder_child_after`,
/// the fewest moves), a changed row is rebound in its existing view, and a row handed to an
/// equal new generator by `setState` keeps its view (the generator adopts it). Only rows that
/// leave the manager lose their widgets. The box equals the manager's rows as soon as each
/// manager call returns.
///
/// Each row's widget is a horizontal box (`gdd-row gdd-box-row`, plus `gdd-header` or
/// `gdd-footer`) holding an expander button, shown for foldable rows, and the generator's view;
/// children are indented by depth. A click on an activatable row (the expander and interactive
/// widgets such as switches and entries keep their own clicks) fires `didActivate` and the row's
/// `didActivateEvent`, and folds or unfolds a foldable row. The box has no selection.
///
/// To screen readers the box is a list named `accessibleName`: rows are list items named like
/// their view's first label (or `AccessibleItem.accessibleLabel`), headers are headings, and
/// foldable rows are expandable, with `row.expand` / `row.collapse` actions.
///
/// Every change costs O(n log n) in the number of rows shown: keep long content in a list view.
/// Keep the adapter alive while its box is shown (`window.child = adapter` does).
@MainActor
public final class BoxAdapter {
    /// The manager whose rows are shown.
    public let manager: BaseListManager
    /// The `GtkBox` holding one widget per row, in the manager's order (the adapter holds a reference).
    public let box: UnsafeMutablePointer<GtkWidget>
    /// How the rows are laid out.
    public let orientation: Orientation
    /// Fires with the generator of a row activated by a click.
    public let didActivate = Event<any RowGenerator>()
    /// What the adapter did so far.
    public internal(set) var statistics = BoxStatistics()

    /// Starts counting from zero.
    public func resetStatistics() { statistics = BoxStatistics() }

    /// What screen readers call the box, which reads as a list (its rows as list items, headers
    /// as headings). Default: "List".
    public var accessibleName = "List" {
        didSet { AccessibleAttributes.setLabel(box, accessibleName) }
    }

    /// Pixels a nesting level indents rows by: by default the expander's width and its spacing, so a
    /// child's expander starts under its parent's title (and a leaf child, which keeps the expander's
    /// space, has its content past its parent's). Setting it re-indents the rows shown; a negative
    /// value counts as 0.
    public var indentPerLevel: Int {
        get { chosenIndent ?? RowContainer.measuredIndent }
        set {
            chosenIndent = max(0, newValue)
            for child in children.values { child.applyIndent() }
        }
    }
    /// The indent the app chose (nil: the default above).
    private var chosenIndent: Int?

    private let boxReference: ObjectReference
    /// The store's positions, each with the child showing it (a row may stand twice for a moment
    /// between the splices of one operation).
    private var slots: [BoxChild] = []
    /// Every child alive, by its row.
    private var children: [Row: BoxChild] = [:]
    /// Every child alive, by its container.
    private var byWidget: [UnsafeMutableRawPointer: BoxChild] = [:]
    private var itemsChangedHandler: UInt = 0
    private var sweepScheduled = false

    /// A box showing `manager`'s rows, one above the other (`.vertical`) or side by side, with
    /// `spacing` pixels between rows.
    public init(manager: BaseListManager, orientation: Orientation = .vertical, spacing: Int = 0) {
        MainQueueBridge.install()
        Stylesheet.installDefault()
        self.manager = manager
        self.orientation = orientation
        box = AccessibleAttributes.makeBox(orientation: orientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                           spacing: Int32(clamping: spacing), role: GTK_ACCESSIBLE_ROLE_LIST)
        boxReference = ObjectReference(sinking: untyped(box))
        AccessibleAttributes.setLabel(box, accessibleName)
        gtk_widget_add_css_class(box, "gdd-box")
        RowChangeObservers.add(self)
        itemsChangedHandler = Signal.connect(untyped(manager.store.listModel), "items-changed",
                                             itemsChanged: { [weak self] position, removed, added in
            self?.itemsChanged(position: Int(position), removed: Int(removed), added: Int(added))
        })
        itemsChanged(position: 0, removed: 0, added: manager.store.count)
    }

    isolated deinit {
        Signal.disconnect(untyped(manager.store.listModel), itemsChangedHandler)
        RowChangeObservers.remove(self)
        for child in children.values { child.destroy(in: box) }
    }

    /// Pixels between rows.
    public var spacing: Int {
        get { Int(gtk_box_get_spacing(gdd_box(untyped(box)))) }
        set { gtk_box_set_spacing(gdd_box(untyped(box)), Int32(clamping: newValue)) }
    }

    /// The view showing `generator` (nil when it is not shown).
    public func view(for generator: any RowGenerator) -> (any RowView)? {
        child(for: generator)?.view
    }

    /// The box's child showing `generator`: the row's container, holding the expander and the view.
    public func rowWidget(for generator: any RowGenerator) -> UnsafeMutablePointer<GtkWidget>? {
        child(for: generator)?.widget
    }

    /// The box's children, first to last: one row widget per row the manager shows.
    public var rowWidgets: [UnsafeMutablePointer<GtkWidget>] {
        var widgets: [UnsafeMutablePointer<GtkWidget>] = []
        var next = gtk_widget_get_first_child(box)
        while let widget = next {
            widgets.append(widget)
            next = gtk_widget_get_next_sibling(widget)
        }
        return widgets
    }

    /// The expander button of a foldable row's widget (nil when `generator` is not shown).
    public func expander(for generator: any RowGenerator) -> UnsafeMutablePointer<GtkWidget>? {
        child(for: generator)?.container.expander
    }

    private func child(for generator: any RowGenerator) -> BoxChild? {
        guard let row = manager.row(of: generator) else { return nil }
        return children[row]
    }

    // MARK: Following the store

    /// One splice of the store: the box takes it in at once. Rows removed but still in the manager
    /// keep their widgets (their row comes back within the same operation: the manager has its
    /// new state before it splices); the others are destroyed.
    private func itemsChanged(position: Int, removed: Int, added: Int) {
        let range = position..<(position + removed)
        let gone = slots[range]
        var arriving: [BoxChild] = []
        arriving.reserveCapacity(added)
        for offset in 0..<added {
            guard let row = manager.store.row(at: position + offset) else { continue }
            let child = children[row] ?? makeChild(for: row)
            child.slots += 1
            arriving.append(child)
        }
        slots.replaceSubrange(range, with: arriving)
        var parked = false
        for child in gone {
            child.slots -= 1
            guard child.slots == 0 else { continue }
            if manager.row(of: child.row.generator) === child.row {
                parked = true  // it comes back in a later splice of this operation
            } else {
                forget(child)
            }
        }
        arrange()
        for child in slots where child.row.generator is FoldableItem { child.updateExpander() }
        if parked { scheduleSweep() }
    }

    private func makeChild(for row: Row) -> BoxChild {
        let child = BoxChild(row: row, adapter: self)
        children[row] = child
        byWidget[untyped(child.widget)] = child
        return child
    }

    private func forget(_ child: BoxChild) {
        children[child.row] = nil
        byWidget[untyped(child.widget)] = nil
        child.destroy(in: box)
    }

    /// Puts the box's children in the store's order with the fewest moves: the widgets already in
    /// order (a longest increasing run of their current places) stay, each other one is inserted or
    /// reordered right after its predecessor. A widget parked between splices stays where it is.
    private func arrange() {
        var current: [UnsafeMutableRawPointer: Int] = [:]
        var index = 0
        var next = gtk_widget_get_first_child(box)
        while let widget = next {
            current[untyped(widget)] = index
            index += 1
            next = gtk_widget_get_next_sibling(widget)
        }
        var wanted: [BoxChild] = []
        var seen = Set<ObjectIdentifier>()
        for child in slots where seen.insert(ObjectIdentifier(child)).inserted { wanted.append(child) }
        let places = wanted.map { current[untyped($0.widget)] ?? -1 }
        let staying = BoxOrder.increasingRun(places)
        var previous: UnsafeMutablePointer<GtkWidget>? = nil
        for (i, child) in wanted.enumerated() {
            if !staying.contains(i) {
                if places[i] < 0 {
                    gtk_box_insert_child_after(gdd_box(untyped(box)), child.widget, previous)
                } else {
                    gtk_box_reorder_child_after(gdd_box(untyped(box)), child.widget, previous)
                    statistics.reorders += 1
                }
            }
            previous = child.widget
        }
    }

    /// Safety net: a widget parked between splices whose row never came back (the manager always
    /// brings it back within the operation) leaves the box once the main loop is idle.
    private func scheduleSweep() {
        guard !sweepScheduled else { return }
        sweepScheduled = true
        Idle.once { [weak self] in
            guard let self else { return }
            self.sweepScheduled = false
            for child in Array(self.children.values) where child.slots == 0 { self.forget(child) }
        }
    }

    // MARK: In-place changes

    /// Expands or collapses a foldable row (its expander, a click on the row).
    func toggleFold(of generator: any RowGenerator) {
        BoxActivation.toggleFold(of: generator, in: manager)
    }

    /// A click on `child`'s row: activation events, then folding.
    func activate(_ child: BoxChild) {
        guard child.slots > 0 else { return }
        BoxActivation.activate(child.row, in: manager, didActivate: didActivate)
    }
}

extension BoxAdapter: RowChangeObserver {
    func rowContentChanged(_ row: Row) {
        children[row]?.contentChanged()
    }

    func row(_ row: Row, tookGeneratorFrom previous: any RowGenerator, sameContent: Bool) {
        guard let child = children[row] else { return }
        if sameContent { child.adopt(from: previous) } else { child.updateExpander() }
    }

    var observedManager: BaseListManager { manager }
}
