import CGtkDataDisplay
import GtkDataDisplay

/// The desktop's clipboard (of the default display): text copied here is what Ctrl+V pastes in
/// any application.
///
///     RowAction(label: "Copy email", icon: "edit-copy-symbolic") { Clipboard.copy(contact.email) }
@MainActor
public enum Clipboard {
    /// Puts `text` on the clipboard. Returns false when there is no display (nothing copied).
    @discardableResult
    public static func copy(_ text: String) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        gdk_clipboard_set_text(gdk_display_get_clipboard(display), text)
        return true
    }

    /// The text this application last put on the clipboard, read at once; nil when the clipboard
    /// holds no text of this application's (another application's content is read
    /// asynchronously by GTK, which this does not do).
    public static var localText: String? {
        guard let display = gdk_display_get_default(),
              let provider = gdk_clipboard_get_content(gdk_display_get_clipboard(display)) else { return nil }
        var value = GValue()
        g_value_init(&value, gdd_type_string())
        defer { g_value_unset(&value) }
        var error: UnsafeMutablePointer<GError>?
        guard gdk_content_provider_get_value(provider, &value, &error) != 0 else {
            g_clear_error(&error)
            return nil
        }
        return g_value_get_string(&value).map { String(cString: $0) }
    }
}
