import CGtkDataDisplay

/// The Swift state of one `GtkListItem`: the container it shows, which view sits in it and
/// which row that view shows.
///
/// Created in the factory's `setup`, stored on the list item (released with it). The list item's
/// child is a container made once: an expander button (shown for foldable rows; made only where
/// rows can fold, since a button is most of what a new list item costs GTK) and the row's
/// view, indented by depth. `bind` checks that the view is of the row's kind and swaps in a pooled
/// view of the right kind when it is not, so rows of different kinds share recycled list items.
/// A header's view sits in a heading inside the container (see `RowAccessibility` for what the
/// cell tells screen readers).
@MainActor
final class Cell {
    let listItem: OpaquePointer
    weak var adapter: ListBaseAdapter?
    /// The list item's child: a horizontal box holding the expander and the view.
    let container: UnsafeMutablePointer<GtkWidget>
    /// Keeps the container alive until the cell goes: GTK may dispose the row before `teardown`.
    private let containerReference: ObjectReference
    /// The expander, first in the container; made with the cell in a view with the folding
    /// plugin, else when a row first needs it.
    private var expander: UnsafeMutablePointer<GtkWidget>?
    private(set) var view: (any RowView)?
    private(set) var viewKind: ReuseIdentifier?
    private(set) var generator: (any RowGenerator)?
    /// The row this cell shows, while it stands in its manager (`LiveRow`).
    var row: Row? { shownRow.row }
    private var shownRow = LiveRow()
    /// Whether the row's content changed since this cell bound it (`contentChanged`).
    private var showsStaleContent = false
    private var unbindPending = false
    /// The row GTK bound while the store applied a plan of several splices: shown when the plan
    /// ends (`bindHeld`), forgotten if GTK unbinds it first.
    private var heldRow: Row?
    private var styledRole: RowRole = .row
    private var shownFold: ExpanderMark = .none
    /// The section controller told that this cell displays its row (told again when it ends).
    private weak var displayController: (any SectionController)?
    /// Holds the view of a header row, so screen readers announce it as a heading (a widget's
    /// role is fixed when it is made, and cells show rows of every role). Made on first use,
    /// hidden while the cell shows another role.
    private var heading: UnsafeMutablePointer<GtkWidget>?
    private var headingReference: ObjectReference?
    /// The row's name, level and fold state for assistive technologies.
    private lazy var accessibility = RowAccessibility { [weak self] expand in
        guard let self, let generator = self.row?.generator, let manager = self.manager else { return }
        manager.foldingForUser { _ = try? expand ? manager.expand(generator) : manager.collapse(generator) }
    }

    /// The manager whose rows the cell shows.
    var manager: BaseListManager? { adapter?.manager }

    /// How many levels above the container GTK's row widget is: 1 in a list or grid (the row or
    /// child widget holds the container), 2 in a column view (a cell widget between them).
    private let rowWidgetLevels: Int

    /// GTK's row widget showing this cell (the list row, grid child or column view row: the widget
    /// that takes the focus and that screen readers read as the row), nil while GTK has not placed
    /// the list item.
    var rowWidget: UnsafeMutablePointer<GtkWidget>? {
        var widget: UnsafeMutablePointer<GtkWidget>? = container
        for _ in 0..<rowWidgetLevels { widget = widget.flatMap { gtk_widget_get_parent($0) } }
        return widget
    }

    /// Whether GTK tore the list item down (`teardown`): the item may be gone while the cell lives
    /// on (an unbind scheduled for later holds it), and nothing reads it any more.
    private(set) var isTornDown = false

    /// The store position of the list item (nil when it shows none, or was torn down).
    var position: Int? {
        guard !isTornDown else { return nil }
        let position = gtk_list_item_get_position(listItem)
        return position == guint.max ? nil : Int(position)  // GTK_INVALID_LIST_POSITION
    }

    /// Pixels between the expander and the row's view.
    static let expanderSpacing: Int32 = 4

    /// A new expander button, the same in every cell.
    static func makeExpander() -> UnsafeMutablePointer<GtkWidget> {
        let expander = gtk_button_new_from_icon_name("pan-end-symbolic")!
        gtk_widget_add_css_class(expander, "flat")
        gtk_widget_add_css_class(expander, "gdd-expander")
        gtk_widget_set_focusable(expander, 0)
        gtk_widget_set_valign(expander, GTK_ALIGN_CENTER)
        return expander
    }

