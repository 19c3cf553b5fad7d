// Keyboard shortcuts with Swift handlers: a GtkShortcutController holding one GtkShortcut whose
// trigger is parsed from GTK's accelerator syntax and whose action is a GtkCallbackAction calling
// a retained Swift closure (released by GTK's destroy notify when the shortcut goes).

import CGtkDataDisplay
import GtkDataDisplay

private final class ShortcutHandler {
    let body: @MainActor () -> Bool
    init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
}

/// `gboolean (*GtkShortcutFunc)(GtkWidget *, GVariant *args, gpointer user_data)`.
private let shortcutTrampoline: GtkShortcutFunc = { _, _, data in
    let address = UInt(bitPattern: data)  // a plain value crosses into the main actor's closure
    return MainActor.assumeIsolated {
        Unmanaged<ShortcutHandler>.fromOpaque(UnsafeMutableRawPointer(bitPattern: address)!).takeUnretainedValue().body()
    } ? 1 : 0
}

private let releaseShortcutHandler: GDestroyNotify = { data in
    Unmanaged<ShortcutHandler>.fromOpaque(data!).release()
}

@MainActor
enum ShortcutCalls {
    /// Whether `trigger` parses as a shortcut trigger ("<Alt>1", "<Control>f", "F10").
    static func isValidTrigger(_ trigger: String) -> Bool {
        guard let parsed = trigger.withGString({ gtk_shortcut_trigger_parse_string($0) }) else { return false }
        releaseObject(UnsafeMutableRawPointer(parsed))
        return true
    }

    /// Adds a shortcut controller to `widget` (bubble phase: a focused child that wants the key
    /// gets it first) with one shortcut: `trigger` runs `handler`, which returns whether it used
    /// the key. Returns the controller (owned by the widget), or nil when `trigger` does not parse.
    @discardableResult
    static func add(to widget: UnsafeMutablePointer<GtkWidget>, trigger: String,
                    _ handler: @escaping @MainActor () -> Bool) -> GObjectPointer? {
        guard let parsed = trigger.withGString({ gtk_shortcut_trigger_parse_string($0) }) else { return nil }
        let box = Unmanaged.passRetained(ShortcutHandler(handler)).toOpaque()
        let action = gtk_callback_action_new(shortcutTrampoline, box, releaseShortcutHandler)
        let shortcut = gtk_shortcut_new(parsed, action)!                      // takes both
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(gdd_shortcut_controller(UnsafeMutableRawPointer(controller)), shortcut)  // takes it
        gtk_widget_add_controller(widget, controller)                         // takes it
        return UnsafeMutableRawPointer(controller)
    }
}
