// What a binding or a signal route needs of the object it names, checked on the object's GType:
// from the class name in the .ui (no display needed, in `validate()`), and again on the real
// object when a row view is built.

import CGtkDataDisplay

/// A condition on an object's type, with the words that explain it in an error.
struct ObjectRequirement: Sendable {
    /// What is needed, as an error message says it: "a GtkLabel", "a writable string property \"icon-name\"".
    let description: String
    private let test: @Sendable (GType) -> Bool

    init(_ description: String, _ test: @escaping @Sendable (GType) -> Bool) {
        self.description = description
        self.test = test
    }

    /// Whether an instance of `type` meets it.
    func isMet(by type: GType) -> Bool { test(type) }

    /// An instance of the type `typeName` returns (or a subtype; interfaces count).
    static func isA(_ typeName: String, _ type: @escaping @Sendable () -> GType) -> ObjectRequirement {
        ObjectRequirement("a \(typeName)") { g_type_is_a($0, type()) != 0 }
    }

    /// A `GtkWidget`.
    static let widget = isA("GtkWidget") { gtk_widget_get_type() }

    /// A writable property `name` whose values are of `kind` (not one GObject would convert to:
    /// a `Bool` sets no string, a `Double` no integer, an `Int` no enum).
    static func writableProperty(_ name: String, _ kind: BoundValueKind) -> ObjectRequirement {
        ObjectRequirement("a writable \(kind) property \"\(name)\"") { type in
            guard let spec = TypeInspection.property(name, of: type) else { return false }
            let flags = spec.pointee.flags.rawValue
            return flags & G_PARAM_WRITABLE.rawValue != 0 && flags & G_PARAM_CONSTRUCT_ONLY.rawValue == 0
                && kind.accepts(spec.pointee.value_type)
        }
    }

    /// Met by no type: a target declared wrongly (`description` says what it needs).
    static func never(_ description: String) -> ObjectRequirement {
        ObjectRequirement(description) { _ in false }
    }

    /// A readable property `name` of the fundamental type `valueType`.
    static func readableProperty(_ name: String, _ typeName: String, _ valueType: @escaping @Sendable () -> GType) -> ObjectRequirement {
        ObjectRequirement("a readable \(typeName) property \"\(name)\"") { type in
            guard let spec = TypeInspection.property(name, of: type) else { return false }
            return spec.pointee.flags.rawValue & G_PARAM_READABLE.rawValue != 0
                && g_type_fundamental(spec.pointee.value_type) == valueType()
        }
    }

    /// A signal `name` that takes no arguments and returns nothing (`clicked`, `activate`).
    static func voidSignal(_ name: String) -> ObjectRequirement {
        ObjectRequirement("a signal \"\(name)\" without arguments") { TypeInspection.hasVoidSignal(name, type: $0) }
    }

    /// Either requirement.
    func or(_ other: ObjectRequirement) -> ObjectRequirement {
        ObjectRequirement("\(description) or \(other.description)") { isMet(by: $0) || other.isMet(by: $0) }
    }

    /// Both requirements.
    func and(_ other: ObjectRequirement) -> ObjectRequirement {
        ObjectRequirement("\(description) with \(other.description)") { isMet(by: $0) && other.isMet(by: $0) }
    }
}

/// The value types of properties a Swift value of a binding sets.
enum BoundValueKind: Sendable, CustomStringConvertible {
    /// `String`: string properties.
    case string
    /// `Bool`: boolean properties.
    case boolean
    /// `Int`: integer properties of every width and sign, and floating-point ones.
    case number
    /// `Double`: `gdouble` and `gfloat` properties.
    case floatingPoint

    var description: String {
        switch self {
        case .string: "string"
        case .boolean: "boolean"
        case .number: "integer or floating-point"
        case .floatingPoint: "floating-point"
        }
    }

    /// Whether a property of `type` holds values of this kind.
    func accepts(_ type: GType) -> Bool {
        let fundamental = g_type_fundamental(type)
        let floating = [gdd_type_double(), gdd_type_float()]
        switch self {
        case .string: return fundamental == gdd_type_string()
        case .boolean: return fundamental == gdd_type_boolean()
        case .floatingPoint: return floating.contains(fundamental)
        case .number:
            let integers = [gdd_type_char(), gdd_type_uchar(), gdd_type_int(), gdd_type_uint(), gdd_type_long(),
                            gdd_type_ulong(), gdd_type_int64(), gdd_type_uint64()]
            return integers.contains(fundamental) || floating.contains(fundamental)
        }
    }
}

/// Looks into GTypes without instances (the class is referenced for the lookup, as GObject needs).
enum TypeInspection {
    /// The property `name` of instances of `type`, or nil (also when `type` is no GObject type).
    static func property(_ name: String, of type: GType) -> UnsafeMutablePointer<GParamSpec>? {
        guard g_type_is_a(type, gdd_type_object()) != 0, let klass = g_type_class_ref(type) else { return nil }
        defer { g_type_class_unref(klass) }
        return g_object_class_find_property(gdd_object_class(klass), name)
    }

    /// Whether instances of `type` have a signal `name` of signature `void (*)(instance, user_data)`.
    static func hasVoidSignal(_ name: String, type: GType) -> Bool {
        guard g_type_is_a(type, gdd_type_object()) != 0, let klass = g_type_class_ref(type) else { return false }
        defer { g_type_class_unref(klass) }
        var id: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(name, type, &id, &detail, 0) != 0 else { return false }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        return query.n_params == 0 && gdd_signal_param_type(query.return_type) == gdd_type_none()
    }

    /// GTK's name for a type ("GtkLabel").
    static func name(_ type: GType) -> String {
        g_type_name(type).map { String(cString: $0) } ?? "an unknown type"
    }
}
