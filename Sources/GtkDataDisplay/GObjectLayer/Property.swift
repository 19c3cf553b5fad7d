// GObject properties set from Swift without varargs.
//
// `g_object_set` is variadic, which Swift cannot call. `g_object_set_property` takes one GValue:
// each `set` fills a GValue of the Swift value's own type and lets GObject convert it to the
// property's type (an Int32 can set a guint property, an object any property of its class or
// interface). The property is looked up first, so a wrong name, a read-only property or a value
// GObject cannot convert stops at the call with a clear message instead of a GLib warning
// (`fatalError`, whose message survives -O builds, unlike a precondition's).

import CGtkDataDisplay

/// Typed `g_object_set_property`, named after GObject's own functions like `Signal`.
///
///     Property.set(action, "enabled", false)
///     Property.set(selection, "model", store)
public enum Property {
    /// Sets a property from a `Bool` (`gboolean`).
    public static func set(_ instance: GObjectPointer, _ name: String, _ value: Bool) {
        set(instance, name, gdd_type_boolean(), "Bool") { g_value_set_boolean($0, value ? 1 : 0) }
    }

    /// Sets a property from an `Int32` (`gint`; converts to any numeric, enum or flags property).
    public static func set(_ instance: GObjectPointer, _ name: String, _ value: Int32) {
        set(instance, name, gdd_type_int(), "Int32") { g_value_set_int($0, value) }
    }

    /// Sets a property from a `UInt32` (`guint`; converts to any numeric, enum or flags property).
    public static func set(_ instance: GObjectPointer, _ name: String, _ value: UInt32) {
        set(instance, name, gdd_type_uint(), "UInt32") { g_value_set_uint($0, value) }
    }

    /// Sets a property from an `Int` (an integer literal), as the property's own integer type;
    /// a value out of that type's range stops the program.
    public static func set(_ instance: GObjectPointer, _ name: String, _ value: Int) {
        let spec = writableSpec(instance, name)
        func fit<T: FixedWidthInteger>(_: T.Type) -> T {
            guard let fitted = T(exactly: value) else {
                fatalError("Property.set: \(value) does not fit the \(typeName(spec.pointee.value_type)) property \(describe(instance, name))")
            }
            return fitted
        }
        switch g_type_fundamental(spec.pointee.value_type) {
        case gdd_type_uint(), gdd_type_flags(): set(instance, name, fit(UInt32.self))
        case gdd_type_int64(), gdd_type_long():
            let fitted = fit(Int64.self)
            set(instance, name, gdd_type_int64(), "Int") { g_value_set_int64($0, gint64(fitted)) }
        case gdd_type_uint64(), gdd_type_ulong():
            let fitted = fit(UInt64.self)
            set(instance, name, gdd_type_uint64(), "Int") { g_value_set_uint64($0, guint64(fitted)) }
        case gdd_type_double(), gdd_type_float(): set(instance, name, Double(value))
        default: set(instance, name, fit(Int32.self))
        }
    }

    /// Sets a property from a `Double` (`gdouble`; converts to `gfloat`).
    public static func set(_ instance: GObjectPointer, _ name: String, _ value: Double) {
        set(instance, name, gdd_type_double(), "Double") { g_value_set_double($0, value) }
    }

    /// Sets a string property (GObject copies the string).
    public static func set(_ instance: GObjectPointer, _ name: String, _ value: String) {
        set(instance, name, gdd_type_string(), "String") { gvalue in value.withGString { g_value_set_string(gvalue, $0) } }
    }

    /// Sets an object property to `object` (GObject takes its own reference), or clears it with nil.
    public static func set(_ instance: GObjectPointer, _ name: String, _ object: GObjectPointer?) {
        let spec = writableSpec(instance, name)
        // A GValue of the object's own type converts to a property of any of its classes or interfaces.
        let type = object.map(gdd_type_from_instance) ?? spec.pointee.value_type
        set(instance, name, type, "object of type \(typeName(type))") { g_value_set_object($0, object) }
    }

    /// Sets a property from an object of an opaque GTK type (a list view, a selection model…).
    public static func set<Tag>(_ instance: GObjectPointer, _ name: String, _ object: TypedObject<Tag>) {
        set(instance, name, object.raw)
    }

    // MARK: One GValue

    private static func set(_ instance: GObjectPointer, _ name: String, _ type: GType, _ swiftType: String,
                            _ fill: (UnsafeMutablePointer<GValue>) -> Void) {
        let spec = writableSpec(instance, name)
        guard g_value_type_transformable(type, spec.pointee.value_type) != 0 else {
            fatalError("Property.set: \(describe(instance, name)) is of type \(typeName(spec.pointee.value_type)), which a \(swiftType) cannot set")
        }
        var value = GValue()
        g_value_init(&value, type)
        fill(&value)
        name.withGString { g_object_set_property(instance.asObject, $0, &value) }
        g_value_unset(&value)
    }

    /// The property's spec; an unknown, read-only or construct-only property stops the program.
    static func writableSpec(_ instance: GObjectPointer, _ name: String) -> UnsafeMutablePointer<GParamSpec> {
        guard let spec = name.withGString({ g_object_class_find_property(gdd_object_get_class(instance), $0) }) else {
            fatalError("Property.set: \(typeName(gdd_type_from_instance(instance))) has no property \"\(name)\"")
        }
        let flags = spec.pointee.flags.rawValue
        guard flags & G_PARAM_WRITABLE.rawValue != 0 else {
            fatalError("Property.set: \(describe(instance, name)) is read-only")
        }
        guard flags & G_PARAM_CONSTRUCT_ONLY.rawValue == 0 else {
            fatalError("Property.set: \(describe(instance, name)) can only be set when the object is constructed")
        }
        return spec
    }

    private static func describe(_ instance: GObjectPointer, _ name: String) -> String {
        "\"\(name)\" of \(typeName(gdd_type_from_instance(instance)))"
    }

    private static func typeName(_ type: GType) -> String {
        g_type_name(type).map { String(cString: $0) } ?? "an unknown type"
    }
}