    /// The width a nesting level indents: an expander and its spacing, as GTK's tree expander
    /// indents, so a child's content starts under its parent's title. Measured once (themes differ).
    static let measuredIndent: Int = {
        let expander = makeExpander()
        let reference = ObjectReference(sinking: untyped(expander))
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(expander, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        withExtendedLifetime(reference) {}
        return Int(natural + expanderSpacing)
    }()

    init(listItem: OpaquePointer, adapter: ListBaseAdapter) {
        self.listItem = listItem
        self.adapter = adapter
        rowWidgetLevels = adapter.kind.rowWidgetLevels
        container = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, Self.expanderSpacing)
        containerReference = ObjectReference(sinking: untyped(container))
        gtk_widget_add_css_class(container, "gdd-row")
        gtk_list_item_set_child(listItem, container)
        if adapter.features.foldable {
            _ = madeExpander()
            adapter.siblingFolding.register(self)
        }
    }

    /// The expander, made (hidden, first in the container) on first use.
    private func madeExpander() -> UnsafeMutablePointer<GtkWidget> {
        if let expander { return expander }
        let made = Self.makeExpander()
        gtk_widget_set_visible(made, 0)
        gtk_box_prepend(gdd_box(untyped(container)), made)
        Signal.connect(untyped(made), "clicked") { [weak self] in
            guard let self, let row = self.row else { return }
            self.adapter?.toggleFold(of: row.generator)
        }
        expander = made
        return made
    }

    /// Shows `row` (GTK's `bind`). GTK 4.8 re-emits unbind + bind whenever a list item's position
    /// or selection changes; when the row, its generator and its content are what this cell already
    /// shows, the pair is absorbed here and the generator is not called.
    func bind(_ row: Row) {
        heldRow = nil
        if unbindPending {
            unbindPending = false
            if isShowing(row) {
                generator = row.generator
                return
            }
            completeUnbind()
        }
        let generator = row.generator
        adapter?.checkPlugins(for: generator)
        let kind = generator.reuseIdentifier
        // A row whose focused widget goes with its old view keeps the focus (see below).
        var refocus = false
        if view == nil || viewKind != kind {
            refocus = view.map { Self.containsFocus($0.widget.pointer) } ?? false
            takeView(for: generator, kind: kind)
        }
        guard let view else { return }
        manager?.withinViewCallback { generator.bind(view) }
        if row === self.row, let previous = self.generator { noteFoldability(of: generator, replacing: previous) }
        self.generator = generator
        shownRow = LiveRow(row)
        row.cell = self
        showsStaleContent = false
        if rowWidgetLevels == 1 {
            gtk_list_item_set_selectable(listItem, row.isSelectable ? 1 : 0)
            gtk_list_item_set_activatable(listItem, row.isActivatable ? 1 : 0)
            KeyboardNavigation.updateFocusability(of: self, selectable: row.isSelectable, activatable: row.isActivatable)
        } else {
            ColumnCell.leaveInputToTheRow(listItem)
        }
        row.applyHeightHint(to: container)
        applyIndent()
        style(for: row.role)
        placeView(for: row.role)
        foldStateChanged()
        describeForAccessibility()
        // GTK's row widget takes the focus back (its children first, as GTK's own grab does).
        if refocus, let rowWidget {
            KeyboardNavigation.focus(rowWidget: rowWidget, canFocus: KeyboardNavigation.canFocus(generator))
        }
        adapter?.statistics.binds += 1
        adapter?.cellDidBind(self)
        if let displayable = generator as? DisplayableItem {
            manager?.withinViewCallback { displayable.willDisplayEvent.invoke() }
        }
        displayController = row.sectionController
        if let controller = displayController { manager?.withinViewCallback { controller.willDisplay(generator) } }
    }

    /// GTK's `bind` while the store applies a plan of several splices: GTK moves its realised
    /// window with each splice, so the row may be unbound again before the plan ends. The bind
    /// waits for `bindHeld`; until then the cell keeps what it showed.
    func hold(_ row: Row) {
        heldRow = row
    }

    /// Binds the held row, if GTK did not unbind it since.
    func bindHeld() {
        guard let row = heldRow else { return }
        bind(row)
    }

    /// Whether this cell already shows `row`'s current content in a view of its kind.
    private func isShowing(_ row: Row) -> Bool {
        row === self.row && !showsStaleContent && view != nil
            && (row.generator === generator || row.generator.reuseIdentifier == viewKind)
    }

