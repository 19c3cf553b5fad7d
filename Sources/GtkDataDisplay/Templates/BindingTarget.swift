// What a model value can set on a template's child: the properties rows change per model.

import CGtkDataDisplay

/// A property of a template's child that a `bind` sets from the model on every bind.
///
///     .bind("name", .label, to: \.name)
///     .bind("avatar", .iconName, to: \.icon)
///     .bind("email", .visible, to: { !$0.email.isEmpty })
///     .bind("row", .cssClass("starred"), to: \.starred)
///     .bind("progress", .property("fraction"), to: \.progress)
///
/// Each target says which objects it fits; a child of another type, or a property of another value
/// type, is reported by `validate()` and stops the program when the first row view is built, never
/// inside a later bind.
///
/// No model value ends the program or makes GLib warn: a number beyond the property's range
/// (`Int.max` into a `gint`, -100 where the minimum is -1) is clamped into it, a NaN is not set, and
/// text that is not valid Pango markup is shown as plain text. Each binding reports the first such
/// value once (`Diagnostics.boundValueAdjusted`, and a line on stderr).
public struct BindingTarget<Value>: Sendable {
    /// Its name in messages (".label").
    let name: String
    let requirement: ObjectRequirement
    /// Sets the value; returns what it did instead when the value did not fit (nil: set as given).
    let apply: @MainActor @Sendable (GObjectPointer, Value) -> String?
}

private let labelRequirement = ObjectRequirement.isA("GtkLabel") { gtk_label_get_type() }

extension BindingTarget where Value == String {
    /// A label's text, shown as is (never parsed as markup); or the `label` property of a button,
    /// check button, expander or frame.
    public static var label: BindingTarget<String> {
        BindingTarget(name: ".label", requirement: labelRequirement.or(.writableProperty("label", .string))) { object, text in
            if gdd_is_instance_of(object, gtk_label_get_type()) != 0 {
                gtk_label_set_text(gdd_label(object), text)
                return nil
            }
            return BoundProperty.set(object, "label", text)
        }
    }

    /// A label's Pango markup (`<b>…</b>`). Escape text that comes from users: text that is not
    /// valid markup is shown as it is, as plain text (and reported once).
    public static var markup: BindingTarget<String> {
        BindingTarget(name: ".markup", requirement: labelRequirement) { object, markup in
            if let problem = PangoMarkup.problem(in: markup) {
                gtk_label_set_text(gdd_label(object), markup)
                return "\"\(markup)\" is not valid Pango markup (\(problem)); shown as plain text"
            }
            gtk_label_set_markup(gdd_label(object), markup)
            return nil
        }
    }

    /// The text of an entry (any `GtkEditable`); left alone when it is already that text, so the
    /// cursor does not jump.
    public static var text: BindingTarget<String> {
        BindingTarget(name: ".text", requirement: .isA("GtkEditable") { gtk_editable_get_type() }) { object, text in
            if Property.string(object, "text") != text { Property.set(object, "text", text) }
            return nil
        }
    }

    /// Any writable string property.
    public static func property(_ name: String) -> BindingTarget<String> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, .string)) {
            BoundProperty.set($0, name, $1)
        }
    }
}

extension BindingTarget where Value == String? {
    /// The themed icon of an image or a button; nil shows none.
    public static var iconName: BindingTarget<String?> {
        BindingTarget(name: ".iconName", requirement: .writableProperty("icon-name", .string)) { object, name in
            if gdd_is_instance_of(object, gtk_image_get_type()) != 0 {
                if let name { gtk_image_set_from_icon_name(gdd_image(object), name) } else { gtk_image_clear(gdd_image(object)) }
            } else if let name {
                Property.set(object, "icon-name", name)
            } else if gdd_is_instance_of(object, gtk_button_get_type()) != 0 {
                gtk_button_set_child(gdd_button(object), nil)
            } else {
                Property.setNullableString(object, "icon-name", nil)
            }
            return nil
        }
    }

    /// A widget's tooltip; nil or "" for none.
    public static var tooltip: BindingTarget<String?> {
        BindingTarget(name: ".tooltip", requirement: .widget) { object, text in
            if let text, !text.isEmpty {
                gtk_widget_set_tooltip_text(gdd_widget(object), text)
            } else {
                gtk_widget_set_tooltip_text(gdd_widget(object), nil)
            }
            return nil
        }
    }
}

extension BindingTarget where Value == Bool {
    /// Whether a widget is shown.
    public static var visible: BindingTarget<Bool> {
        BindingTarget(name: ".visible", requirement: .widget) { gtk_widget_set_visible(gdd_widget($0), $1 ? 1 : 0); return nil }
    }

    /// Whether a widget reacts to input (insensitive widgets are dimmed).
    public static var sensitive: BindingTarget<Bool> {
        BindingTarget(name: ".sensitive", requirement: .widget) { gtk_widget_set_sensitive(gdd_widget($0), $1 ? 1 : 0); return nil }
    }

    /// Whether a toggle button, check button or switch is on. Setting it in a bind does not call
    /// the template's `onToggled` handlers.
    public static var active: BindingTarget<Bool> {
        BindingTarget(name: ".active", requirement: .writableProperty("active", .boolean)) {
            BoundProperty.set($0, "active", $1)
        }
    }

    /// Whether a widget has the CSS class `name` (a state shown by style: "starred", "unread").
    /// `name` must be a CSS class name: not empty, no leading `.`, no spaces (`validate()` says so).
    public static func cssClass(_ name: String) -> BindingTarget<Bool> {
        let isName = !name.isEmpty && !name.hasPrefix(".") && !name.contains(where: \.isWhitespace)
        let requirement: ObjectRequirement = isName ? .widget : .never("a CSS class name (not \"\(name)\")")
        return BindingTarget(name: ".cssClass(\"\(name)\")", requirement: requirement) { object, isOn in
            if isOn { gtk_widget_add_css_class(gdd_widget(object), name) } else { gtk_widget_remove_css_class(gdd_widget(object), name) }
            return nil
        }
    }

    /// Any writable boolean property.
    public static func property(_ name: String) -> BindingTarget<Bool> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, .boolean)) {
            BoundProperty.set($0, name, $1)
        }
    }
}

extension BindingTarget where Value == Int {
    /// Any writable integer or floating-point property (`pixel-size`, `max-width-chars`); not an
    /// enum or flags property. A value beyond the property's range is clamped into it (and reported
    /// once: `Diagnostics.boundValueAdjusted`).
    public static func property(_ name: String) -> BindingTarget<Int> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, .number)) {
            BoundProperty.set($0, name, $1)
        }
    }
}

extension BindingTarget where Value == Double {
    /// Any writable floating-point property (`fraction` of a progress bar, `opacity`). A value
    /// beyond the property's range is clamped into it, a NaN is not set (each reported once:
    /// `Diagnostics.boundValueAdjusted`).
    public static func property(_ name: String) -> BindingTarget<Double> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, .floatingPoint)) {
            BoundProperty.set($0, name, $1)
        }
    }
}
