import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkEntry`: one line of text input, as in a form or a settings page. (Named `TextEntry`:
/// the library already uses `Entry` internally.)
///
/// `onChanged` runs when the user edits the text, not when code sets `text`.
@MainActor
public final class TextEntry: WidgetWrapper {
    /// The `GtkEntry` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// An entry holding `text`, showing `placeholder` while empty.
    public init(text: String = "", placeholder: String? = nil) {
        widget = OwnedWidget(gtk_entry_new())
        valign = .center
        self.text = text
        self.placeholder = placeholder
    }

    /// The text. Setting it does not call `onChanged`.
    public var text: String {
        get { String(cString: gtk_editable_get_text(gdd_editable(widget.raw))) }
        set {
            guard newValue != text else { return }
            ChangeFromCode.run(on: widget.raw) { gtk_editable_set_text(gdd_editable(widget.raw), newValue) }
        }
    }

    /// The grey text shown while the entry is empty; nil for none.
    public var placeholder: String? {
        get {
            let text = Property.string(widget.raw, "placeholder-text")
            return text.isEmpty ? nil : text
        }
        set { Property.setNullableString(widget.raw, "placeholder-text", newValue) }
    }

    /// Calls `handler` with the text each time the user edits it. The widget keeps the closure
    /// for its life: capture the row view or its owner weakly.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (_ text: String) -> Void) -> TextEntry {
        let entry = widget.raw   // the signal lives on the widget, which outlives the wrapper
        Signal.connect(entry, "changed") {
            guard !ChangeFromCode.isRunning(on: entry) else { return }
            handler(String(cString: gtk_editable_get_text(gdd_editable(entry))))
        }
        return self
    }
}
