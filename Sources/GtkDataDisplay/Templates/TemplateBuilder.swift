// Builds one instance of a template: its own GtkBuilder over the .ui text, the objects looked up
// by id once and retained, the builder freed.

import CGtkDataDisplay

/// The objects of one built template, each held by one reference (widgets through `OwnedWidget`,
/// so the live-widget count covers them).
@MainActor
struct BuiltTemplate {
    let root: OwnedWidget
    /// Every object of the .ui with an id, by id.
    let pointers: [String: GObjectPointer]
    /// The widgets among them.
    let widgets: [String: OwnedWidget]
    /// The references that keep the other objects (an adjustment, a gesture) alive.
    let references: [ObjectReference]
}

@MainActor
enum TemplateBuilder {
    /// Whether widgets can be built now: GTK initialised, with a display (a `gtk_init_check` that
    /// found no display leaves GTK initialised, with nothing to build on).
    static var canBuild: Bool { gtk_is_initialized() != 0 && gdk_display_get_default() != nil }

    /// Builds `definition` once and checks its objects; GtkBuilder's error or a failed check throws.
    static func build<Model>(_ definition: TemplateDefinition<Model>) throws(TemplateError) -> BuiltTemplate {
        guard canBuild else {
            fatalError("RowTemplate \(definition.source.name): GTK is not initialised or has no display; build rows once the Application has started (in onActivate) or after gtk_init")
        }
        let builder = gtk_builder_new()!
        // The builder holds every object it made; what is retained below outlives it, the rest goes with it.
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        // What GtkBuilder would build with a warning is refused before it runs.
        try definition.checkMarkup(builder: builder)
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, definition.source.text, -1, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .builderFailed(source: definition.source.name, message: message)
        }
        var pointers: [String: GObjectPointer] = [:]
        for id in definition.markup.ids {
            if let object = gtk_builder_get_object(builder, id) { pointers[id] = UnsafeMutableRawPointer(object) }
        }
        try definition.check { id in
            pointers[id].map { TypeLookup(type: gdd_type_from_instance($0), name: TypeInspection.name(gdd_type_from_instance($0))) }
        }
        var widgets: [String: OwnedWidget] = [:]
        var references: [ObjectReference] = []
        for (id, object) in pointers {
            if gdd_is_widget(object) != 0 {
                widgets[id] = OwnedWidget(gdd_widget(object))
            } else {
                references.append(ObjectReference(retaining: object))
            }
        }
        return BuiltTemplate(root: widgets[definition.rootID]!, pointers: pointers, widgets: widgets, references: references)
    }
}
