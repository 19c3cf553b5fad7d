import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkSpinner`: shows that something is in progress.
@MainActor
public final class Spinner: WidgetWrapper {
    /// The `GtkSpinner` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// A spinner, turning when `isSpinning`.
    public init(isSpinning: Bool = false) {
        widget = OwnedWidget(gtk_spinner_new())
        self.isSpinning = isSpinning
    }

    /// Whether it turns.
    public var isSpinning: Bool {
        get { Property.bool(widget.raw, "spinning") }
        set { Property.set(widget.raw, "spinning", newValue) }
    }
}
