// Whether text is Pango markup that GTK can show: `gtk_label_set_markup` prints a warning for text
// that is not (an `&` or `<` from a user's name, say), and shows nothing.

import CGtkDataDisplay

/// Pango markup checked before it reaches a label.
enum PangoMarkup {
    /// Why `text` is not valid Pango markup (Pango's own message), or nil when it is.
    static func problem(in text: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let parsed = text.withGString { pango_parse_markup($0, -1, 0, nil, nil, nil, &error) }
        guard parsed == 0 else { return nil }
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        g_clear_error(&error)
        return message
    }
}
