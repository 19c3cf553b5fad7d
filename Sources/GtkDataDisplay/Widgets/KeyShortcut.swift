import CGtk

/// A key combination in GTK's accelerator syntax: `"Delete"`, `"<Control>a"`, `"<Shift><Alt>Up"`.
///
///     let delete = try KeyShortcut("Delete")
///     adapter.itemView.onKeyShortcut(delete) { [weak self] in self?.deleteSelected() ?? false }
///
/// Letters match in either case (`"<Control>a"` is also Ctrl+A with Caps Lock); Ctrl, Shift, Alt
/// and Super must be exactly those of the shortcut, other modifiers (Num Lock) are ignored.
public struct KeyShortcut: Hashable, Sendable, CustomStringConvertible {
    /// The key (a GDK keyval, lower case for letters).
    public let keyval: UInt32
    /// The modifier mask (`GdkModifierType`) the key needs.
    public let modifiers: UInt32

    /// A shortcut parsed from `accelerator` (`gtk_accelerator_parse`: `"Delete"`, `"<Control>c"`).
    /// Throws `.invalidAccelerator` when GTK cannot read it. Needs no display.
    public init(_ accelerator: String) throws(KeyShortcutError) {
        var key: guint = 0
        var mods = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &mods) != 0, key != 0 else {
            throw .invalidAccelerator(accelerator)
        }
        keyval = gdk_keyval_to_lower(key)
        modifiers = mods.rawValue
    }

    /// The shortcut as GTK writes it (`"<Control>a"`).
    public var description: String {
        guard let name = gtk_accelerator_name(keyval, GdkModifierType(rawValue: modifiers)) else { return "?" }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// Whether a key press (`keyval` and the event's modifier state) is this shortcut.
    public func matches(keyval pressed: UInt32, modifiers state: UInt32) -> Bool {
        let significant = gtk_accelerator_get_default_mod_mask().rawValue
        return gdk_keyval_to_lower(pressed) == keyval && state & significant == modifiers & significant
    }
}

/// Why a `KeyShortcut` could not be made.
public enum KeyShortcutError: Error, Equatable, CustomStringConvertible {
    /// GTK's accelerator parser does not read the text.
    case invalidAccelerator(String)

    public var description: String {
        switch self {
        case .invalidAccelerator(let text):
            return "invalid key shortcut \"\(text)\": write it as GTK does, e.g. \"Delete\" or \"<Control>a\""
        }
    }
}

extension WidgetConvertible {
    /// Calls `handler` when `shortcut` is pressed while the keyboard focus is in this widget (on it
    /// or inside it): a list's Delete key, say. Return true when the key was handled; false lets it
    /// go on to the widgets around. Focused children answer first (an entry keeps its own Delete).
    /// The widget keeps the closure for its life: capture its owner weakly.
    public func onKeyShortcut(_ shortcut: KeyShortcut, _ handler: @escaping @MainActor () -> Bool) {
        let controller = gtk_event_controller_key_new()!
        Signal.connect(UnsafeMutableRawPointer(controller), "key-pressed", key: { keyval, modifiers in
            shortcut.matches(keyval: keyval, modifiers: modifiers) ? handler() : false
        })
        gtk_widget_add_controller(gtkWidget, controller)  // takes the controller
    }
}
