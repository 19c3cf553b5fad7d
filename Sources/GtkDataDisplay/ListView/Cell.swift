import CGtk

/// The Swift state of one `GtkListItem`: which view it holds and which row that view shows.
///
/// Created in the factory's `setup`, stored on the list item (released with it). `bind` checks
/// that the child widget is of the row's kind and swaps in a pooled view of the right kind when
/// it is not, so rows of different kinds can share recycled list items.
@MainActor
final class Cell {
    let listItem: OpaquePointer
    weak var adapter: ListViewAdapter?
    private(set) var view: (any RowView)?
    private(set) var viewKind: ReuseIdentifier?
    private(set) var generator: (any RowGenerator)?
    private(set) weak var row: Row?
    private var boundVersion: UInt32 = 0
    private var unbindPending = false
    private var styledRole: RowRole = .row

    init(listItem: OpaquePointer, adapter: ListViewAdapter) {
        self.listItem = listItem
        self.adapter = adapter
    }

    /// Shows `row` (GTK's `bind`). GTK 4.8 re-emits unbind + bind whenever a list item's position
    /// or selection changes; when the row, its generator and its content are what this cell already
    /// shows, the pair is absorbed here and the generator is not called.
    func bind(_ row: Row) {
        if unbindPending {
            unbindPending = false
            if isShowing(row) {
                generator = row.generator
                return
            }
            completeUnbind()
        }
        let generator = row.generator
        let kind = generator.reuseIdentifier
        if view == nil || viewKind != kind { takeView(for: generator, kind: kind) }
        guard let view else { return }
        generator.bind(view)
        self.generator = generator
        self.row = row
        row.cell = self
        boundVersion = row.contentVersion
        gtk_list_item_set_selectable(listItem, generator.isSelectable ? 1 : 0)
        gtk_list_item_set_activatable(listItem, generator.isActivatable ? 1 : 0)
        style(for: row.role)
        adapter?.statistics.binds += 1
        (generator as? DisplayableItem)?.willDisplayEvent.invoke()
    }

    /// Whether this cell already shows `row`'s current content in a view of its kind.
    private func isShowing(_ row: Row) -> Bool {
        row === self.row && row.contentVersion == boundVersion && view != nil
            && (row.generator === generator || row.generator.reuseIdentifier == viewKind)
    }

    /// The row was handed to a new generator with equal content: keep the view as it is.
    func adoptGenerator(of row: Row) {
        guard isShowing(row) else { return }
        generator = row.generator
    }

    /// GTK's `unbind`: deferred, because GTK 4.8 sends it before every rebind of the same item.
    /// The adapter completes it on idle if no bind follows.
    func scheduleUnbind() {
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

    /// Stops showing the row. The view stays as the child for the next bind.
    func unbind() {
        unbindPending = false
        completeUnbind()
    }

    private func completeUnbind() {
        guard let generator, let view else { return }
        generator.unbind(view)
        if row?.cell === self { row?.cell = nil }
        self.generator = nil
        self.row = nil
        adapter?.statistics.unbinds += 1
        (generator as? DisplayableItem)?.didEndDisplayEvent.invoke()
    }

    /// Rebinds in place when the row's content (or generator) changed since it was bound.
    func refreshIfStale() {
        guard let row, row.contentVersion != boundVersion || row.generator !== generator else { return }
        unbindPending = false
        if let generator, let view { generator.unbind(view) }
        adapter?.statistics.rebinds += 1
        bind(row)
    }

    /// Gives the view back (GTK's `teardown`).
    func teardown() {
        unbind()
        releaseView()
        gtk_list_item_set_child(listItem, nil)
    }

    /// Drops the view without touching the list item's child (another list item takes it).
    func forgetView() {
        if let view { adapter?.forgetOwner(of: view) }
        view = nil
        viewKind = nil
    }

    private func releaseView() {
        guard let view, let viewKind else { return }
        adapter?.forgetOwner(of: view)
        adapter?.pool.give(view, kind: viewKind)
        self.view = nil
        self.viewKind = nil
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
        // A view kept by its generator may still be the child of another list item.
        adapter?.claim(next, for: self)
        if next.widget.parent != nil { gtk_widget_unparent(next.widget.pointer) }
        gtk_list_item_set_child(listItem, next.widget.pointer)
        view = next
        viewKind = kind
        styledRole = .row
    }

    private func style(for role: RowRole) {
        guard let view, role != styledRole else { return }
        let parent = gtk_widget_get_parent(view.widget.pointer)
        for (r, name) in [(RowRole.header, "gdd-header"), (.footer, "gdd-footer")] {
            if r == styledRole {
                view.widget.removeCSSClass(name)
                if let parent { name.withGString { gtk_widget_remove_css_class(parent, $0) } }
            }
            if r == role {
                view.widget.addCSSClass(name)
                if let parent { name.withGString { gtk_widget_add_css_class(parent, $0) } }
            }
        }
        styledRole = role
    }
}
