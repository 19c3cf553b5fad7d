// Reads a GtkBuilder interface's structure without building it: which objects it declares, of
// which class, with which id, which of them stand at the top level, which hold which as a `<child>`,
// and the text of their properties (for `TemplateMarkupCheck`). This needs no display
// (GMarkup is GLib's XML parser, the one GtkBuilder itself uses), so a malformed .ui is a typed
// error when the template is created, and `validate()` works in headless tests.

import CGtkDataDisplay

/// The objects a GtkBuilder interface declares.
struct TemplateMarkup: Sendable, Equatable {
    /// One `<object class="…" id="…">`.
    struct Object: Sendable, Equatable {
        let id: String
        let className: String
        /// Directly inside `<interface>` (not a child of another object).
        let isTopLevel: Bool
    }

    /// Every `<object>`, with or without an id, and what the checks of `TemplateMarkupCheck` read.
    struct Element: Sendable, Equatable {
        let className: String
        let id: String?
        /// The index (in `elements`) of the object whose `<child>` holds this one; nil for a
        /// top-level object and for an object given as a property's value.
        let parent: Int?
        /// The `type` of the `<child>` it stands in.
        let childType: String?
        /// Directly inside `<interface>`.
        let isTopLevel: Bool
        /// Its `<property>` elements, in order.
        var properties: [PropertyValue] = []

        /// How messages name it: its id, else its class.
        var name: String { id.map { "\"\($0)\"" } ?? className }
    }

    /// One `<property name="…">text</property>`.
    struct PropertyValue: Sendable, Equatable {
        let name: String
        let text: String
        /// Whether the text is the value itself: no `bind-source` and no element inside (an object
        /// or an expression given as the value).
        let isLiteral: Bool
    }

    /// Objects with an id, in document order.
    let objects: [Object]
    /// Every object, in document order.
    let elements: [Element]

    /// The ids, in document order.
    var ids: [String] { objects.map(\.id) }

    /// The object with `id`.
    func object(_ id: String) -> Object? { objects.first { $0.id == id } }

    /// Parses `text`; `source` names it in errors.
    init(parsing text: String, source: String) throws(TemplateError) {
        let state = ParseState()
        var parser = GMarkupParser(start_element: startElement, end_element: endElement,
                                   text: textInElement, passthrough: nil, error: nil)
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
        elements = state.elements
        objects = state.elements.compactMap { element in
            element.id.map { Object(id: $0, className: element.className, isTopLevel: element.isTopLevel) }
        }
    }
}

private final class ParseState {
    var stack: [String] = []
    var elements: [TemplateMarkup.Element] = []
    var sawInterface = false
    /// For each open `<object>`, its index; for each open `<child>`, its `type` (pushed in order).
    var openObjects: [Int] = []
    var childTypes: [String?] = []
    /// The `<property>` being read: its name, its text so far, whether it holds only text.
    var property: (name: String, text: String, isLiteral: Bool)?
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
    if state.property != nil {
        state.property?.isLiteral = false  // an object or expression given as the value
    }
    switch name {
    case "object":
        // A `<child>`'s object belongs to the object around that child; a property's value object to none.
        let inChild = state.stack.last == "child"
        let element = TemplateMarkup.Element(className: attribute("class", names, values) ?? "",
                                             id: attribute("id", names, values),
                                             parent: inChild ? state.openObjects.last : nil,
                                             childType: inChild ? state.childTypes.last ?? nil : nil,
                                             isTopLevel: state.stack == ["interface"])
        state.openObjects.append(state.elements.count)
        state.elements.append(element)
    case "child":
        state.childTypes.append(attribute("type", names, values))
    case "property" where state.stack.last == "object":
        state.property = (attribute("name", names, values) ?? "", "", attribute("bind-source", names, values) == nil)
    default:
        break
    }
    state.stack.append(name)
}

private let textInElement: @convention(c) (
    OpaquePointer?, UnsafePointer<gchar>?, gsize, gpointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> Void = { _, text, length, data, _ in
    let state = Unmanaged<ParseState>.fromOpaque(data!).takeUnretainedValue()
    guard state.property != nil, state.stack.last == "property", let text else { return }
    let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
    state.property?.text += String(decoding: bytes, as: UTF8.self)
}

private let endElement: @convention(c) (
    OpaquePointer?, UnsafePointer<gchar>?, gpointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> Void = { _, _, data, _ in
    let state = Unmanaged<ParseState>.fromOpaque(data!).takeUnretainedValue()
    switch state.stack.popLast() {
    case "object":
        _ = state.openObjects.popLast()
    case "child":
        _ = state.childTypes.popLast()
    case "property" where state.property != nil && state.stack.last == "object":
        if let property = state.property, let owner = state.openObjects.last {
            state.elements[owner].properties.append(.init(name: property.name, text: property.text, isLiteral: property.isLiteral))
        }
        state.property = nil
    default:
        break
    }
}