    /// The row was handed to a new generator with equal content: the view stays, and the new
    /// generator adopts it, so events the view raises reach the generator shown now.
    func adoptGenerator(of row: Row, from previous: any RowGenerator) {
        guard isShowing(row), let view else { return }
        noteFoldability(of: row.generator, replacing: previous)
        generator = row.generator
        manager?.withinViewCallback { row.generator.adopt(view, from: previous) }
        foldStateChanged()
        describeForAccessibility()
    }

    /// Indents the container by the row's depth (`ListBaseAdapter.indentPerLevel` a level).
    func applyIndent() {
        guard let row else { return }
        gtk_widget_set_margin_start(container, Int32(row.depth * (adapter?.indentPerLevel ?? 0)))
    }

    /// Shows whether the row is foldable and expanded.
    func foldStateChanged() {
        let folding = adapter?.features.foldable == true
        let mark: ExpanderMark
        var drawnByView = false
        if folding, let foldable = row?.generator as? FoldableItem {
            mark = foldable.isExpanded ? .expanded : .collapsed
            drawnByView = foldable.showsOwnExpander
        } else {
            mark = .none
        }
        // A row that cannot fold keeps the expander's space (GtkTreeExpander's indent-for-icon) when it
        // is a child, so its content starts past its parent's expander and reads as a child, not a
        // sibling; at the top level, where a sibling can fold, so a leaf lines up with its foldable
        // siblings' titles (a top-level group where nothing folds sits where its header does).
        var reserve = false
        if mark == .none, folding, let row, row.role == .row, let adapter {
            reserve = row.depth > 0 || (adapter.siblingFolding.hasFoldableSibling(row) ?? (shownFold == .reserved))
        }
        let shown: ExpanderMark = reserve ? .reserved : drawnByView ? .none : mark
        if let rowWidget {
            accessibility.setExpanded(mark == .none || row?.role != .row ? nil : mark == .expanded, on: rowWidget)
        }
        guard shown != shownFold else { return }
        shownFold = shown
        guard shown != .none || self.expander != nil else { return }
        let expander = madeExpander()
        gtk_widget_set_visible(expander, shown == .none ? 0 : 1)
        gtk_widget_set_opacity(expander, shown == .reserved ? 0 : 1)
        gtk_widget_set_can_target(expander, shown == .reserved ? 0 : 1)
        if shown == .collapsed || shown == .expanded {
            gtk_button_set_icon_name(gdd_button(untyped(expander)), shown == .expanded ? "pan-down-symbolic" : "pan-end-symbolic")
        }
        RowAccessibility.describeExpander(expander, shown)
    }

    /// Names the row for assistive technologies (on GTK's row widget, which takes the focus) and
    /// gives a folding row its level and state; a header's heading gets the name too.
    private func describeForAccessibility() {
        guard let row, let generator, let view, let rowWidget else { return }
        let name = RowAccessibility.name(of: generator, in: view)
        let folding = adapter?.features.foldable == true && row.role == .row
        let expanded = folding ? GeneratorTraits.foldable(generator)?.isExpanded : nil
        let inTable = rowWidgetLevels > 1
        // In a table GTK 4.12+ names the cell from the list item's label, so the row is named directly.
        accessibility.describe(rowWidget, name: name, level: folding ? row.depth + 1 : nil, expanded: expanded,
                               listItem: inTable ? nil : listItem)
        if inTable { ColumnCell.name(cellHolding: container, name) }
        if row.role == .header, let heading { AccessibleAttributes.setLabel(heading, name) }
    }

    /// Puts the view in the heading for a header row, back in the container otherwise.
    private func placeView(for role: RowRole) {
        guard let view else { return }
        let target: UnsafeMutablePointer<GtkWidget>
        if role == .header {
            target = headingBox()
            gtk_widget_set_visible(target, 1)
        } else {
            if let heading { gtk_widget_set_visible(heading, 0) }
            target = container
        }
        guard view.widget.parent != target else { return }
        detach(view)
        gtk_box_append(gdd_box(untyped(target)), view.widget.pointer)
    }

    private func headingBox() -> UnsafeMutablePointer<GtkWidget> {
        if let heading { return heading }
        let made = AccessibleAttributes.makeBox(orientation: GTK_ORIENTATION_HORIZONTAL, spacing: 0, role: GTK_ACCESSIBLE_ROLE_HEADING)
        headingReference = ObjectReference(sinking: untyped(made))
        gtk_widget_set_hexpand(made, 1)
        gtk_box_append(gdd_box(untyped(container)), made)
        heading = made
        return made
    }

