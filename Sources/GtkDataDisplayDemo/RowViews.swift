// The demo's row views: a section header, a two-line text row, a parcel row (Gravity page) and
// a place row (Folding page), built from the library's widget helpers. The badge row's widgets
// come from a GtkBuilder file: see BadgeRow.swift.

import GtkDataDisplay

/// A left-aligned label that ellipsizes instead of widening the list.
@MainActor
func makeLabel(cssClass: String) -> Label {
    let label = Label(xalign: 0, ellipsize: true)
    label.addCSSClass(cssClass)
    return label
}

/// An icon beside a text that says the same: screen readers skip it.
@MainActor
func makeDecorativeIcon(_ iconName: String? = nil, pixelSize: Int) -> Image {
    let icon = Image(iconName: iconName, pixelSize: pixelSize)
    icon.widget.setAccessibleHidden(true)  // decorative: the title names the row
    return icon
}

/// A section header: one title. The library marks header rows with the CSS class `gdd-header`
/// and bolds their `gdd-title` labels; `demo.css` adds the rest.
@MainActor
final class SectionHeaderView: ConfigurableRowView {
    let widget: Widget
    private let title = makeLabel(cssClass: "gdd-title")

    static func make() -> SectionHeaderView { SectionHeaderView() }

    private init() {
        widget = Box(.horizontal, spacing: 0, title).widget
        widget.addCSSClass("section-header")
    }

    func configure(with model: String) {
        title.text = model
    }
}

/// A two-line row: a title over a dimmed subtitle.
@MainActor
final class TextRowView: ConfigurableRowView {
    let widget: Widget
    private let title = makeLabel(cssClass: "title")
    private let subtitle = makeLabel(cssClass: "subtitle")

    static func make() -> TextRowView { TextRowView() }

    private init() {
        widget = Box(.vertical, spacing: 2, title, subtitle).widget
        widget.addCSSClass("text-row")
    }

    func configure(with model: Produce) {
        title.text = model.name
        subtitle.text = model.note
    }
}

/// A parcel on the Gravity page: an icon, its title over its weight, and a bar as long as the
/// weight, so the order by weight shows at a glance.
@MainActor
final class ParcelRowView: ConfigurableRowView {
    let widget: Widget
    private let title = makeLabel(cssClass: "title")
    private let subtitle = makeLabel(cssClass: "subtitle")
    private let bar = ProgressBar()

    static func make() -> ParcelRowView { ParcelRowView() }

    private init() {
        let text = Box(.vertical, spacing: 2, title, subtitle)
        text.hexpand = true
        bar.setSizeRequest(width: 120)
        bar.valign = .center
        widget = Box(.horizontal, spacing: 12, makeDecorativeIcon("package-x-generic-symbolic", pixelSize: 24), text, bar).widget
        widget.addCSSClass("parcel-row")
    }

    func configure(with model: Parcel) {
        title.text = model.title
        var detail = "weight \(model.weight)"
        if let anchor = model.anchor { detail += " · placed after “\(anchor)”, not by weight" }
        subtitle.text = detail
        bar.fraction = Double(model.weight) / Double(WeightBand.maximumWeight)
        // The anchor rule breaks the order on purpose: mark those rows so it is plain to see.
        widget.setCSSClass("by-anchor", model.anchor != nil)
    }
}

/// A place on the Folding page: an icon for its level, its name over a dimmed detail.
/// The list view indents it by depth and puts the expander before it.
@MainActor
final class PlaceRowView: ConfigurableRowView {
    let widget: Widget
    private let icon = makeDecorativeIcon(pixelSize: 16)
    private let title = makeLabel(cssClass: "title")
    private let subtitle = makeLabel(cssClass: "subtitle")

    static func make() -> PlaceRowView { PlaceRowView() }

    private init() {
        let text = Box(.vertical, spacing: 0, title, subtitle)
        text.hexpand = true
        widget = Box(.horizontal, spacing: 8, icon, text).widget
        widget.addCSSClass("place-row")
    }

    func configure(with model: Place) {
        icon.iconName = model.kind.icon
        title.text = model.name
        subtitle.text = model.detail
    }
}
