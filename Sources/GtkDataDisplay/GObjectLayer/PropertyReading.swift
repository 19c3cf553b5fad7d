// Reading GObject properties back, for the helpers that report a widget's state (`isActive`,
// an entry's text). `g_object_get` is variadic; `g_object_get_property` fills one GValue of the
// property's own type.

import CGtkDataDisplay

extension Property {
    /// A boolean property's value (`active` of a toggle, check button or switch).
    package static func bool(_ instance: GObjectPointer, _ name: String) -> Bool {
        read(instance, name) { g_value_get_boolean($0) != 0 }
    }

    /// A double property's value (`fraction` of a progress bar).
    package static func double(_ instance: GObjectPointer, _ name: String) -> Double {
        read(instance, name) { g_value_get_double($0) }
    }

    /// A string property's value (`text` of an entry); "" when it is NULL.
    package static func string(_ instance: GObjectPointer, _ name: String) -> String {
        read(instance, name) { g_value_get_string($0).map { String(cString: $0) } ?? "" }
    }

    /// Sets a string property to `value`, or to NULL when it is nil (which clears an image's
    /// `icon-name`, say). A wrong name or type stops the program, as `Property.set` does.
    package static func setNullableString(_ instance: GObjectPointer, _ name: String, _ value: String?) {
        guard let value else {
            var gvalue = GValue()
            g_value_init(&gvalue, gdd_type_string())
            g_object_set_property(instance.asObject, name, &gvalue)
            g_value_unset(&gvalue)
            return
        }
        set(instance, name, value)
    }

    private static func read<T>(_ instance: GObjectPointer, _ name: String, _ get: (UnsafeMutablePointer<GValue>) -> T) -> T {
        guard let spec = g_object_class_find_property(gdd_object_get_class(instance), name) else {
            fatalError("Property: \(String(cString: g_type_name(gdd_type_from_instance(instance)))) has no property \"\(name)\"")
        }
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        g_object_get_property(instance.asObject, name, &value)
        defer { g_value_unset(&value) }
        return get(&value)
    }
}
