import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkToggleButton`: a button that stays pressed in or out.
///
/// `onToggled` runs when the user toggles it, not when code sets `isActive` (as UIKit's `isOn`),
/// so a row view can show its model's state without calling its own handler.
@MainActor
public final class ToggleButton: WidgetWrapper {
    /// The `GtkToggleButton` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// A toggle button showing `label` or the icon `iconName` (give one), pressed in when `isActive`;
    /// `accessibleLabel` names an icon button for screen readers.
    public init(label: String? = nil, iconName: String? = nil, isActive: Bool = false, accessibleLabel: String? = nil) {
        widget = OwnedWidget(gtk_toggle_button_new())
        if let accessibleLabel { widget.setAccessibleLabel(accessibleLabel) }
        if let label { Property.set(widget.raw, "label", label) }
        if let iconName { Property.set(widget.raw, "icon-name", iconName) }
        self.isActive = isActive
    }

    /// Whether it is pressed in. Setting it does not call `onToggled`.
    public var isActive: Bool {
        get { Property.bool(widget.raw, "active") }
        set { ChangeFromCode.run(on: widget.raw) { Property.set(widget.raw, "active", newValue) } }
    }

    /// Calls `handler` with the new state each time the user toggles the button. The widget keeps
    /// the closure for its life: capture the row view or its owner weakly.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (_ isActive: Bool) -> Void) -> ToggleButton {
        ChangeFromCode.onChange(of: widget.raw, "active", handler)
        return self
    }
}
