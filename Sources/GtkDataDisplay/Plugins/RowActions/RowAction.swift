/// One entry of a row's context menu (RDDM's swipe action, GTK style): a label, an optional
/// icon, whether it can be chosen now, and whether it destroys something (drawn with GTK's
/// `destructive-action` style).
///
///     let delete = RowAction(id: "delete", label: "Delete", icon: "user-trash-symbolic", isDestructive: true) {
///         try? manager.remove(row)
///     }
///     delete.didTrigger += { print("deleted") }
///
/// An action is an object: a generator can keep its actions and change `isEnabled` or `label`
/// later; the menu reads them each time it opens. Choosing it runs `didTrigger`'s listeners (the
/// handler given to `init` first), then the plugin's `didTriggerAction`.
@MainActor
public final class RowAction {
    /// Names the action in `RowActionTrigger` (e.g. "delete"); the label when not given.
    public let id: String
    /// The menu entry's text.
    public var label: String
    /// A themed icon name shown before the label (e.g. "edit-delete-symbolic"), or nil.
    public var iconName: String?
    /// Whether the entry can be chosen; a disabled one is shown insensitive.
    public var isEnabled: Bool
    /// Whether the action destroys something: shown with the `destructive-action` style class.
    public var isDestructive: Bool
    /// Fires when the user chooses the action, after the menu has closed.
    public let didTrigger = Event<Void>()

    /// An action; `handler`, if given, is `didTrigger`'s first listener.
    public init(id: String? = nil, label: String, icon: String? = nil, isEnabled: Bool = true,
                isDestructive: Bool = false, handler: (@MainActor () -> Void)? = nil) {
        self.id = id ?? label
        self.label = label
        self.iconName = icon
        self.isEnabled = isEnabled
        self.isDestructive = isDestructive
        if let handler { didTrigger += { _ in handler() } }
    }
}
