// Sticky section headers: the header of the section at the top of the view stays pinned over the
// rows while they scroll, until the next section's header pushes it up — as iOS and Android lists
// do, and GTK's do not (GTK 4.12's section headers scroll away).
//
// The pinned header is a second view of the section's header generator (made and bound as the
// view's own are), in a `GtkFixed` laid over the scrolled window: the fixed is as high as the part
// of the header that shows, so a header pushed up is cut at the top. It follows the rows after each
// layout, once their positions are final for the frame (`ScrollController.didFinishLayout`). It is
// kept out of the accessibility tree: screen readers read the headers where they stand.

import CGtkDataDisplay

/// Pins the header of the section at the top of a list, grid or table view over its rows while
/// they scroll; the next section's header pushes it up. A click on the pinned header scrolls to the
/// start of its section. A row scrolled to the top (`scrollTo(_:at: .first)`) stands below the
/// pinned header. Opt-in per adapter:
///
///     let contacts = manager.listViewBuilder.add(plugin: .stickyHeaders()).build()
///
/// Sections without a header pin nothing. The pinned header is a view of its own of the header
/// generator (`makeView()` and `bind(_:)`), drawn over the rows with the view's background.
@MainActor
public final class StickyHeadersPlugin: AdapterPlugin {
    /// The header pinned now; nil while the top section's header stands in place (or has none).
    public private(set) var pinnedHeader: (any RowGenerator)?
    /// How far the next section's header has pushed the pinned one up, in pixels (0: not at all).
    public private(set) var pushedUp = 0.0
    /// Fires with the header that got pinned (nil: none is) each time it changes.
    public let pinnedHeaderChanged = Event<(any RowGenerator)?>()

    private weak var adapter: ListBaseAdapter?
    /// The `GtkFixed` over the scrolled window holding the pinned view (owned by the overlay).
    private var holder: UnsafeMutablePointer<GtkWidget>?
    private var view: (any RowView)?
    private var viewKind: ReuseIdentifier?
    /// The pinned view's height at the last layout that pinned one (0 before).
    private var pinnedHeight = 0.0
    /// Whether the manager changed since the pinned view was bound (its header may show other content).
    private var managerChanged = false

    /// A plugin pinning section headers.
    public init() {}