    /// A generator that can fold took a row from one that cannot (or the other way round) without
    /// a splice: its siblings may need the expander's space, or no longer.
    private func noteFoldability(of generator: any RowGenerator, replacing previous: any RowGenerator) {
        guard adapter?.features.foldable == true, (generator is FoldableItem) != (previous is FoldableItem) else { return }
        adapter?.siblingFolding.rowsChanged()
    }

    /// Whether the keyboard focus is on the list item's row widget or inside it.
    var holdsFocus: Bool {
        Self.containsFocus(rowWidget ?? container)
    }

    /// Whether the keyboard focus is on `widget` or inside it.
    private static func containsFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// GTK's `unbind`: deferred, because GTK 4.8 sends it before every rebind of the same item.
    /// The adapter completes it on idle if no bind follows.
    func scheduleUnbind() {
        heldRow = nil
        guard generator != nil, !unbindPending else { return }
        unbindPending = true
        adapter?.unbindScheduled(self)
    }

    /// Completes a deferred unbind that no bind absorbed.
    func flushUnbind() {
        guard unbindPending else { return }
        unbindPending = false
        completeUnbind()
    }

    /// Stops showing the row. The view stays in the container for the next bind.
    func unbind() {
        heldRow = nil
        unbindPending = false
        completeUnbind()
    }

    private func completeUnbind() {
        guard let generator, let view else { return }
        manager?.withinViewCallback { generator.unbind(view) }
        // The row's entry beside the rows goes (a row that ended took its entry with it).
        if let shown = shownRow.row, shown.cell === self { shown.cell = nil }
        self.generator = nil
        shownRow = LiveRow()
        adapter?.statistics.unbinds += 1
        if let displayable = generator as? DisplayableItem {
            manager?.withinViewCallback { displayable.didEndDisplayEvent.invoke() }
        }
        if let controller = displayController { manager?.withinViewCallback { controller.didEndDisplay(generator) } }
        displayController = nil
    }

    /// `row`'s content changed: if this cell shows it, the next `refreshIfStale` rebinds (and the cell
    /// no longer counts as showing the row's content, so a new generator does not adopt the view).
    func contentChanged(of row: Row) {
        if row === self.row { showsStaleContent = true }
    }

    /// Rebinds in place when the row's content (or generator) changed since it was bound.
    func refreshIfStale() {
        guard let row, showsStaleContent || row.generator !== generator else { return }
        unbindPending = false
        if let generator, let view { manager?.withinViewCallback { generator.unbind(view) } }
        adapter?.statistics.rebinds += 1
        bind(row)
    }

    /// Gives the view back (GTK's `teardown`).
    func teardown() {
        unbind()
        releaseView()
        heldRow = nil
        isTornDown = true
    }

    /// Lets another cell take the view (a view kept by its generator moves between list items).
    func surrenderView() {
        unbind()
        guard let view else { return }
        detach(view)
        self.view = nil
        viewKind = nil
    }

    private func releaseView() {
        guard let view, let viewKind else { return }
        detach(view)
        adapter?.forgetOwner(of: view)
        adapter?.pool.give(view, kind: viewKind)
        self.view = nil
        self.viewKind = nil
    }

    /// Takes the view's widget out of the container, if it is still there.
    private func detach(_ view: any RowView) {
        guard let parent = view.widget.parent, parent == container || parent == heading else { return }
        gtk_box_remove(gdd_box(untyped(parent)), view.widget.pointer)
    }

    private func takeView(for generator: any RowGenerator, kind: ReuseIdentifier) {
        releaseView()
        let next: any RowView
        if let pooled = adapter?.pool.take(kind) {
            next = pooled
        } else {
            next = generator.makeView()
            if kind.isPooled { adapter?.statistics.viewsCreated += 1 }
        }
        // A view kept by its generator may still sit in another list item's container.
        adapter?.claim(next, for: self)
        if let parent = next.widget.parent, parent != container {
            gtk_widget_unparent(next.widget.pointer)
        }
        gtk_widget_set_hexpand(next.widget.pointer, 1)
        gtk_box_append(gdd_box(untyped(container)), next.widget.pointer)
        view = next
        viewKind = kind
    }

    private func style(for role: RowRole) {
        guard role != styledRole else { return }
        guard let kind = adapter?.kind else { return }
        let rowWidget = rowWidget
        for name in kind.cssClasses(for: styledRole) {
            gtk_widget_remove_css_class(container, name)
            if let rowWidget { gtk_widget_remove_css_class(rowWidget, name) }
        }
        for name in kind.cssClasses(for: role) {
            gtk_widget_add_css_class(container, name)
            if let rowWidget { gtk_widget_add_css_class(rowWidget, name) }
        }
        styledRole = role
    }
}
