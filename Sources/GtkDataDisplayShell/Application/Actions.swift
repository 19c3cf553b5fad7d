// Named actions, as GNOME apps wire their menus and shortcuts: the application's actions
// ("app.about", "app.quit") and a window's ("win.…"), each a Swift closure, with keyboard
// accelerators, activated by menu items (`Menu`), by shortcuts, or from code.

import CGtkDataDisplay
import GtkDataDisplay

/// An action, accelerator or shortcut that could not be set up; nothing was changed.
public enum ActionError: Error, Equatable, CustomStringConvertible {
    /// Not a valid action name: letters, digits, '-' and '.' only, not empty ("about", "open-file").
    case invalidName(String)
    /// Not a valid detailed action name: a prefixed name ("app.about"), optionally with a target
    /// ("win.page::base", "win.zoom(2)").
    case invalidDetailedName(String)
    /// Not a key GTK can parse: "<Control>q", "<Alt>1", "<Shift><Control>z", "F10".
    case invalidAccelerator(String)

    /// What went wrong, with an example of what GTK accepts.
    public var description: String {
        switch self {
        case .invalidName(let name):
            return "\"\(name)\" is not a valid action name (letters, digits, '-' and '.' only)"
        case .invalidDetailedName(let name):
            return "\"\(name)\" is not a valid detailed action name (such as \"app.quit\" or \"win.page::base\")"
        case .invalidAccelerator(let accelerator):
            return "\"\(accelerator)\" is not a key GTK can parse (such as \"<Control>q\" or \"<Alt>1\")"
        }
    }
}

/// An object holding named actions (GIO's `GActionMap`): the `Application` ("app.NAME" in menus
/// and buttons) and each `Window` ("win.NAME", only inside that window).
@MainActor
public protocol ActionMap {
    /// The `GActionMap` instance (the `GtkApplication` or the `GtkApplicationWindow`).
    var actionMapObject: UnsafeMutableRawPointer { get }
}

extension ActionMap {
    /// Adds the action `name`: menu items and buttons refer to it as `"app.<name>"` (an
    /// application's) or `"win.<name>"` (a window's, inside that window), and `handler` runs
    /// each time one of them, an accelerator or `activateAction` activates it. An action of the
    /// same name is replaced. The map keeps the handler for its life: capture windows and pages
    /// weakly. Add an application's actions in `onActivate` or later (GTK must have started it).
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) throws(ActionError) {
        guard ActionCalls.isValidName(name) else { throw .invalidName(name) }
        ActionCalls.addAction(to: actionMapObject, name: name, handler)
    }

    /// Removes the action `name` (nothing when there is none).
    public func removeAction(_ name: String) {
        ActionCalls.removeAction(from: actionMapObject, name: name)
    }

    /// Whether there is an action `name` (without the "app." or "win." prefix).
    public func hasAction(_ name: String) -> Bool {
        ActionCalls.hasAction(actionMapObject, name: name)
    }

    /// Whether the action `name` can be activated; a disabled action greys out its menu items.
    public func isActionEnabled(_ name: String) -> Bool {
        ActionCalls.isEnabled(actionMapObject, name: name)
    }

    /// Enables or disables the action `name` added with `addAction`.
    public func setActionEnabled(_ name: String, _ enabled: Bool) {
        ActionCalls.setEnabled(actionMapObject, name: name, enabled)
    }
}

extension Application: ActionMap {
    /// The `GtkApplication`.
    public var actionMapObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// Activates the application action `name` (without the "app." prefix) as a menu item
    /// would; false when there is no such action or it is disabled. (Inside a window, a widget's
    /// `activateAction("app.NAME")` does the same by detailed name.)
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        ActionCalls.activate(actionMapObject, name: name)
    }

    /// Sets the keys that activate the detailed action `detailedName` in every window of the
    /// application (`"app.quit"`: `["<Control>q"]`); an empty list removes them. GTK also shows
    /// the first one beside the action's menu items.
    public func setAccelerators(_ accelerators: [String], for detailedName: String) throws(ActionError) {
        guard ActionCalls.isValidDetailedName(detailedName) else { throw .invalidDetailedName(detailedName) }
        if let bad = accelerators.first(where: { !ActionCalls.isValidAccelerator($0) }) { throw .invalidAccelerator(bad) }
        ActionCalls.setAccelerators(pointer, detailedName, accelerators)
    }

    /// The keys set for the detailed action `detailedName` (GTK's normalised spelling:
    /// `"<Control>q"`).
    public func accelerators(for detailedName: String) -> [String] {
        ActionCalls.accelerators(pointer, detailedName)
    }
}

extension Window: ActionMap {
    /// The `GtkApplicationWindow`.
    public var actionMapObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
}

/// Actions reached from any widget: what a menu item or a button bound to an action activates.
extension WidgetConvertible {
    /// Activates the detailed action `detailedName` ("app.about", "win.page::base") as this
    /// widget sees it, exactly as a menu item or a button with that action name does: through the
    /// widget's window ("win.") and application ("app."). Returns whether such an action could be
    /// reached from the widget (false when it is not in a window of the application, say); a
    /// disabled action is reached (true) but does not run.
    @discardableResult
    public func activateAction(_ detailedName: String) throws(ActionError) -> Bool {
        guard ActionCalls.isValidDetailedName(detailedName) else { throw .invalidDetailedName(detailedName) }
        return ActionCalls.activate(from: gtkWidget, detailedName: detailedName)
    }
}
