// The demo's row views: a section header, a two-line text row, a "badge" row (icon, two lines,
// a count) whose widgets come from a GtkBuilder file, a parcel row (Gravity page) and a place
// row (Folding page).

import CGtk
import GtkDataDisplay

/// A left-aligned label that ellipsizes instead of widening the list.
@MainActor
func makeLabel(cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    gtk_label_set_xalign(gdd_label(label), 0)
    gtk_label_set_ellipsize(gdd_label(label), PANGO_ELLIPSIZE_END)
    gtk_widget_add_css_class(label, cssClass)
    return label
}

/// A section header: one title. The library marks header rows with the CSS class `gdd-header`
/// and bolds their `gdd-title` labels; `demo.css` adds the rest.
@MainActor
final class SectionHeaderView: ConfigurableRowView {
    let widget: Widget
    private let title: UnsafeMutablePointer<GtkWidget>

    static func make() -> SectionHeaderView { SectionHeaderView() }

    private init() {
        title = makeLabel(cssClass: "gdd-title")
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(gdd_box(box), title)
        widget = Widget(box)
        widget.addCSSClass("section-header")
    }

    func configure(with model: String) {
        gtk_label_set_text(gdd_label(title), model)
    }
}

/// A two-line row: a title over a dimmed subtitle.
@MainActor
final class TextRowView: ConfigurableRowView {
    let widget: Widget
    private let title: UnsafeMutablePointer<GtkWidget>
    private let subtitle: UnsafeMutablePointer<GtkWidget>

    static func make() -> TextRowView { TextRowView() }

    private init() {
        title = makeLabel(cssClass: "title")
        subtitle = makeLabel(cssClass: "subtitle")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_box_append(gdd_box(box), title)
        gtk_box_append(gdd_box(box), subtitle)
        widget = Widget(box)
        widget.addCSSClass("text-row")
    }

    func configure(with model: Produce) {
        gtk_label_set_text(gdd_label(title), model.name)
        gtk_label_set_text(gdd_label(subtitle), model.note)
    }
}

/// A row with an icon, a title and caption, and a count in a pill. Its widgets are described by
/// `Resources/ui/badge-row.ui`; without that file they are built in code, with the same names.
@MainActor
final class BadgeRowView: ConfigurableRowView {
    let widget: Widget
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let caption: UnsafeMutablePointer<GtkWidget>
    private let count: UnsafeMutablePointer<GtkWidget>

    /// The .ui text, read once; every view parses it with its own builder.
    private static let uiDefinition = DemoResources.text("ui/badge-row.ui")

    static func make() -> BadgeRowView {
        if let ui = uiDefinition, let view = BadgeRowView(ui: ui) { return view }
        return BadgeRowView()
    }

    /// Builds the widgets from the .ui text; nil when it does not parse or lacks a part.
    private init?(ui: String) {
        let builder = gtk_builder_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }  // the root keeps the parts; `widget` keeps the root
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, ui, -1, &error) != 0 else {
            DemoResources.warn("badge-row.ui: \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
            g_clear_error(&error)
            return nil
        }
        func part(_ id: String) -> UnsafeMutablePointer<GtkWidget>? {
            guard let object = gtk_builder_get_object(builder, id), gdd_is_widget(object) != 0 else {
                DemoResources.warn("badge-row.ui: no widget with id \"\(id)\"")
                return nil
            }
            return gdd_widget(object)
        }
        guard let root = part("root"), let icon = part("icon"), let title = part("title"),
              let caption = part("caption"), let count = part("count") else { return nil }
        widget = Widget(root)
        self.icon = icon
        self.title = title
        self.caption = caption
        self.count = count
    }

    /// The same widgets in code: the fallback when the .ui file is missing.
    private init() {
        icon = gtk_image_new()!
        gtk_image_set_pixel_size(gdd_image(icon), 24)
        gdd_accessible_set_hidden(UnsafeMutableRawPointer(icon), 1)  // decorative: the title names the row
        title = makeLabel(cssClass: "title")
        caption = makeLabel(cssClass: "subtitle")
        count = gtk_label_new(nil)!
        gtk_widget_add_css_class(count, "badge")
        gtk_widget_set_valign(count, GTK_ALIGN_CENTER)
        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(text, 1)
        gtk_box_append(gdd_box(text), title)
        gtk_box_append(gdd_box(text), caption)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(gdd_box(box), icon)
        gtk_box_append(gdd_box(box), text)
        gtk_box_append(gdd_box(box), count)
        widget = Widget(box)
        widget.addCSSClass("badge-row")
    }

    func configure(with model: StockItem) {
        gtk_image_set_from_icon_name(gdd_image(icon), model.icon)
        gtk_label_set_text(gdd_label(title), model.name)
        gtk_label_set_text(gdd_label(caption), model.caption)
        gtk_label_set_text(gdd_label(count), String(model.count))
    }
}

