import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkSeparator`: a thin line between parts of a layout, such as a sidebar and its content.
///
///     Box(.horizontal, sidebar, Separator(.vertical), stack)
@MainActor
public final class Separator: WidgetWrapper {
    /// The `GtkSeparator` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// A separator: `.vertical` is a vertical line (between things side by side), `.horizontal`
    /// a horizontal one (between things stacked).
    public init(_ orientation: Box.Orientation = .horizontal) {
        widget = OwnedWidget(gtk_separator_new(orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL))
    }
}
