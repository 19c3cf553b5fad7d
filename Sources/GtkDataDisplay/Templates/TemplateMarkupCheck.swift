// What GtkBuilder does not refuse but only warns about, and builds anyway: a property value it
// cannot parse (`lots` for an integer, an unknown enum value) or that is out of the property's range,
// and a `<child>` its parent cannot hold (a widget inside a `GtkLabel`: it is parented but never laid
// out, and GTK warns again when each row view is freed). Checked on the markup, with GTK's own
// parser of property values, before any row view is built; needs no display.

import CGtkDataDisplay

/// Checks a template's markup for what GtkBuilder would only warn about.
enum TemplateMarkupCheck {
    /// Throws the first problem found in `markup`, in document order. `type(named:)` gives the
    /// GType of a class name (0 for an unknown class: GtkBuilder's own error reports those).
    static func check(_ markup: TemplateMarkup, source: String, builder: OpaquePointer,
                      type typeNamed: (String) -> GType) throws(TemplateError) {
        let types = markup.elements.map { typeNamed($0.className) }
        for (index, element) in markup.elements.enumerated() {
            let type = types[index]
            guard type != 0 else { continue }
            for property in element.properties where property.isLiteral {
                try checkValue(property, of: element, type: type, source: source, builder: builder)
            }
            if let parent = element.parent, types[parent] != 0 {
                try checkChild(element, type: type, in: markup.elements[parent], parentType: types[parent], source: source)
            }
        }
    }

    /// The property's text parsed as GtkBuilder parses it, then validated as GObject validates a
    /// value it is given. Object-valued properties name other objects: GtkBuilder resolves those.
    private static func checkValue(_ property: TemplateMarkup.PropertyValue, of element: TemplateMarkup.Element,
                                   type: GType, source: String, builder: OpaquePointer) throws(TemplateError) {
        guard let spec = TypeInspection.property(property.name, of: type),
              g_type_fundamental(spec.pointee.value_type) != gdd_type_object(),
              g_type_fundamental(spec.pointee.value_type) != gdd_type_interface() else { return }
        var value = GValue()
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_value_from_string(builder, spec, property.text, &value, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "GtkBuilder cannot parse it"
            g_clear_error(&error)
            throw .invalidPropertyValue(source: source, object: element.name, property: property.name,
                                        value: property.text, reason: message)
        }
        defer { g_value_unset(&value) }
        guard g_param_value_validate(spec, &value) == 0 else {
            throw .invalidPropertyValue(source: source, object: element.name, property: property.name, value: property.text,
                                        reason: "out of the range of the \(TypeInspection.name(spec.pointee.value_type)) property")
        }
    }

    /// A widget whose class leaves GtkBuildable's `add_child` as GtkWidget has it takes only layout
    /// managers and event controllers as children, with no `type`. (GtkWidget's own `add_child`
    /// parents any widget too, but a GTK widget that did not ask for children never lays one out.)
    private static func checkChild(_ child: TemplateMarkup.Element, type: GType, in parent: TemplateMarkup.Element,
                                   parentType: GType, source: String) throws(TemplateError) {
        guard g_type_is_a(parentType, gtk_widget_get_type()) != 0, usesWidgetsAddChild(parentType) else { return }
        if let childType = child.childType {
            throw .invalidChild(source: source, parent: parent.name, child: child.name,
                                reason: "\(parent.className) knows no child type \"\(childType)\"")
        }
        if g_type_is_a(type, gtk_layout_manager_get_type()) != 0 || g_type_is_a(type, gtk_event_controller_get_type()) != 0 {
            return
        }
        if g_type_is_a(type, gtk_widget_get_type()) != 0 {
            // An app's own widget class may manage children it gets this way; GTK's own do not.
            guard parent.className.hasPrefix("Gtk") else { return }
            throw .invalidChild(source: source, parent: parent.name, child: child.name,
                                reason: "\(parent.className) holds no child widgets (put both in a GtkBox)")
        }
        throw .invalidChild(source: source, parent: parent.name, child: child.name,
                            reason: "a \(parent.className) takes only layout managers and event controllers as children")
    }

    /// Whether `type`'s GtkBuildable `add_child` is GtkWidget's own (the class added no child handling).
    private static func usesWidgetsAddChild(_ type: GType) -> Bool {
        addChild(of: type) == addChild(of: gtk_widget_get_type())
    }

    /// The `add_child` function of `type`'s GtkBuildable interface, as an address (a C struct's field).
    private static func addChild(of type: GType) -> UnsafeRawPointer? {
        guard let klass = g_type_class_ref(type) else { return nil }
        defer { g_type_class_unref(klass) }
        guard let iface = g_type_interface_peek(klass, gtk_buildable_get_type()) else { return nil }
        let offset = MemoryLayout<GtkBuildableIface>.offset(of: \GtkBuildableIface.add_child)!
        return UnsafeRawPointer(iface).load(fromByteOffset: offset, as: UnsafeRawPointer?.self)
    }
}
