// GAction plumbing for the app shell: named actions with Swift handlers in an action map (an
// application or an application window), detailed action names ("app.about", "win.page::base")
// checked and split before GLib sees them, and activation through a widget's action muxer, as a
// menu item or a button with an action name does it.

import CGtkDataDisplay
import GtkDataDisplay

/// A detailed action name split into the action's name and its target (`"win.page::base"` →
/// `"win.page"` and the string "base").
final class DetailedAction {
    /// The action's name with its group prefix ("app.quit").
    let name: String
    /// The target value (a `GVariant` this object owns a reference to), or nil for none.
    let target: OpaquePointer?

    /// Parses `detailedName` (`g_action_parse_detailed_name`); nil when it is malformed.
    init?(_ detailedName: String) {
        var name: UnsafeMutablePointer<gchar>?
        var target: OpaquePointer?
        var error: UnsafeMutablePointer<GError>?
        guard g_action_parse_detailed_name(detailedName, &name, &target, &error) != 0, let name else {
            g_clear_error(&error)
            return nil
        }
        self.name = String(cString: name)
        g_free(name)
        self.target = target
    }

    deinit {
        if let target { g_variant_unref(target) }
    }
}

/// Typed calls on GActionMap, GActionGroup and a widget's actions.
@MainActor
enum ActionCalls {
    /// Whether `name` can name an action (`g_action_name_is_valid`: letters, digits, '-' and '.').
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.withGString { g_action_name_is_valid($0) } != 0
    }

    /// Whether `detailedName` is a well-formed detailed action name.
    static func isValidDetailedName(_ detailedName: String) -> Bool {
        DetailedAction(detailedName) != nil
    }

    /// Adds a parameterless `GSimpleAction` named `name` to the action map `map`, replacing one
    /// of that name; `handler` runs on each activation. The map keeps the action (and so the
    /// handler) for its life.
    static func addAction(to map: GObjectPointer, name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = name.withGString { g_simple_action_new($0, nil) }!
        Signal.connect(UnsafeMutableRawPointer(action), "activate", pointer: { _ in handler() })
        g_action_map_add_action(gdd_action_map(map), gdd_action(UnsafeMutableRawPointer(action)))
        releaseObject(UnsafeMutableRawPointer(action))  // the map keeps its own reference
    }

    /// Removes the action `name` from the map (nothing when there is none).
    static func removeAction(from map: GObjectPointer, name: String) {
        name.withGString { g_action_map_remove_action(gdd_action_map(map), $0) }
    }

    /// Whether the action group `group` has an action `name` (without a group prefix).
    static func hasAction(_ group: GObjectPointer, name: String) -> Bool {
        name.withGString { g_action_group_has_action(gdd_action_group(group), $0) } != 0
    }

    /// Whether the action `name` of `group` is enabled.
    static func isEnabled(_ group: GObjectPointer, name: String) -> Bool {
        name.withGString { g_action_group_get_action_enabled(gdd_action_group(group), $0) } != 0
    }

    /// Enables or disables the `GSimpleAction` `name` of the map (menu items and buttons bound to
    /// it grey out); nothing when there is none.
    static func setEnabled(_ map: GObjectPointer, name: String, _ enabled: Bool) {
        guard let action = name.withGString({ g_action_map_lookup_action(gdd_action_map(map), $0) }) else { return }
        g_simple_action_set_enabled(gdd_simple_action(UnsafeMutableRawPointer(action)), enabled ? 1 : 0)
    }

    /// Activates the action `name` of `group` (without a group prefix) with no parameter; false
    /// when the group has no such action or it is disabled.
    static func activate(_ group: GObjectPointer, name: String) -> Bool {
        guard hasAction(group, name: name), isEnabled(group, name: name) else { return false }
        name.withGString { g_action_group_activate_action(gdd_action_group(group), $0, nil) }
        return true
    }

    /// Activates the detailed action `detailedName` ("app.about") as seen from `widget`: through
    /// the widget's action muxer, which finds the window's and application's actions, as a menu
    /// item or an actionable button does. False when no such action is reachable from the widget.
    static func activate(from widget: UnsafeMutablePointer<GtkWidget>, detailedName: String) -> Bool {
        guard let action = DetailedAction(detailedName) else { return false }
        return action.name.withGString { gtk_widget_activate_action_variant(widget, $0, action.target) } != 0
    }

    /// Sets the keyboard accelerators of the detailed action `detailedName` in `application`
    /// (an empty list removes them).
    static func setAccelerators(_ application: UnsafeMutablePointer<GtkApplication>, _ detailedName: String,
                                _ accelerators: [String]) {
        accelerators.withCStringArray { array in
            detailedName.withGString { gtk_application_set_accels_for_action(application, $0, array) }
        }
    }

    /// The keyboard accelerators of `detailedName` in `application`.
    static func accelerators(_ application: UnsafeMutablePointer<GtkApplication>, _ detailedName: String) -> [String] {
        guard let array = detailedName.withGString({ gtk_application_get_accels_for_action(application, $0) }) else { return [] }
        defer { g_strfreev(array) }
        return array.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: 1) { [String](cStringArray: UnsafePointer($0)) }
    }

    /// Whether GTK can parse `accelerator` ("<Control>q", "<Alt>1", "F10").
    static func isValidAccelerator(_ accelerator: String) -> Bool {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        return accelerator.withGString { gtk_accelerator_parse($0, &key, &modifiers) } != 0 && key != 0
    }
}
