// Reads a GtkBuilder interface's structure without building it: which objects it declares, of
// which class, with which id, and which of them stand at the top level. This needs no display
// (GMarkup is GLib's XML parser, the one GtkBuilder itself uses), so a malformed .ui is a typed
// error when the template is created, and `validate()` works in headless tests.

import CGtk

/// The objects a GtkBuilder interface declares.
struct TemplateMarkup: Sendable, Equatable {
    /// One `<object class="…" id="…">`.
    struct Object: Sendable, Equatable {
        let id: String
        let className: String
        /// Directly inside `<interface>` (not a child of another object).
        let isTopLevel: Bool
    }

    /// Objects with an id, in document order.
    let objects: [Object]

    /// The ids, in document order.
    var ids: [String] { objects.map(\.id) }

    /// The object with `id`.
    func object(_ id: String) -> Object? { objects.first { $0.id == id } }

    /// Parses `text`; `source` names it in errors.
    init(parsing text: String, source: String) throws(TemplateError) {
        let state = ParseState()
        var parser = GMarkupParser(start_element: startElement, end_element: endElement,
                                   text: nil, passthrough: nil, error: nil)
        let unmanaged = Unmanaged.passRetained(state)
        defer { unmanaged.release() }
        let context = g_markup_parse_context_new(&parser, GMarkupParseFlags(rawValue: 0), unmanaged.toOpaque(), nil)
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        let parsed = text.withCString { bytes in
            g_markup_parse_context_parse(context, bytes, gssize(strlen(bytes)), &error) != 0
                && g_markup_parse_context_end_parse(context, &error) != 0
        }
        if !parsed {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .invalidMarkup(source: source, message: message)
        }
        guard state.sawInterface else {
            throw .invalidMarkup(source: source, message: "the document has no <interface> element")
        }
        objects = state.objects
    }
}

private final class ParseState {
    var stack: [String] = []
    var objects: [TemplateMarkup.Object] = []
    var sawInterface = false
}

private func attribute(_ name: String, _ names: UnsafeMutablePointer<UnsafePointer<gchar>?>?,
                       _ values: UnsafeMutablePointer<UnsafePointer<gchar>?>?) -> String? {
    guard let names, let values else { return nil }
    var index = 0
    while let current = names[index] {
        if String(cString: current) == name { return values[index].map { String(cString: $0) } }
        index += 1
    }
    return nil
}

private func fail(_ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ message: String) {
    g_set_error_literal(error, g_markup_error_quark(), Int32(G_MARKUP_ERROR_INVALID_CONTENT.rawValue), message)
}

private let startElement: @convention(c) (
    OpaquePointer?, UnsafePointer<gchar>?, UnsafeMutablePointer<UnsafePointer<gchar>?>?,
    UnsafeMutablePointer<UnsafePointer<gchar>?>?, gpointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> Void = { _, element, names, values, data, error in
    let state = Unmanaged<ParseState>.fromOpaque(data!).takeUnretainedValue()
    let name = element.map { String(cString: $0) } ?? ""
    if state.stack.isEmpty {
        guard name == "interface" else {
            fail(error, "the root element is <\(name)>, not <interface>")
            return
        }
        state.sawInterface = true
    }
    if name == "template" {
        fail(error, "<template> defines a widget class; a row template declares its root as <object class=\"…\" id=\"…\">")
        return
    }
    if name == "object", let id = attribute("id", names, values) {
        state.objects.append(.init(id: id, className: attribute("class", names, values) ?? "",
                                   isTopLevel: state.stack == ["interface"]))
    }
    state.stack.append(name)
}

private let endElement: @convention(c) (
    OpaquePointer?, UnsafePointer<gchar>?, gpointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> Void = { _, _, data, _ in
    let state = Unmanaged<ParseState>.fromOpaque(data!).takeUnretainedValue()
    _ = state.stack.popLast()
}
