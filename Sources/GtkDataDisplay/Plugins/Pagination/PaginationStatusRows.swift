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
    /// The spinner (turns while bound).
    public let spinner = Spinner()
    /// The label ("Loading…").
    public let label = Label()
    private let box: Box
    public var widget: Widget { box.widget }

    private init() {
        box = Box(.horizontal, spacing: 8, spinner, label)
        box.halign = .center
        box.setMargins(8)
        box.addCSSClass("gdd-pagination-progress")
    }

    public static func make() -> PaginationProgressView { PaginationProgressView() }

    public func configure(with text: String) {
        label.text = text
        spinner.isSpinning = true
    }

    public func prepareForReuse() { spinner.isSpinning = false }
}

/// The error row's view: the message and a Retry button.
@MainActor
public final class PaginationErrorView: ConfigurableRowView {
    /// The message.
    public let label = Label(wrap: true)
    /// The Retry button.
    public let retryButton = Button(label: "Retry")
    private let box: Box
    /// What the Retry button does (set by the row's generator when bound).
    var onRetry: (@MainActor () -> Void)?
    public var widget: Widget { box.widget }

    private init() {
        let icon = Image(iconName: "dialog-warning-symbolic")
        box = Box(.horizontal, spacing: 8, icon, label, retryButton)
        box.halign = .center
        box.setMargins(8)
        box.addCSSClass("gdd-pagination-error")
        retryButton.onClicked { [weak self] in self?.onRetry?() }
    }

    public static func make() -> PaginationErrorView { PaginationErrorView() }

    public func configure(with message: String) { label.text = message }

    public func prepareForReuse() { onRetry = nil }
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
