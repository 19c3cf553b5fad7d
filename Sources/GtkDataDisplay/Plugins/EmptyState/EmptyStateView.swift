import CGtkDataDisplay

/// The placeholder an empty-state plugin shows instead of the rows: an icon, a title, a
/// description and an optional action button, centred (GNOME's "status page").
///
/// Its texts can change while it is shown (`view.title = "No results for “\(query)”"`). Its parts
/// are GTK widgets (`OwnedWidget`) for what the properties do not cover.
@MainActor
public final class EmptyStateView: EmptyStatePlaceholder {
    /// The vertical box holding the parts (CSS class `gdd-empty-state`).
    public let widget: OwnedWidget
    /// The `GtkImage` (hidden when `iconName` is nil).
    public let icon: OwnedWidget
    /// The title's `GtkLabel`.
    public let titleLabel: OwnedWidget
    /// The description's `GtkLabel` (hidden when empty).
    public let descriptionLabel: OwnedWidget
    /// The action's `GtkButton` (hidden when the action has no label).
    public let actionButton: OwnedWidget

    /// A placeholder with these parts; `actionLabel` nil shows no button.
    public init(iconName: String?, title: String, description: String?, actionLabel: String?) {
        icon = OwnedWidget(InternalWidgetNames.makeDecorativeImage())   // the title says it
        gtk_image_set_pixel_size(gdd_image(icon.raw), 64)
        icon.addCSSClass("dim-label")
        titleLabel = Self.wrappingLabel()
        titleLabel.addCSSClass("title-2")
        descriptionLabel = Self.wrappingLabel()
        descriptionLabel.addCSSClass("dim-label")
        actionButton = OwnedWidget(gtk_button_new())
        gtk_widget_set_halign(actionButton.pointer, GTK_ALIGN_CENTER)
        actionButton.addCSSClass("suggested-action")
        widget = OwnedWidget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        for part in [icon, titleLabel, descriptionLabel, actionButton] {
            gtk_box_append(gdd_box(widget.raw), part.pointer)
        }
        gtk_widget_set_halign(widget.pointer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget.pointer, GTK_ALIGN_CENTER)
        WidgetMargins.set(widget.pointer, 24)
        widget.addCSSClass("gdd-empty-state")
        self.iconName = iconName
        self.title = title
        self.description = description ?? ""
        self.actionLabel = actionLabel
    }

    private static func wrappingLabel() -> OwnedWidget {
        let label = OwnedWidget(gtk_label_new(nil))
        gtk_label_set_wrap(gdd_label(label.raw), 1)
        return label
    }

    /// The themed icon shown above the title; nil hides it.
    public var iconName: String? {
        get { gtk_widget_get_visible(icon.pointer) != 0 ? Property.string(icon.raw, "icon-name") : nil }
        set {
            if let newValue { gtk_image_set_from_icon_name(gdd_image(icon.raw), newValue) } else { gtk_image_clear(gdd_image(icon.raw)) }
            gtk_widget_set_visible(icon.pointer, newValue != nil ? 1 : 0)
        }
    }

    /// The title.
    public var title: String {
        get { String(cString: gtk_label_get_text(gdd_label(titleLabel.raw))) }
        set { gtk_label_set_text(gdd_label(titleLabel.raw), newValue) }
    }

    /// The description under the title; empty hides it.
    public var description: String {
        get { String(cString: gtk_label_get_text(gdd_label(descriptionLabel.raw))) }
        set {
            gtk_label_set_text(gdd_label(descriptionLabel.raw), newValue)
            gtk_widget_set_visible(descriptionLabel.pointer, newValue.isEmpty ? 0 : 1)
        }
    }

    /// The action button's label; nil hides the button.
    public var actionLabel: String? {
        get { gtk_widget_get_visible(actionButton.pointer) != 0 ? gtk_button_get_label(gdd_button(actionButton.raw)).map { String(cString: $0) } : nil }
        set {
            if let newValue { gtk_button_set_label(gdd_button(actionButton.raw), newValue) }
            gtk_widget_set_visible(actionButton.pointer, newValue != nil ? 1 : 0)
        }
    }
}
