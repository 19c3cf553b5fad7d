/// Why a row template cannot be used. Thrown when the template is created (the .ui cannot be read
/// or is not a GtkBuilder interface) and by `validate()`; the same problems found when the first
/// row view is built stop the program with this description.
public enum TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The .ui file could not be read.
    case unreadableFile(path: String, reason: String)
    /// No GResource at `path` (is the resource bundle registered?).
    case resourceNotFound(path: String, reason: String)
    /// The text is not a GtkBuilder interface: malformed XML (GLib's message gives line and
    /// column), no `<interface>`, or a `<template>` (those define widget classes, not rows).
    case invalidMarkup(source: String, message: String)
    /// GtkBuilder rejected the interface (an unknown class or property, a bad value): its message.
    case builderFailed(source: String, message: String)
    /// No object has `id`; `usage` says what needed it, `ids` what the template has.
    case missingObject(source: String, id: String, usage: String, ids: [String])
    /// The object `id` is a `type`, which `usage` cannot use; it needs `expected`.
    case wrongObjectType(source: String, id: String, type: String, usage: String, expected: String)
    /// The root object cannot be a row's widget.
    case invalidRoot(source: String, id: String, reason: String)
    /// A `<property>` of `object` (its id, or its class) has a value GtkBuilder cannot set:
    /// not of the property's type (`lots` for an integer, an unknown enum value) or out of its range.
    case invalidPropertyValue(source: String, object: String, property: String, value: String, reason: String)
    /// A `<child>` its parent cannot hold (a widget inside a `GtkLabel`, a child `type` the parent
    /// does not know): GtkBuilder builds it anyway and warns, once per row view.
    case invalidChild(source: String, parent: String, child: String, reason: String)

    /// What went wrong, with the `.ui` source, the object id and the line where GLib gives one.
    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            "RowTemplate: cannot read \(path): \(reason)"
        case let .resourceNotFound(path, reason):
            "RowTemplate: no resource \(path) (register the resource bundle first): \(reason)"
        case let .invalidMarkup(source, message):
            "RowTemplate \(source): not a GtkBuilder interface: \(message)"
        case let .builderFailed(source, message):
            "RowTemplate \(source): GtkBuilder failed: \(message)"
        case let .missingObject(source, id, usage, ids):
            "RowTemplate \(source): \(usage): no object with id \"\(id)\" (ids: \(ids.map { "\"\($0)\"" }.joined(separator: ", ")))"
        case let .wrongObjectType(source, id, type, usage, expected):
            "RowTemplate \(source): \(usage): \"\(id)\" is a \(type), but it needs \(expected)"
        case let .invalidRoot(source, id, reason):
            "RowTemplate \(source): the root \"\(id)\" \(reason)"
        case let .invalidPropertyValue(source, object, property, value, reason):
            "RowTemplate \(source): \(object): property \"\(property)\" cannot be \"\(value)\": \(reason)"
        case let .invalidChild(source, parent, child, reason):
            "RowTemplate \(source): \(parent) cannot hold the child \(child): \(reason)"
        }
    }
}
