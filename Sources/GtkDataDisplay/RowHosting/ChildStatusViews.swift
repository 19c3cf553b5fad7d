import CGtkDataDisplay

// The views of the rows a foldable row shows while its children load on demand (`ChildLoading`): they
// stand where a child would, at the start of the row and no taller than a line, so the tree keeps its
// shape (pagination's status rows, centred with a margin, stand at a list's edge instead).

/// The loading row's view: a turning spinner and "Loading…", at the start of the row.
@MainActor
public final class ChildLoadingView: ConfigurableRowView {
    /// The `GtkSpinner` (turns while bound).
    public let spinner: OwnedWidget
    /// The `GtkLabel`.
    public let label: OwnedWidget
    public let widget: OwnedWidget

    private init() {
        spinner = OwnedWidget(InternalWidgetNames.makeDecorativeSpinner())   // the label says it
        label = OwnedWidget(gtk_label_new(nil))
        widget = ChildStatusLayout.row(cssClass: "gdd-child-loading", [spinner, label])
        gtk_widget_add_css_class(label.pointer, "dim-label")
    }

    public static func make() -> ChildLoadingView { ChildLoadingView() }

    public func configure(with text: String) {
        gtk_label_set_text(gdd_label(label.raw), text)
        Property.set(spinner.raw, "spinning", true)
    }

    public func prepareForReuse() { Property.set(spinner.raw, "spinning", false) }
}

/// The error row's view: a warning icon, the message (one line, ellipsized; the whole of it as the
/// tooltip) and a compact Retry button, at the start of the row.
@MainActor
public final class ChildErrorView: ConfigurableRowView {
    /// The `GtkLabel` showing the message.
    public let label: OwnedWidget
    /// The Retry `GtkButton`.
    public let retryButton: OwnedWidget
    /// What the Retry button does (set by the row's generator when bound).
    var onRetry: (@MainActor () -> Void)?
    public let widget: OwnedWidget

    private init() {
        let icon = OwnedWidget(InternalWidgetNames.makeDecorativeImage(iconName: "dialog-warning-symbolic"))
        label = OwnedWidget(gtk_label_new(nil))
        gtk_label_set_ellipsize(gdd_label(label.raw), PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(gdd_label(label.raw), 0)
        gtk_widget_set_hexpand(label.pointer, 1)
        retryButton = OwnedWidget(gtk_button_new_with_label("Retry"))
        gtk_widget_add_css_class(retryButton.pointer, "flat")
        gtk_widget_add_css_class(retryButton.pointer, "gdd-child-retry")
        widget = ChildStatusLayout.row(cssClass: "gdd-child-error", [icon, label, retryButton])
        Signal.connect(retryButton.raw, "clicked") { [weak self] in self?.onRetry?() }
    }

    public static func make() -> ChildErrorView { ChildErrorView() }

    public func configure(with message: String) {
        gtk_label_set_text(gdd_label(label.raw), message)
        gtk_widget_set_tooltip_text(label.pointer, message)
    }

    public func prepareForReuse() { onRetry = nil }
}

/// How the child status rows lay out their parts: side by side from the row's start.
@MainActor
private enum ChildStatusLayout {
    static func row(cssClass: String, _ parts: [OwnedWidget]) -> OwnedWidget {
        let box = OwnedWidget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        for part in parts { gtk_box_append(gdd_box(box.raw), part.pointer) }
        gtk_widget_set_halign(box.pointer, GTK_ALIGN_FILL)
        box.addCSSClass(cssClass)
        return box
    }
}
