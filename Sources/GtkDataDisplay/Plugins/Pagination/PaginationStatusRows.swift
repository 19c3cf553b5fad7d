import CGtkDataDisplay

// The rows a pagination plugin shows at its edge: a progress row while a page loads, an error row
// with Retry after a request failed. They stand in a section of their own (see `PaginationPlugin`)
// and are never selectable; the error row is activatable, so Up/Down reach it and Enter retries.

/// A row a pagination plugin adds and removes by itself (progress or error). The empty-state
/// plugin counts it as content: a list whose first page is loading shows progress, not "empty".
@MainActor
protocol PaginationStatusRow: RowGenerator {}

/// The progress row's view: a turning spinner and a label, centred.
@MainActor
public final class PaginationProgressView: ConfigurableRowView {
    /// The `GtkSpinner` (turns while bound).
    public let spinner: OwnedWidget
    /// The `GtkLabel` ("Loading…").
    public let label: OwnedWidget
    public let widget: OwnedWidget

    private init() {
        spinner = OwnedWidget(InternalWidgetNames.makeDecorativeSpinner())   // the label says it
        label = OwnedWidget(gtk_label_new(nil))
        widget = StatusRowLayout.row(cssClass: "gdd-pagination-progress", [spinner, label])
    }

    public static func make() -> PaginationProgressView { PaginationProgressView() }

    public func configure(with text: String) {
        gtk_label_set_text(gdd_label(label.raw), text)
        Property.set(spinner.raw, "spinning", true)
    }

    public func prepareForReuse() { Property.set(spinner.raw, "spinning", false) }
}

/// The error row's view: the message and a Retry button.
@MainActor
public final class PaginationErrorView: ConfigurableRowView {
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
        gtk_label_set_wrap(gdd_label(label.raw), 1)
        retryButton = OwnedWidget(gtk_button_new_with_label("Retry"))
        widget = StatusRowLayout.row(cssClass: "gdd-pagination-error", [icon, label, retryButton])
        Signal.connect(retryButton.raw, "clicked") { [weak self] in self?.onRetry?() }
    }

    public static func make() -> PaginationErrorView { PaginationErrorView() }

    public func configure(with message: String) { gtk_label_set_text(gdd_label(label.raw), message) }

    public func prepareForReuse() { onRetry = nil }
}

/// How the status rows lay out their parts: side by side, centred, with a margin.
@MainActor
private enum StatusRowLayout {
    static func row(cssClass: String, _ parts: [OwnedWidget]) -> OwnedWidget {
        let box = OwnedWidget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
        for part in parts { gtk_box_append(gdd_box(box.raw), part.pointer) }
        gtk_widget_set_halign(box.pointer, GTK_ALIGN_CENTER)
        WidgetMargins.set(box.pointer, 8)
        box.addCSSClass(cssClass)
        return box
    }
}

/// The progress row: not selectable, not activatable.
@MainActor
final class PaginationProgressRow: BaseRowGenerator<PaginationProgressView>, PaginationStatusRow {
    override var isSelectable: Bool { false }
    override var isActivatable: Bool { false }
}

/// The error row: not selectable; activating it (Enter, double click) or its Retry button retries.
@MainActor
final class PaginationErrorRow: BaseRowGenerator<PaginationErrorView>, PaginationStatusRow {
    /// Called by Retry and by activation.
    var retry: (@MainActor () -> Void)?

    override var isSelectable: Bool { false }
    override var isActivatable: Bool { true }

    override func bind(_ view: any RowView) {
        super.bind(view)
        (view as! PaginationErrorView).onRetry = { [weak self] in self?.retry?() }
    }
}
