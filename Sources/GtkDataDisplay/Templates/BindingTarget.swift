// What a model value can set on a template's child: the properties rows change per model.

import CGtk

/// A property of a template's child that a `bind` sets from the model on every bind.
///
///     .bind("name", .label, to: \.name)
///     .bind("avatar", .iconName, to: \.icon)
///     .bind("email", .visible, to: { !$0.email.isEmpty })
///     .bind("row", .cssClass("starred"), to: \.starred)
///     .bind("progress", .property("fraction"), to: \.progress)
///
/// Each target says which objects it fits; a child of another type is reported by `validate()`
/// and stops the program when the first row view is built, never inside a later bind.
public struct BindingTarget<Value>: Sendable {
    /// Its name in messages (".label").
    let name: String
    let requirement: ObjectRequirement
    let apply: @MainActor @Sendable (GObjectPointer, Value) -> Void
}

private let labelRequirement = ObjectRequirement.isA("GtkLabel") { gtk_label_get_type() }

extension BindingTarget where Value == String {
    /// A label's text, shown as is (never parsed as markup); or the `label` property of a button,
    /// check button, expander or frame.
    public static var label: BindingTarget<String> {
        BindingTarget(name: ".label", requirement: labelRequirement.or(.writableProperty("label", "string") { gdd_type_string() })) { object, text in
            if gdd_is_instance_of(object, gtk_label_get_type()) != 0 {
                gtk_label_set_text(gdd_label(object), text)
            } else {
                Property.set(object, "label", text)
            }
        }
    }

    /// A label's Pango markup (`<b>…</b>`). Escape text that comes from users.
    public static var markup: BindingTarget<String> {
        BindingTarget(name: ".markup", requirement: labelRequirement) { object, markup in
            gtk_label_set_markup(gdd_label(object), markup)
        }
    }

    /// The text of an entry (any `GtkEditable`); left alone when it is already that text, so the
    /// cursor does not jump.
    public static var text: BindingTarget<String> {
        BindingTarget(name: ".text", requirement: .isA("GtkEditable") { gtk_editable_get_type() }) { object, text in
            if Property.string(object, "text") != text { Property.set(object, "text", text) }
        }
    }

    /// Any writable property that a string can set.
    public static func property(_ name: String) -> BindingTarget<String> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, "string") { gdd_type_string() }) {
            Property.set($0, name, $1)
        }
    }
}

extension BindingTarget where Value == String? {
    /// The themed icon of an image or a button; nil shows none.
    public static var iconName: BindingTarget<String?> {
        BindingTarget(name: ".iconName", requirement: .writableProperty("icon-name", "string") { gdd_type_string() }) { object, name in
            if gdd_is_instance_of(object, gtk_image_get_type()) != 0 {
                if let name { gtk_image_set_from_icon_name(gdd_image(object), name) } else { gtk_image_clear(gdd_image(object)) }
            } else if let name {
                Property.set(object, "icon-name", name)
            } else if gdd_is_instance_of(object, gtk_button_get_type()) != 0 {
                gtk_button_set_child(gdd_button(object), nil)
            } else {
                Property.setNullableString(object, "icon-name", nil)
            }
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
        }
    }
}

extension BindingTarget where Value == Bool {
    /// Whether a widget is shown.
    public static var visible: BindingTarget<Bool> {
        BindingTarget(name: ".visible", requirement: .widget) { gtk_widget_set_visible(gdd_widget($0), $1 ? 1 : 0) }
    }

    /// Whether a widget reacts to input (insensitive widgets are dimmed).
    public static var sensitive: BindingTarget<Bool> {
        BindingTarget(name: ".sensitive", requirement: .widget) { gtk_widget_set_sensitive(gdd_widget($0), $1 ? 1 : 0) }
    }

    /// Whether a toggle button, check button or switch is on. Setting it in a bind does not call
    /// the template's `onToggled` handlers.
    public static var active: BindingTarget<Bool> {
        BindingTarget(name: ".active", requirement: .writableProperty("active", "boolean") { gdd_type_boolean() }) {
            Property.set($0, "active", $1)
        }
    }

    /// Whether a widget has the CSS class `name` (a state shown by style: "starred", "unread").
    public static func cssClass(_ name: String) -> BindingTarget<Bool> {
        BindingTarget(name: ".cssClass(\"\(name)\")", requirement: .widget) { object, isOn in
            if isOn { gtk_widget_add_css_class(gdd_widget(object), name) } else { gtk_widget_remove_css_class(gdd_widget(object), name) }
        }
    }

    /// Any writable property that a boolean can set.
    public static func property(_ name: String) -> BindingTarget<Bool> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, "boolean") { gdd_type_boolean() }) {
            Property.set($0, name, $1)
        }
    }
}

extension BindingTarget where Value == Int {
    /// Any writable numeric property (`pixel-size`, `max-width-chars`); a value out of the
    /// property's range stops the program.
    public static func property(_ name: String) -> BindingTarget<Int> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, "numeric") { gdd_type_int() }) {
            Property.set($0, name, $1)
        }
    }
}

extension BindingTarget where Value == Double {
    /// Any writable floating-point property (`fraction` of a progress bar, `opacity`).
    public static func property(_ name: String) -> BindingTarget<Double> {
        BindingTarget(name: ".property(\"\(name)\")", requirement: .writableProperty(name, "floating-point") { gdd_type_double() }) {
            Property.set($0, name, $1)
        }
    }
}
