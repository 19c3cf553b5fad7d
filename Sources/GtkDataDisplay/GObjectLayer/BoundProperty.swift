// Properties set from an app's model values, which the property may not be able to hold: an `Int`
// beyond a `gint`, a negative number for a `guint`, -100 for a property whose minimum is -1, NaN for
// a progress bar's fraction. GObject would print a warning for each (fatal under
// `G_DEBUG=fatal-warnings`); here the value is brought into the property's range first, the way
// GObject's own validation does it (`g_param_value_validate`), a NaN is not set at all, and the
// caller learns what was done.

import CGtkDataDisplay

/// Sets a property from a model value, clamped into what the property accepts.
enum BoundProperty {
    /// Sets `name` from `value`, converted to the property's own number type (any integer or
    /// floating-point property) and clamped into its range. Returns what was done when the value
    /// did not fit, nil when it was set as it was.
    static func set(_ instance: GObjectPointer, _ name: String, _ value: Int) -> String? {
        let spec = Property.writableSpec(instance, name)
        let type = spec.pointee.value_type
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        defer { g_value_unset(&gvalue) }
        var exact = true
        func fit<T: FixedWidthInteger>(_: T.Type) -> T {
            let fitted = T(clamping: value)
            if Int(exactly: fitted) != value { exact = false }
            return fitted
        }
        switch g_type_fundamental(type) {
        case gdd_type_int(): g_value_set_int(&gvalue, fit(Int32.self))
        case gdd_type_uint(): g_value_set_uint(&gvalue, fit(UInt32.self))
        case gdd_type_long(): g_value_set_long(&gvalue, fit(Int.self))
        case gdd_type_ulong(): g_value_set_ulong(&gvalue, fit(UInt.self))
        case gdd_type_int64(): g_value_set_int64(&gvalue, gint64(fit(Int64.self)))
        case gdd_type_uint64(): g_value_set_uint64(&gvalue, guint64(fit(UInt64.self)))
        case gdd_type_char(): g_value_set_schar(&gvalue, fit(Int8.self))
        case gdd_type_uchar(): g_value_set_uchar(&gvalue, fit(UInt8.self))
        case gdd_type_double(): g_value_set_double(&gvalue, Double(value))
        case gdd_type_float(): g_value_set_float(&gvalue, Float(value))
        default:
            preconditionFailure("BoundProperty: \(name) is no number property (the binding's requirement admits none)")
        }
        return setValidated(instance, spec, &gvalue, exact: exact, shown: "\(value)")
    }

    /// Sets the floating-point property `name` from `value`, clamped into its range; a NaN is not set.
    /// Returns what was done when the value did not fit, nil when it was set as it was.
    static func set(_ instance: GObjectPointer, _ name: String, _ value: Double) -> String? {
        let spec = Property.writableSpec(instance, name)
        guard !value.isNaN else {
            return "NaN is no value for \(describe(instance, spec)); the property was left as it was"
        }
        let type = spec.pointee.value_type
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        defer { g_value_unset(&gvalue) }
        var exact = true
        switch g_type_fundamental(type) {
        case gdd_type_float():
            let single = Float(value)
            if single.isInfinite && value.isFinite { exact = false }  // beyond a gfloat (precision lost is no misfit)
            g_value_set_float(&gvalue, single)
        default:
            g_value_set_double(&gvalue, value)
        }
        return setValidated(instance, spec, &gvalue, exact: exact, shown: "\(value)")
    }

    /// Sets the string property `name` (GObject's validation applies: a property may restrict its
    /// characters). Returns what was done when the value did not fit, nil when it was set as it was.
    static func set(_ instance: GObjectPointer, _ name: String, _ value: String) -> String? {
        let spec = Property.writableSpec(instance, name)
        var gvalue = GValue()
        g_value_init(&gvalue, spec.pointee.value_type)
        defer { g_value_unset(&gvalue) }
        value.withGString { g_value_set_string(&gvalue, $0) }
        return setValidated(instance, spec, &gvalue, exact: true, shown: "\"\(value)\"")
    }

    /// Sets the boolean property `name`.
    static func set(_ instance: GObjectPointer, _ name: String, _ value: Bool) -> String? {
        Property.set(instance, name, value)
        return nil
    }

    /// Validates `gvalue` against `spec` (GObject clamps it into range), then sets it.
    private static func setValidated(_ instance: GObjectPointer, _ spec: UnsafeMutablePointer<GParamSpec>,
                                     _ gvalue: inout GValue, exact: Bool, shown: String) -> String? {
        let changed = g_param_value_validate(spec, &gvalue) != 0
        g_object_set_property(instance.asObject, spec.pointee.name, &gvalue)
        guard changed || !exact else { return nil }
        let contents = g_strdup_value_contents(&gvalue)
        defer { g_free(contents) }
        let set = contents.map { String(cString: $0) } ?? "?"
        return "\(shown) does not fit \(describe(instance, spec)); set to \(set)"
    }

    private static func describe(_ instance: GObjectPointer, _ spec: UnsafeMutablePointer<GParamSpec>) -> String {
        let type = g_type_name(gdd_type_from_instance(instance)).map { String(cString: $0) } ?? "an object"
        let valueType = g_type_name(spec.pointee.value_type).map { String(cString: $0) } ?? "?"
        return "the \(valueType) property \"\(String(cString: spec.pointee.name))\" of \(type)"
    }
}
