import CGtkDataDisplay
import GtkDataDisplay

/// Keyboard shortcuts on any widget.
extension WidgetConvertible {
    /// Runs `handler` when `trigger` is pressed while the focus is in this widget or inside it
    /// (a window: anywhere in it): `"<Alt>1"`, `"<Control>f"`, `"F5"`, in GTK's accelerator
    /// syntax. `handler` returns whether it used the key; false lets it go on to other handlers.
    ///
    ///     try window.addShortcut("<Alt>2") { stack.visibleChildName = "contacts"; return true }
    ///
    /// The shortcut runs after the focused widget has had the key (the bubble phase), so a text
    /// entry still gets its own keys. For keys that activate a named action in every window,
    /// use `Application.setAccelerators(_:for:)` instead. The widget keeps the handler for its
    /// life: capture its owner weakly.
    public func addShortcut(_ trigger: String, _ handler: @escaping @MainActor () -> Bool) throws(ActionError) {
        guard ActionCalls.isValidAccelerator(trigger), ShortcutCalls.isValidTrigger(trigger) else { throw .invalidAccelerator(trigger) }
        ShortcutCalls.add(to: gtkWidget, trigger: trigger, handler)
    }
}
