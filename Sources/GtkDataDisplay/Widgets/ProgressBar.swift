import CGtk

/// A `GtkProgressBar`: a bar filled to a fraction, for progress or a level shown at a glance.
///
///     let bar = ProgressBar(fraction: 0.25)
///     bar.fraction = Double(done) / Double(total)
@MainActor
public final class ProgressBar: WidgetWrapper {
    /// The `GtkProgressBar` (`widget.pointer` for any `gtk_*` call).
    public let widget: Widget
    private var bar: OpaquePointer { gdd_progress_bar(widget.raw) }

    /// A bar filled to `fraction` (0 empty … 1 full).
    public init(fraction: Double = 0) {
        widget = Widget(gtk_progress_bar_new())
        self.fraction = fraction
    }

    /// How full the bar is, from 0 to 1 (values outside are clamped).
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(bar) }
        set { gtk_progress_bar_set_fraction(bar, min(max(newValue, 0), 1)) }
    }

    /// Text shown on the bar (nil: none).
    public var text: String? {
        get { gtk_progress_bar_get_show_text(bar) != 0 ? gtk_progress_bar_get_text(bar).map { String(cString: $0) } : nil }
        set {
            gtk_progress_bar_set_text(bar, newValue)
            gtk_progress_bar_set_show_text(bar, newValue == nil ? 0 : 1)
        }
    }
}
