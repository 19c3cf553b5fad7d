import CGtkDataDisplay

/// One row of a `BoxAdapter`: its container in the box and the view its generator made for it.
///
/// Made when the row first reaches the box and kept while the row is shown: a move reorders the
/// container, a content change rebinds the view in place, and a whole-state update that hands
/// the row to an equal generator lets that generator adopt the view. Destroyed only when its row
/// has left the manager.
@MainActor
final class BoxChild {
    /// The row shown (held: a row object is never reused while its child lives).
    let row: Row
    let container: RowContainer
    /// The generator bound to the view now (the row's, unless a handover is pending).
    private(set) var generator: (any RowGenerator)?
    private var viewKind: ReuseIdentifier?
    /// Whether the row's content changed since the view was bound (`contentChanged`).
    private var showsStaleContent = false
    /// How many positions of the store show this row right now: 1, except between the splices of
    /// one manager operation (a move may insert a row before it removes it), or 0 while the row is
    /// out of the store but still in the manager (it comes back before the operation ends).
    var slots = 0
    /// The foldable whose `didFoldEvent` this child listens to (to redraw its expander).
    private var foldListened: (any FoldableItem)?
    private weak var adapter: BoxAdapter?
    /// Held here too: the adapter's `deinit` still unbinds through it.
    private let manager: BaseListManager
    /// The row's name, level and fold state for assistive technologies.
    private lazy var accessibility = RowAccessibility { [weak self] expand in
        guard let self else { return }
        let generator = self.row.generator
        self.manager.foldingForUser { _ = try? expand ? self.manager.expand(generator) : self.manager.collapse(generator) }
    }

