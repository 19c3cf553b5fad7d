import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkButton` with a text or an icon.
///
///     let delete = Button(iconName: "user-trash-symbolic", accessibleLabel: "Delete")
///     delete.onClicked { [weak self] in self?.onDelete?() }
///
/// Screen readers read a text button by its text (without a mnemonic's underscore) and an icon
/// button by its `accessibleLabel`: give one, or it reads as "GtkImage".
@MainActor
public final class Button: WidgetWrapper {
    /// The `GtkButton` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var button: UnsafeMutablePointer<GtkButton> { gdd_button(widget.raw) }

    /// The helper over an existing `GtkButton` (a template's child, a plugin's part such as
    /// `EmptyStateView.actionButton`); it shares the widget, whose owner stays its owner too.
    public init(wrapping widget: OwnedWidget) {
        precondition(isInstance(widget.pointer, of: gtk_button_get_type()), "Button(wrapping:): the widget is no GtkButton")
        self.widget = widget
    }

    /// A button showing `label`.
    public init(label: String) {
        widget = OwnedWidget(gtk_button_new_with_label(label))
    }

    /// A button showing `mnemonic`, whose underscored letter presses it with Alt ("_Add": Alt+A).
    /// Screen readers read the text without the underscore.
    public init(mnemonic: String) {
        widget = OwnedWidget(gtk_button_new_with_mnemonic(mnemonic))
        readLabelWithoutUnderscore()
    }

    /// A button showing the themed icon `iconName`, called `accessibleLabel` by screen readers
    /// (say what it does: "Delete"; without one, GTK names it after its image widget).
    public init(iconName: String, accessibleLabel: String? = nil) {
        widget = OwnedWidget(gtk_button_new_from_icon_name(iconName))
        if let accessibleLabel { widget.setAccessibleLabel(accessibleLabel) }
    }

    /// The text shown (nil when the button shows an icon or another child). With a mnemonic
    /// button (`init(mnemonic:)`), an underscore marks the mnemonic letter.
    public var label: String? {
        get { gtk_button_get_label(button).map { String(cString: $0) } }
        set {
            if let newValue {
                gtk_button_set_label(button, newValue)
                readLabelWithoutUnderscore()
            } else {
                gtk_button_set_child(button, nil)
            }
        }
    }

    /// GTK 4.8 gives a mnemonic button its raw text ("_Add") as accessible label, on top of the
    /// label child's text, so it reads "_Add Add": dropping the property leaves the child's text.
    /// (GTK 4.12 names a button from its label child and sets no such label.)
    private func readLabelWithoutUnderscore() {
        guard NewerGtk.minor < 12, gtk_button_get_use_underline(button) != 0 else { return }
        AccessibleAttributes.setLabel(widget.pointer, nil)
    }

    /// The icon shown (nil when the button shows a text or another child).
    public var iconName: String? {
        get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
        set { if let newValue { gtk_button_set_icon_name(button, newValue) } else { gtk_button_set_child(button, nil) } }
    }

    /// Whether the button draws its frame; `false` gives the flat look of toolbar and row buttons.
    public var hasFrame: Bool {
        get { gtk_button_get_has_frame(button) != 0 }
        set { gtk_button_set_has_frame(button, newValue ? 1 : 0) }
    }

    /// Makes a click activate the detailed action `detailedName` ("app.quit", "win.page::base")
    /// of the button's window or application, as a header bar button bound to an action does;
    /// nil unbinds it. While the action is missing or disabled, GTK makes the button insensitive.
    public func setAction(_ detailedName: String?) throws(ActionError) {
        if let detailedName, !ActionCalls.isValidDetailedName(detailedName) { throw .invalidDetailedName(detailedName) }
        gtk_actionable_set_detailed_action_name(gdd_actionable(widget.raw), detailedName)
    }

    /// The name of the action a click activates (without its target), or nil.
    public var actionName: String? {
        gtk_actionable_get_action_name(gdd_actionable(widget.raw)).map { String(cString: $0) }
    }

    /// Calls `handler` each time the button is clicked. The widget keeps the closure for its life:
    /// capture the row view or its owner weakly (`[weak self]`), or they keep each other alive.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> Button {
        Signal.connect(widget.raw, "clicked", handler)
        return self
    }

    /// Clicks the button: emits `clicked` at once when the button is sensitive (GTK's own
    /// keyboard activation waits for a short press animation first). For shortcuts and tests.
    public func click() {
        guard gtk_widget_is_sensitive(widget.pointer) != 0 else { return }
        gdd_signal_emit_void(widget.raw, "clicked")
    }
}
