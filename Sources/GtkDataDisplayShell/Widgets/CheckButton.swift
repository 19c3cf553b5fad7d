import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkCheckButton`: a check box with an optional label.
///
/// `onToggled` runs when the user toggles it, not when code sets `isActive` (as UIKit's `isOn`).
@MainActor
public final class CheckButton: WidgetWrapper {
    /// The `GtkCheckButton` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// A check box with `label` beside it (none when nil), checked when `isActive`.
    public init(label: String? = nil, isActive: Bool = false) {
        widget = OwnedWidget(gtk_check_button_new())
        InternalWidgetNames.hideIndicator(of: widget.pointer)
        if let label { self.label = label }
        self.isActive = isActive
    }

    /// The text beside the box.
    public var label: String? {
        get { Property.string(widget.raw, "label") }
        set { Property.setNullableString(widget.raw, "label", newValue) }
    }

    /// Whether it is checked. Setting it does not call `onToggled`.
    public var isActive: Bool {
        get { Property.bool(widget.raw, "active") }
        set { ChangeFromCode.run(on: widget.raw) { Property.set(widget.raw, "active", newValue) } }
    }

    /// Calls `handler` with the new state each time the user toggles it. The widget keeps the
    /// closure for its life: capture the row view or its owner weakly.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (_ isActive: Bool) -> Void) -> CheckButton {
        ChangeFromCode.onChange(of: widget.raw, "active", handler)
        return self
    }
}
