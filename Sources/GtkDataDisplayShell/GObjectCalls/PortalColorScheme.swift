// The desktop's light/dark preference from the XDG settings portal
// (org.freedesktop.appearance color-scheme: 0 no preference, 1 prefer dark, 2 prefer light),
// read once and followed through its SettingChanged signal. GTK 4.8 does not read it itself.

import CGtkDataDisplay
import GtkDataDisplay

@MainActor
enum PortalColorScheme {
    /// The portal's answer: true = the desktop prefers dark, false = light or no preference.
    typealias Handler = @MainActor (Bool) -> Void

    private static let bus = "org.freedesktop.portal.Desktop"
    private static let objectPath = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"
    private static let namespace = "org.freedesktop.appearance"
    private static let key = "color-scheme"

    private static var handler: Handler?
    private static var subscribed = false

    /// Reads the preference (asynchronously) and calls `handler` with it and with every change.
    /// Without a session bus or a portal, `handler` is never called.
    static func follow(_ handler: @escaping Handler) {
        self.handler = handler
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        if !subscribed {
            subscribed = true
            g_dbus_connection_signal_subscribe(connection, bus, interface, "SettingChanged", objectPath, namespace,
                                               G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, _ in
                // (ssv): namespace, key, value
                guard let parameters else { return }
                let name = g_variant_get_child_value(parameters, 1)!
                defer { g_variant_unref(name) }
                guard String(cString: g_variant_get_string(name, nil)) == PortalColorScheme.key else { return }
                let value = g_variant_get_child_value(parameters, 2)!
                defer { g_variant_unref(value) }
                let dark = PortalColorScheme.prefersDark(value)
                MainActor.assumeIsolated { PortalColorScheme.handler?(dark) }
            }, nil, nil)
        }
        var arguments = [g_variant_new_string(namespace), g_variant_new_string(key)]
        let tuple = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        g_dbus_connection_call(connection, bus, objectPath, interface, "Read", tuple, nil,
                               G_DBUS_CALL_FLAGS_NONE, 2000, nil, { source, result, _ in
            // No portal (or no such key): keep GTK's own setting.
            guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil) else { return }
            defer { g_variant_unref(reply) }
            let value = g_variant_get_child_value(reply, 0)!
            defer { g_variant_unref(value) }
            let dark = PortalColorScheme.prefersDark(value)
            MainActor.assumeIsolated { PortalColorScheme.handler?(dark) }
        }, nil)
    }

    nonisolated private static func typeString(_ variant: OpaquePointer) -> String {
        String(cString: g_variant_get_type_string(variant))
    }

    /// Unwraps the variants around the portal's uint32 (Read wraps it twice) and reads it.
    nonisolated static func prefersDark(_ variant: OpaquePointer) -> Bool {
        var current = g_variant_ref(variant)!
        while typeString(current) == "v" {
            let inner = g_variant_get_variant(current)!
            g_variant_unref(current)
            current = inner
        }
        defer { g_variant_unref(current) }
        guard typeString(current) == "u" else { return false }
        return g_variant_get_uint32(current) == 1
    }
}
