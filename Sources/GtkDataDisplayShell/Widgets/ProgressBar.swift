import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkProgressBar`: how far a long task has got, optionally with a text on the bar.
///
///     let progress = ProgressBar()
///     progress.fraction = Double(done) / Double(total)
///     progress.text = "\(done) of \(total) rows"
@MainActor
public final class ProgressBar: WidgetWrapper {
    /// The `GtkProgressBar` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// A bar filled to `fraction` (0…1), showing `text` when given, named `accessibleLabel` for
    /// screen readers (GTK 4.8 would name an unnamed bar "GtkProgressBar").
    public init(fraction: Double = 0, text: String? = nil, accessibleLabel: String? = nil) {
        widget = OwnedWidget(gtk_progress_bar_new())
        if let accessibleLabel { widget.setAccessibleLabel(accessibleLabel) }
        self.fraction = fraction
        self.text = text
    }

    /// How much is done, from 0 (nothing) to 1 (all); values outside are clamped.
    public var fraction: Double {
        get { Property.double(widget.raw, "fraction") }
        set { Property.set(widget.raw, "fraction", min(max(newValue, 0), 1)) }
    }

    /// The text shown on the bar; nil shows none.
    public var text: String? {
        get { Property.bool(widget.raw, "show-text") ? Property.string(widget.raw, "text") : nil }
        set {
            Property.setNullableString(widget.raw, "text", newValue)
            Property.set(widget.raw, "show-text", newValue != nil)
        }
    }
}
