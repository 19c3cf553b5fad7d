// GLib's GResource calls, typed: load and register a compiled bundle, read one resource's bytes.

import CGtkDataDisplay

enum GResourceCalls {
    /// Loads the `.gresource` file at `path` and registers it with GLib (which keeps its own
    /// reference); returns GLib's message when the file cannot be loaded.
    static func loadAndRegister(path: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            return message
        }
        g_resources_register(resource)
        g_resource_unref(resource)  // the global list keeps its reference
        return nil
    }

    /// The bytes of the resource at `resourcePath` (`/org/example/App/style.css`) among the
    /// registered bundles, or nil when none has it.
    static func bytes(at resourcePath: String) -> [UInt8]? {
        guard let bytes = g_resources_lookup_data(resourcePath, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }
}