/// A parcel on the Gravity page: an icon, its title over its weight, and a bar as long as the
/// weight, so the order by weight shows at a glance.
@MainActor
final class ParcelRowView: ConfigurableRowView {
    let widget: Widget
    private let title: UnsafeMutablePointer<GtkWidget>
    private let subtitle: UnsafeMutablePointer<GtkWidget>
    private let bar: UnsafeMutablePointer<GtkWidget>

    static func make() -> ParcelRowView { ParcelRowView() }

    private init() {
        let icon = gtk_image_new_from_icon_name("package-x-generic-symbolic")!
        gtk_image_set_pixel_size(gdd_image(icon), 24)
        gdd_accessible_set_hidden(UnsafeMutableRawPointer(icon), 1)  // decorative: the title names the row
        title = makeLabel(cssClass: "title")
        subtitle = makeLabel(cssClass: "subtitle")
        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(text, 1)
        gtk_box_append(gdd_box(text), title)
        gtk_box_append(gdd_box(text), subtitle)
        bar = gtk_progress_bar_new()!
        gtk_widget_set_size_request(bar, 120, -1)
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(gdd_box(box), icon)
        gtk_box_append(gdd_box(box), text)
        gtk_box_append(gdd_box(box), bar)
        widget = Widget(box)
        widget.addCSSClass("parcel-row")
    }

    func configure(with model: Parcel) {
        gtk_label_set_text(gdd_label(title), model.title)
        var detail = "weight \(model.weight)"
        if let anchor = model.anchor { detail += " · placed after “\(anchor)”, not by weight" }
        gtk_label_set_text(gdd_label(subtitle), detail)
        // GtkProgressBar is a final type (an opaque pointer in Swift); `bar` was made as one.
        gtk_progress_bar_set_fraction(OpaquePointer(bar), Double(model.weight) / Double(WeightBand.maximumWeight))
        // The anchor rule breaks the order on purpose: mark those rows so it is plain to see.
        if model.anchor != nil { widget.addCSSClass("by-anchor") } else { widget.removeCSSClass("by-anchor") }
    }
}

/// A place on the Folding page: an icon for its level, its name over a dimmed detail.
/// The list view indents it by depth and puts the expander before it.
@MainActor
final class PlaceRowView: ConfigurableRowView {
    let widget: Widget
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let subtitle: UnsafeMutablePointer<GtkWidget>

    static func make() -> PlaceRowView { PlaceRowView() }

    private init() {
        icon = gtk_image_new()!
        gtk_image_set_pixel_size(gdd_image(icon), 16)
        gdd_accessible_set_hidden(UnsafeMutableRawPointer(icon), 1)  // decorative: the title names the row
        title = makeLabel(cssClass: "title")
        subtitle = makeLabel(cssClass: "subtitle")
        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(text, 1)
        gtk_box_append(gdd_box(text), title)
        gtk_box_append(gdd_box(text), subtitle)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_box_append(gdd_box(box), icon)
        gtk_box_append(gdd_box(box), text)
        widget = Widget(box)
        widget.addCSSClass("place-row")
    }

    func configure(with model: Place) {
        gtk_image_set_from_icon_name(gdd_image(icon), model.kind.icon)
        gtk_label_set_text(gdd_label(title), model.name)
        gtk_label_set_text(gdd_label(subtitle), model.detail)
    }
}
