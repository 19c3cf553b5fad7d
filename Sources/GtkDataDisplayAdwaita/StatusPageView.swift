import CAdwDataDisplay
import CGtkDataDisplay
import GtkDataDisplay

/// An empty state as a libadwaita app shows one: an `AdwStatusPage` (large dimmed icon, title,
/// description) with the action as a pill button under it. Give it to an `EmptyStatePlugin`
/// (`.statusPage(…)` makes both); its texts can change while it is shown.
@MainActor
public final class StatusPageView: EmptyStatePlaceholder {
    /// The `AdwStatusPage`.
    public let widget: OwnedWidget
    /// The action's `GtkButton` (the status page's child; hidden while `actionLabel` is nil).
    public let actionButton: OwnedWidget

    /// A status page with these parts; `actionLabel` nil shows no button.
    public init(iconName: String?, title: String, description: String?, actionLabel: String?) {
        Adwaita.registerTypes()
        widget = OwnedWidget(adw_status_page_new())
        actionButton = OwnedWidget(gtk_button_new())
        actionButton.addCSSClass("pill")
        actionButton.addCSSClass("suggested-action")
        gtk_widget_set_halign(actionButton.pointer, GTK_ALIGN_CENTER)
        adw_status_page_set_child(gdd_adw_status_page(widget.raw), UnsafeMutableRawPointer(actionButton.pointer).assumingMemoryBound(to: CAdwDataDisplay.GtkWidget.self))
        self.iconName = iconName
        self.title = title
        self.description = description ?? ""
        showDescription()   // (an initialiser's assignment calls no `didSet`)
        self.actionLabel = actionLabel
        // Its icon is decorative (the title says it), its scroll bars named.
        InternalWidgetNames.tidyInnerParts(under: widget.pointer)
    }

    /// The themed icon shown above the title; nil shows none.
    public var iconName: String? {
        get { adw_status_page_get_icon_name(gdd_adw_status_page(widget.raw)).map { String(cString: $0) } }
        set { adw_status_page_set_icon_name(gdd_adw_status_page(widget.raw), newValue) }
    }

    /// The title.
    public var title: String {
        get { adw_status_page_get_title(gdd_adw_status_page(widget.raw)).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(gdd_adw_status_page(widget.raw), newValue) }
    }

    /// The description under the title, shown as it is (the status page reads Pango markup: the
    /// text is escaped for it); empty shows none.
    public var description: String = "" {
        didSet { showDescription() }
    }

    private func showDescription() {
        guard !description.isEmpty, let escaped = g_markup_escape_text(description, -1) else {
            return adw_status_page_set_description(gdd_adw_status_page(widget.raw), nil)
        }
        adw_status_page_set_description(gdd_adw_status_page(widget.raw), escaped)
        g_free(escaped)
    }

    /// The action button's label; nil hides the button.
    public var actionLabel: String? {
        get { gtk_widget_get_visible(actionButton.pointer) != 0 ? Property.string(actionButton.raw, "label") : nil }
        set {
            if let newValue { Property.set(actionButton.raw, "label", newValue) }
            gtk_widget_set_visible(actionButton.pointer, newValue != nil ? 1 : 0)
        }
    }
}
