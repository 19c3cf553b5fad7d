import CGtkDataDisplay
import GtkDataDisplay

/// A row view showing one string in a label: the smallest real row, for tests and sketches.
@MainActor
public final class LabelRowView: ConfigurableRowView {
    /// The `GtkLabel`.
    public let widget: OwnedWidget
    /// How many times `configure` ran on this view.
    public private(set) var configureCount = 0
    /// What it shows now.
    public private(set) var text = ""

    private init() { widget = OwnedWidget(gtk_label_new(nil)) }

    /// A new label view (one per recycled list item).
    public static func make() -> LabelRowView { LabelRowView() }

    /// Shows `model`.
    public func configure(with model: String) {
        configureCount += 1
        text = model
        model.withCString { gtk_label_set_text(gdd_label(widget.raw), $0) }
    }
}

/// A second kind of row view (a box holding a number), so tests can mix kinds.
@MainActor
public final class CounterRowView: ConfigurableRowView {
    /// The box holding the label.
    public let widget: OwnedWidget
    private let label: UnsafeMutablePointer<GtkWidget>
    /// What it shows now.
    public private(set) var value = 0

    private init() {
        widget = OwnedWidget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        label = gtk_label_new(nil)
        gtk_box_append(gdd_box(widget.raw), label)
    }

    /// A new counter view.
    public static func make() -> CounterRowView { CounterRowView() }

    /// Shows `model`.
    public func configure(with model: Int) {
        value = model
        "\(model)".withCString { gtk_label_set_text(gdd_label(UnsafeMutableRawPointer(label)), $0) }
    }
}

/// A text row.
public typealias LabelRow = BaseRowGenerator<LabelRowView>
/// A number row (another kind).
public typealias CounterRow = BaseRowGenerator<CounterRowView>
/// A text header.
public typealias LabelHeader = BaseHeaderGenerator<LabelRowView>
/// A text footer.
public typealias LabelFooter = BaseFooterGenerator<LabelRowView>