    init(row: Row, adapter: BoxAdapter) {
        self.row = row
        self.adapter = adapter
        manager = adapter.manager
        // A box reads as a list: headers as headings, other rows as its items.
        container = RowContainer(cssClasses: ["gdd-box-row"], focusableExpander: true,
                                 accessibleRole: row.role == .header ? GTK_ACCESSIBLE_ROLE_HEADING : GTK_ACCESSIBLE_ROLE_LIST_ITEM)
        container.setRole(row.role)
        container.setIndent(row.depth * adapter.indentPerLevel)
        Signal.connect(untyped(container.expander), "clicked") { [weak self] in
            guard let self else { return }
            self.adapter?.toggleFold(of: self.row.generator)
        }
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gdd_gesture_single(untyped(click)), guint(GDK_BUTTON_PRIMARY))
        Signal.connect(untyped(click), "released", click: { [weak self] presses, _, _ in
            guard let self, presses == 1 else { return }
            self.adapter?.activate(self)
        })
        gtk_widget_add_controller(container.widget.pointer, gdd_event_controller(untyped(click)))  // takes the controller
        bind()
    }

    /// The container in the box.
    var widget: UnsafeMutablePointer<GtkWidget> { container.widget.pointer }
    /// The view shown.
    var view: (any RowView)? { container.view }

    /// Binds the row's generator to a view of its kind (made now if the view is missing or of another kind).
    private func bind() {
        let generator = row.generator
        let kind = generator.reuseIdentifier
        if container.view == nil || viewKind != kind {
            container.setView(generator.makeView())
            viewKind = kind
            adapter?.statistics.viewsCreated += 1
        }
        guard let view = container.view else { return }
        manager.withinViewCallback { generator.bind(view) }
        self.generator = generator
        showsStaleContent = false
        adapter?.statistics.binds += 1
        listenForFolds(generator)
        updateExpander()
        describeForAccessibility()
        if let displayable = generator as? DisplayableItem {
            manager.withinViewCallback { displayable.willDisplayEvent.invoke() }
        }
    }

    /// Unbinds the view from the generator bound to it.
    private func unbind() {
        guard let generator, let view = container.view else { return }
        manager.withinViewCallback { generator.unbind(view) }
        self.generator = nil
        adapter?.statistics.unbinds += 1
        if let displayable = generator as? DisplayableItem {
            manager.withinViewCallback { displayable.didEndDisplayEvent.invoke() }
        }
    }

    /// The row's content changed: rebind the same view now (a new one only if the kind changed).
    func contentChanged() {
        showsStaleContent = true
        refresh()
    }

    /// Rebinds the same view (a new one only if the kind changed) when the row's content or generator
    /// changed since it was bound.
    func refresh() {
        guard showsStaleContent || row.generator !== generator else { return }
        unbind()
        adapter?.statistics.rebinds += 1
        bind()
    }

    /// The row was handed from `previous` to an equal generator: it adopts the view as it is.
    func adopt(from previous: any RowGenerator) {
        guard let view = container.view, generator === previous,
              row.generator.reuseIdentifier == viewKind, !showsStaleContent else { return }
        let next = row.generator
        manager.withinViewCallback { next.adopt(view, from: previous) }
        generator = next
        adapter?.statistics.adoptions += 1
        listenForFolds(next)
        updateExpander()
        describeForAccessibility()
    }

    /// Indents the row by its depth (`BoxAdapter.indentPerLevel` a level).
    func applyIndent() {
        guard let adapter else { return }
        container.setIndent(row.depth * adapter.indentPerLevel)
    }

    /// Shows whether the row can fold and whether it is expanded. A child row that cannot fold keeps
    /// the expander's space (GtkTreeExpander's indent-for-icon), so its content starts past its
    /// parent's expander; not when the parent draws its own arrow (its title has no expander before it).
    func updateExpander() {
        guard let foldable = row.generator as? FoldableItem else {
            let reserves = row.depth > 0 && row.role == .row
                && (manager.parent(of: row.generator) as? FoldableItem)?.showsOwnExpander != true
            container.setExpander(reserves ? .reserved : .none)
            accessibility.setExpanded(nil, on: widget)
            return
        }
        container.setExpander(foldable.showsOwnExpander ? .none : foldable.isExpanded ? .expanded : .collapsed)
        accessibility.setExpanded(row.role == .row ? foldable.isExpanded : nil, on: widget)
    }

    /// Names the row for assistive technologies; a row (not a header or footer) gets its level
    /// and, when it can fold, its expanded state.
    private func describeForAccessibility() {
        guard let generator, let view = container.view else { return }
        let isRow = row.role == .row
        let expanded = isRow ? GeneratorTraits.foldable(generator)?.isExpanded : nil
        accessibility.describe(widget, name: RowAccessibility.name(of: generator, in: view),
                               level: isRow ? row.depth + 1 : nil, expanded: expanded)
    }

    /// Listens to the fold events of `generator` if it can fold (an expand that reveals no row
    /// changes no position, yet the arrow must turn).
    private func listenForFolds(_ generator: any RowGenerator) {
        let foldable = generator as? FoldableItem
        guard foldable !== foldListened else { return }
        stopListening()
        guard let foldable else { return }
        foldable.didFoldEvent.addListener(key: listenerKey) { [weak self] _ in self?.updateExpander() }
        foldListened = foldable
    }

    /// This child's key among the event's listeners (another child may listen to the same
    /// generator for a moment, when a row of it is replaced by a new row of it).
    private var listenerKey: AnyHashable { AnyHashable(FoldListenerKey(child: ObjectIdentifier(self))) }

    private func stopListening() {
        guard let foldListened else { return }
        foldListened.didFoldEvent.removeListener(key: listenerKey)
        self.foldListened = nil
    }

    /// The row left the manager: unbind, give the view up, leave the box.
    func destroy(in box: UnsafeMutablePointer<GtkWidget>) {
        unbind()
        stopListening()
        container.removeView()
        viewKind = nil
        if gtk_widget_get_parent(widget) == box {
            gtk_box_remove(gdd_box(untyped(box)), widget)
        }
        adapter?.statistics.destroyed += 1
    }
}

/// The key of a box child's listener on a foldable's `didFoldEvent`.
private struct FoldListenerKey: Hashable {
    let child: ObjectIdentifier
}
