import CGtkDataDisplay
import GtkDataDisplay

/// Changes a widget makes from code, told apart from the user's: while `run` sets a property,
/// the widget carries a mark that the helpers' handlers (`onToggled`, `onChanged`) check, so
/// setting `isActive` from code does not call them (as UIKit's `isOn` does not send valueChanged).
@MainActor
enum ChangeFromCode {
    private static let key = "gdd-change-from-code"

    /// Runs `body` with `object` marked as changed from code.
    static func run(on object: GObjectPointer, _ body: () -> Void) {
        g_object_set_data(object.asObject, key, object)
        body()
        g_object_set_data(object.asObject, key, nil)
    }

    /// Whether `object` is being changed from code right now.
    static func isRunning(on object: GObjectPointer) -> Bool {
        g_object_get_data(object.asObject, key) != nil
    }

    /// Connects `handler` to changes of the boolean property `property`, skipping changes made
    /// through `run`. The closure is kept by the widget (released when it is finalized): do not
    /// capture the wrapper or the row view strongly in `handler`.
    static func onChange(of object: GObjectPointer, _ property: String, _ handler: @escaping @MainActor (Bool) -> Void) {
        Signal.connect(object, "notify::\(property)", pointer: { _ in
            guard !ChangeFromCode.isRunning(on: object) else { return }
            handler(Property.bool(object, property))
        })
    }
}
