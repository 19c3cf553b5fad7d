import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkLabel`: one line (or paragraph) of text.
///
///     let title = Label("Ada", xalign: 0)
///     title.text = contact.name
@MainActor
public final class Label: WidgetWrapper {
    /// The `GtkLabel` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var label: OpaquePointer { gdd_label(widget.raw) }

    /// The helper over an existing `GtkLabel` (a template's child, a plugin's part such as
    /// `EmptyStateView.actionButton`); it shares the widget, whose owner stays its owner too.
    public init(wrapping widget: OwnedWidget) {
        precondition(isInstance(widget.pointer, of: gtk_label_get_type()), "Label(wrapping:): the widget is no GtkLabel")
        self.widget = widget
    }

    /// A label showing `text` (plain, never parsed as markup).
    /// - Parameters:
    ///   - text: the text shown (empty by default; set ``text`` or ``markup`` later).
    ///   - xalign: 0 puts the text at the start, 1 at the end (GTK's default centres it).
    ///   - wrap: wrap long text over several lines.
    ///   - ellipsize: end long text with "…" instead of widening the row.
    public init(_ text: String = "", xalign: Float? = nil, wrap: Bool = false, ellipsize: Bool = false) {
        widget = OwnedWidget(gtk_label_new(nil))
        self.text = text
        if let xalign { self.xalign = xalign }
        if wrap { self.wrap = true }
        if ellipsize { self.ellipsize = true }
    }

    /// The text, shown as is (`gtk_label_set_text`).
    /// An empty label is kept out of the accessibility tree (GTK 4.8 would read it as "GtkLabel").
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set {
            gtk_label_set_text(label, newValue)
            widget.setAccessibleHidden(newValue.isEmpty)
        }
    }

    /// Sets Pango markup (`<b>bold</b>`); reads back the label's source text. Escape text from
    /// users (`&`, `<`) or set `text` instead.
    public var markup: String {
        get { String(cString: gtk_label_get_label(label)) }
        set {
            gtk_label_set_markup(label, newValue)
            widget.setAccessibleHidden(newValue.isEmpty)
        }
    }

    /// Horizontal placement of the text: 0 start, 0.5 centre, 1 end.
    public var xalign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    /// Whether long text wraps over several lines.
    public var wrap: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
    }

    /// Whether long text ends with "…" (at the end) instead of asking for more width.
    public var ellipsize: Bool {
        get { gtk_label_get_ellipsize(label) != PANGO_ELLIPSIZE_NONE }
        set { gtk_label_set_ellipsize(label, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
    }
}
