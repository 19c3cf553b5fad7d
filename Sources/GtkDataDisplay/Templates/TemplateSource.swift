// Where a template's .ui text comes from: a string, a file, or a GResource. All three are read
// once, when the template is created; every row view then builds from that text.

import CGtkDataDisplay

/// The .ui text of a template and a name for it in messages.
struct TemplateSource: Sendable {
    let text: String
    /// "contact-row.ui", "resource:///org/example/row.ui" or "(string)".
    let name: String

    static func string(_ text: String) -> TemplateSource {
        TemplateSource(text: text, name: "(string)")
    }

    static func file(_ path: String) throws(TemplateError) -> TemplateSource {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .unreadableFile(path: path, reason: reason)
        }
        defer { g_free(contents) }
        return TemplateSource(text: String(cString: contents), name: path)
    }

    static func resource(_ path: String) throws(TemplateError) -> TemplateSource {
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .resourceNotFound(path: path, reason: reason)
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        let buffer = UnsafeRawBufferPointer(start: data, count: Int(size))
        return TemplateSource(text: String(decoding: buffer, as: UTF8.self), name: "resource://" + path)
    }
}