    /// Lays the pinned header's place over `adapter`'s scrolled window and follows its layouts.
    public func install(on adapter: ListBaseAdapter) {
        precondition(self.adapter == nil, "a StickyHeadersPlugin serves one view")
        self.adapter = adapter
        let holder = gtk_fixed_new()!
        gtk_widget_set_valign(holder, GTK_ALIGN_START)
        gtk_widget_set_overflow(holder, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(holder, "gdd-pinned-header")
        gtk_widget_set_visible(holder, 0)
        AccessibleAttributes.setHidden(holder, true)
        let click = gtk_gesture_click_new()!
        Signal.connect(untyped(click), "released", click: { [weak self] _, _, _ in self?.scrollToPinnedSection() })
        gtk_widget_add_controller(holder, gdd_event_controller(untyped(click)))  // takes the gesture
        gtk_overlay_add_overlay(gdd_overlay(untyped(adapter.widget)), holder)
        self.holder = holder
        adapter.scrolling.didFinishLayout += { [weak self] in self?.follow() }
        adapter.manager.didApplyChange += { [weak self] in self?.managerChanged = true }
        adapter.rowsTopInset = { [weak self, weak adapter] row in
            // A header replaces the pinned one; a row of a section with a header stands below it.
            guard let self, let adapter, row.role != .header, let section = adapter.manager.sectionHeader(of: row) else { return 0 }
            return self.pinnedHeader === section.header.generator ? self.pinnedHeight : self.height(of: section.header.generator)
        }
    }

    /// Pins the header of the top row's section, pushed up by the next header when it is near.
    private func follow() {
        guard let adapter, let holder else { return }
        let frames = adapter.visibleFrames()
        guard let top = frames.first,
              let section = adapter.manager.sectionHeader(of: top.row),
              !(top.row === section.header && top.y > -0.5) else { return unpin() }
        let view = pinnedView(for: section.header.generator)
        let height = measure(view, width: gtk_widget_get_width(adapter.rowsView))
        pinnedHeight = height
        // The first header below the top row's section pushes the pinned one up once it is nearer than its height.
        // (In a grid a header shares its line with the last tiles of the section before.)
        let next = frames.first { $0.position > top.position && $0.row.role == .header && $0.row !== section.header }
        let pushed = min(next.map { max(0, (height - $0.y).rounded()) } ?? 0, height)
        // Pushed all the way: the next header stands at the top, in place.
        guard pushed < height else { return unpin() }
        if pushed != pushedUp || view.widget.parent != holder {
            pushedUp = pushed
            gtk_fixed_move(gdd_fixed(untyped(holder)), view.widget.pointer, 0, -pushedUp)
        }
        // Where the rows start in the overlay: below a table's column headers.
        var bounds = graphene_rect_t()
        let rowsTop = gtk_widget_compute_bounds(adapter.rowsView, adapter.widget, &bounds) != 0 ? Int32(bounds.origin.y.rounded()) : 0
        if gtk_widget_get_margin_top(holder) != max(0, rowsTop) { gtk_widget_set_margin_top(holder, max(0, rowsTop)) }
        if gtk_widget_get_visible(holder) == 0 { gtk_widget_set_visible(holder, 1) }
        if pinnedHeader !== section.header.generator {
            pinnedHeader = section.header.generator
            pinnedHeaderChanged.invoke(with: pinnedHeader)
        }
    }

    /// The height `header` takes pinned (its pinned view made and bound for it).
    private func height(of header: any RowGenerator) -> Double {
        guard let adapter else { return 0 }
        let height = measure(pinnedView(for: header), width: gtk_widget_get_width(adapter.rowsView))
        // (The view shows `header` now: the next layout binds the pinned one again.)
        managerChanged = true
        return height
    }

    /// `view` given `width`, and its natural height for it. (Each change queues a layout: only what
    /// changed is set, or the frame clock lays out again and again.)
    private func measure(_ view: any RowView, width: Int32) -> Double {
        var requested: Int32 = 0
        gtk_widget_get_size_request(view.widget.pointer, &requested, nil)
        if requested != width { gtk_widget_set_size_request(view.widget.pointer, width, -1) }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(view.widget.pointer, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
        return Double(natural)
    }

    /// The pinned view, bound to `header` (made again when the header's kind of view changes).
    private func pinnedView(for header: any RowGenerator) -> any RowView {
        if let view, viewKind == header.reuseIdentifier {
            if pinnedHeader !== header || managerChanged { header.bind(view) }
            managerChanged = false
            return view
        }
        managerChanged = false
        if let old = view { gtk_fixed_remove(gdd_fixed(untyped(holder!)), old.widget.pointer) }
        let made = header.makeView()
        made.widget.addCSSClass("gdd-header")
        gtk_fixed_put(gdd_fixed(untyped(holder!)), made.widget.pointer, 0, 0)
        header.bind(made)
        view = made
        viewKind = header.reuseIdentifier
        return made
    }

    private func unpin() {
        guard let holder else { return }
        if gtk_widget_get_visible(holder) != 0 { gtk_widget_set_visible(holder, 0) }
        pushedUp = 0
        if pinnedHeader != nil {
            pinnedHeader = nil
            pinnedHeaderChanged.invoke(with: nil)
        }
    }

    /// A click on the pinned header: its section's start comes to the top.
    private func scrollToPinnedSection() {
        guard let adapter, let header = pinnedHeader else { return }
        try? adapter.scrollTo(sectionWith: header, at: .first)
    }
}

extension AdapterPlugin where Self == StickyHeadersPlugin {
    /// Sticky section headers: the top section's header stays pinned over the rows while they
    /// scroll, until the next header pushes it up; a click on it scrolls to the section's start.
    public static func stickyHeaders() -> StickyHeadersPlugin { StickyHeadersPlugin() }
}
