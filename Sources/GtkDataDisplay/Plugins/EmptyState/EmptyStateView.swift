/// The placeholder an empty-state plugin shows instead of the rows: an icon, a title, a
/// description and an optional action button, centred (GNOME's "status page").
///
/// Its texts can change while it is shown (`view.title = "No results for “\(query)”"`).
@MainActor
public final class EmptyStateView: WidgetWrapper {
    /// The vertical box holding the parts (CSS class `gdd-empty-state`).
    public let widget: Widget
    /// The icon (hidden when `iconName` is nil).
    public let icon: Image
    /// The title.
    public let titleLabel: Label
    /// The description (hidden when empty).
    public let descriptionLabel: Label
    /// The action button (hidden when the action has no label).
    public let actionButton: Button

    /// A placeholder with these parts; `actionLabel` nil shows no button.
    public init(iconName: String?, title: String, description: String?, actionLabel: String?) {
        icon = Image(iconName: iconName, pixelSize: 64)
        icon.addCSSClass("dim-label")
        titleLabel = Label(title, wrap: true)
        titleLabel.addCSSClass("title-2")
        descriptionLabel = Label(description ?? "", wrap: true)
        descriptionLabel.addCSSClass("dim-label")
        actionButton = Button(label: actionLabel ?? "")
        actionButton.halign = .center
        actionButton.addCSSClass("suggested-action")
        let box = Box(.vertical, spacing: 12, icon, titleLabel, descriptionLabel, actionButton)
        box.halign = .center
        box.valign = .center
        box.setMargins(24)
        box.addCSSClass("gdd-empty-state")
        widget = box.widget
        icon.isVisible = iconName != nil
        descriptionLabel.isVisible = !(description ?? "").isEmpty
        actionButton.isVisible = actionLabel != nil
    }

    /// The themed icon shown above the title; nil hides it.
    public var iconName: String? {
        get { icon.iconName }
        set { icon.iconName = newValue; icon.isVisible = newValue != nil }
    }

    /// The title.
    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    /// The description under the title; empty hides it.
    public var description: String {
        get { descriptionLabel.text }
        set { descriptionLabel.text = newValue; descriptionLabel.isVisible = !newValue.isEmpty }
    }

    /// The action button's label; nil hides the button.
    public var actionLabel: String? {
        get { actionButton.isVisible ? actionButton.label : nil }
        set {
            if let newValue { actionButton.label = newValue }
            actionButton.isVisible = newValue != nil
        }
    }
}
