import CGtkDataDisplay

/// Where a row's widget stands in the rows' area (the list view's, grid's or table body's own
/// coordinates), as of the last layout.
struct RowSpot: Equatable {
    let x: Double
    let y: Double

    /// `widget`'s place in `rowsView` (nil when it has none: not laid out there).
    @MainActor
    static func of(_ widget: UnsafeMutablePointer<GtkWidget>, in rowsView: UnsafeMutablePointer<GtkWidget>) -> RowSpot? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, rowsView, &bounds) != 0 else { return nil }
        return RowSpot(x: Double(bounds.origin.x), y: Double(bounds.origin.y))
    }
}

/// Pictures of rows ("ghosts"), laid over a view's rows while they fade out or glide: a `GtkFixed`
/// in the adapter's overlay, right above the rows (below a pinned header or an empty state), as
/// large as the rows' area and clipped to it. It takes no input and is hidden from assistive
/// technologies: the rows themselves stay where screen readers and the keyboard find them.
@MainActor
final class RowGhostLayer {
    /// The `GtkFixed` (in the overlay, and held here too: the plugin may outlive the view).
    let fixed: UnsafeMutablePointer<GtkWidget>
    private let fixedReference: ObjectReference
    private let rowsView: UnsafeMutablePointer<GtkWidget>
    private let overlay: UnsafeMutablePointer<GtkWidget>
    /// The pictures shown, with a reference each (the fixed holds its own).
    private var pictures: [ObjectReference] = []

    /// An empty layer over `adapter`'s rows.
    init(over adapter: ListBaseAdapter) {
        rowsView = adapter.rowsView
        overlay = adapter.widget
        fixed = gtk_fixed_new()!
        fixedReference = ObjectReference(sinking: untyped(fixed))
        gtk_widget_set_can_target(fixed, 0)
        gtk_widget_set_overflow(fixed, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(fixed, "gdd-row-ghosts")
        gtk_widget_set_visible(fixed, 0)
        AccessibleAttributes.setHidden(fixed, true)
        gtk_overlay_add_overlay(gdd_overlay(untyped(overlay)), fixed)
        // Drawn right after the rows: other overlays (a pinned header) stay above the pictures.
        if let rows = gtk_overlay_get_child(gdd_overlay(untyped(overlay))) {
            gtk_widget_insert_after(fixed, overlay, rows)
        }
    }

    /// A still picture of `widget` as it draws now (a `GdkPaintable`, one reference, released by
    /// the caller's `ObjectReference`); nil when it draws nothing.
    static func picture(of widget: UnsafeMutablePointer<GtkWidget>) -> ObjectReference? {
        guard gtk_widget_get_width(widget) > 0, gtk_widget_get_height(widget) > 0,
              let live = gtk_widget_paintable_new(widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(live)) }
        guard let still = gdk_paintable_get_current_image(live) else { return nil }
        return ObjectReference(adopting: UnsafeMutableRawPointer(still))
    }

    /// Shows `paintable` at `spot` (rows' coordinates), styled with `cssClass`; returns the picture.
    @discardableResult
    func show(_ paintable: ObjectReference, at spot: RowSpot, cssClass: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
        if pictures.isEmpty { alignWithRows() }  // once an animation: the rows' area does not move during it
        let picture = gtk_picture_new_for_paintable(OpaquePointer(paintable.pointer))!
        gtk_picture_set_can_shrink(gdd_picture(untyped(picture)), 0)
        if let cssClass { gtk_widget_add_css_class(picture, cssClass) }
        gtk_fixed_put(gdd_fixed(untyped(fixed)), picture, spot.x, spot.y)
        pictures.append(ObjectReference(retaining: untyped(picture)))
        if gtk_widget_get_visible(fixed) == 0 { gtk_widget_set_visible(fixed, 1) }
        return picture
    }

    /// Moves a picture shown by `show` to `spot`.
    func move(_ picture: UnsafeMutablePointer<GtkWidget>, to spot: RowSpot) {
        gtk_fixed_move(gdd_fixed(untyped(fixed)), picture, spot.x, spot.y)
    }

    /// Takes every picture away and hides the layer.
    func clear() {
        guard !pictures.isEmpty else { return }
        for picture in pictures {
            let widget = picture.pointer.assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_parent(widget) == fixed { gtk_fixed_remove(gdd_fixed(untyped(fixed)), widget) }
        }
        pictures.removeAll()
        gtk_widget_set_visible(fixed, 0)
    }

    /// How many pictures are shown.
    var count: Int { pictures.count }

    /// Covers the rows' area (below a table's column headers, say) and no more.
    private func alignWithRows() {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(rowsView, overlay, &bounds) != 0 else { return }
        let top = max(0, Int32(bounds.origin.y.rounded())), start = max(0, Int32(bounds.origin.x.rounded()))
        if gtk_widget_get_margin_top(fixed) != top { gtk_widget_set_margin_top(fixed, top) }
        if gtk_widget_get_margin_start(fixed) != start { gtk_widget_set_margin_start(fixed, start) }
        let width = Int32(bounds.size.width.rounded()), height = Int32(bounds.size.height.rounded())
        gtk_widget_set_size_request(fixed, width, height)
        gtk_widget_set_halign(fixed, GTK_ALIGN_START)
        gtk_widget_set_valign(fixed, GTK_ALIGN_START)
    }
}
