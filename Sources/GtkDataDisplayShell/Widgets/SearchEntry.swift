import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkSearchEntry`: the search field above a list. `onSearchChanged` runs once the user has
/// paused typing (GTK's `search-changed`, after about 150 ms), which is when a list filters.
///
///     let search = SearchEntry(placeholder: "Search files")
///     search.onSearchChanged { [weak screen] text in screen?.filter(text) }
///     search.captureKeys(from: window)     // typing anywhere in the window starts a search
@MainActor
public final class SearchEntry: WidgetWrapper {
    /// The `GtkSearchEntry` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    /// What the entry's `search-changed` handlers must not report: the text set from code.
    private let fromCode = SearchTextFromCode()

    /// An empty search field showing `placeholder` while empty, named for screen readers
    /// `accessibleLabel` (nil: the placeholder, else "Search").
    public init(placeholder: String? = nil, accessibleLabel: String? = nil) {
        widget = OwnedWidget(gtk_search_entry_new())
        self.placeholder = placeholder
        widget.setAccessibleLabel(accessibleLabel ?? placeholder ?? "Search")
        let state = fromCode
        let entry = widget.raw   // the signals live on the widget, which outlives the wrapper
        // Typing (or any edit not made through `text`) makes the next search change the user's.
        Signal.connect(entry, "changed") {
            if !ChangeFromCode.isRunning(on: entry) { state.text = nil }
        }
        Signal.connect(entry, "search-changed") {
            let text = String(cString: gtk_editable_get_text(gdd_editable(entry)))
            // GTK reports a text set from code too: at once when it empties the field (as set_text
            // does first), after its delay for the new text.
            if ChangeFromCode.isRunning(on: entry) { return }
            if let fromCode = state.text, fromCode == text { return }
            state.report(text)
        }
    }

    /// What is typed. Setting it from code reports no search change (`onSearchChanged` is for the
    /// user's searches, as `TextEntry.onChanged` is for the user's edits): the app that sets it
    /// filters itself.
    public var text: String {
        get { String(cString: gtk_editable_get_text(gdd_editable(widget.raw))) }
        set {
            guard newValue != text else { return }
            fromCode.text = newValue
            ChangeFromCode.run(on: widget.raw) { gtk_editable_set_text(gdd_editable(widget.raw), newValue) }
        }
    }

    /// The grey text shown while the field is empty ("Search files"); nil for none.
    public var placeholder: String? {
        get {
            let text = Property.string(widget.raw, "placeholder-text")
            return text.isEmpty ? nil : text
        }
        set { Property.setNullableString(widget.raw, "placeholder-text", newValue) }
    }

    /// Makes typing in `widget` (a window, usually) go to this field, as GNOME apps start a search
    /// when a key is typed anywhere (`gtk_search_entry_set_key_capture_widget`); nil stops it.
    public func captureKeys(from widget: (any WidgetConvertible)?) {
        gtk_search_entry_set_key_capture_widget(gdd_search_entry(self.widget.raw), widget?.gtkWidget)
    }

    /// Calls `handler` with the text each time the user's search changes (typing, deleting, the
    /// clear icon) and for `search(_:)`, not when `text` is set from code. The widget keeps the
    /// closure for its life: capture the screen that owns it weakly.
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor (_ text: String) -> Void) -> SearchEntry {
        fromCode.handlers.append(handler)
        return self
    }

    /// Puts `text` in the field and reports it as a search at once, as the user's typing would be
    /// after GTK's pause: for a search the app starts itself (a tag clicked, a "clear search"
    /// button, a self-test). `onSearchChanged` handlers run once, with `text`.
    public func search(_ text: String) {
        self.text = text
        fromCode.report(text)
    }
}

/// A `SearchEntry`'s handlers, and the text it was given from code until the user edits the field
/// (kept by the widget's signal handlers, so it lives as long as the widget).
@MainActor
private final class SearchTextFromCode {
    var text: String?
    var handlers: [@MainActor (String) -> Void] = []

    func report(_ text: String) {
        for handler in handlers { handler(text) }
    }
}
