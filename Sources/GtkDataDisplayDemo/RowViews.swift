// The demo's row templates for the list pages: a section header, a two-line text row, a parcel
// row (Gravity page) and a place row (Folding page). Their widgets are GtkBuilder files in
// `Resources/ui/`, read from the demo's resource bundle; these say which model field goes where.
// The badge row is in BadgeRow.swift.

import GtkDataDisplay
import GtkDataDisplayShell

/// A left-aligned label that ellipsizes instead of widening the window.
@MainActor
func makeLabel(cssClass: String) -> Label {
    let label = Label(xalign: 0, ellipsize: true)
    label.addCSSClass(cssClass)
    return label
}

/// A section header: one title (`section-header.ui`). The library marks header rows with the
/// CSS class `gdd-header` and bolds their `gdd-title` labels; `demo.css` adds the rest.
class SectionHeader: TemplateHeaderGenerator<String> {
    init<ID: Hashable>(model: String, id: ID) {
        super.init(template: Self.template, model: model, id: id)
    }

    static let template: RowTemplate<String> = DemoResources.template("section-header.ui") {
        $0.bind("title", .label, to: { $0 })
    }
}

/// The two-line row's template (`text-row.ui`): a title over a dimmed subtitle.
@MainActor
enum TextRowTemplate {
    static let template: RowTemplate<Produce> = DemoResources.template("text-row.ui") {
        $0.bind("title", .label, to: \.name)
            .bind("subtitle", .label, to: \.note)
    }
}

/// A parcel on the Gravity page (`parcel-row.ui`): an icon, its title over its weight, and a bar
/// as long as the weight, so the order by weight shows at a glance.
@MainActor
enum ParcelRowTemplate {
    static let template: RowTemplate<Parcel> = DemoResources.template("parcel-row.ui") {
        $0.bind("title", .label, to: \.title)
            .bind("subtitle", .label, to: { parcel in
                var detail = "weight \(parcel.weight)"
                if let anchor = parcel.anchor { detail += " · placed after “\(anchor)”, not by weight" }
                return detail
            })
            .bind("bar", .property("fraction"), to: { min(max(Double($0.weight) / Double(WeightBand.maximumWeight), 0), 1) })
            // The anchor rule breaks the order on purpose: mark those rows so it is plain to see.
            .bind("row", .cssClass("by-anchor"), to: { $0.anchor != nil })
    }
}

/// A place on the Folding page (`place-row.ui`): an icon for its level, its name over a dimmed
/// detail. The list view indents it by depth and puts the expander before it.
@MainActor
enum PlaceRowTemplate {
    static let template: RowTemplate<Place> = DemoResources.template("place-row.ui") {
        $0.bind("icon", .iconName, to: { Optional($0.kind.icon) })
            .bind("title", .label, to: \.name)
            .bind("subtitle", .label, to: \.detail)
    }
}
