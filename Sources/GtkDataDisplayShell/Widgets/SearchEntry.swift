import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkSearchEntry`: the search field above a list. `onSearchChanged` runs once the user has
/// paused typing (GTK's `search-changed`, after about 150 ms), which is when a list filters.
@MainActor
public final class SearchEntry: WidgetWrapper {
    /// The `GtkSearchEntry` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// An empty search field showing `placeholder` while empty.
    public init(placeholder: String? = nil) {
        widget = OwnedWidget(gtk_search_entry_new())
        if let placeholder { Property.set(widget.raw, "placeholder-text", placeholder) }
    }

    /// What is typed. Setting it reports a search change like typing does.
    public var text: String {
        get { String(cString: gtk_editable_get_text(gdd_editable(widget.raw))) }
        set { gtk_editable_set_text(gdd_editable(widget.raw), newValue) }
    }

    /// Calls `handler` with the text each time the search changes. The widget keeps the closure
    /// for its life: capture the screen that owns it weakly.
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor (_ text: String) -> Void) -> SearchEntry {
        let entry = widget.raw   // the signal lives on the widget, which outlives the wrapper
        Signal.connect(entry, "search-changed") { handler(String(cString: gtk_editable_get_text(gdd_editable(entry)))) }
        return self
    }
}
