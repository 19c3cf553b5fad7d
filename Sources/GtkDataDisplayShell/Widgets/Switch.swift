import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkSwitch`: an on/off slider. Centred vertically by default, so it keeps its shape in a
/// taller row.
///
/// `onChanged` runs when the user flips it, not when code sets `isActive` (as UIKit's `isOn`).
@MainActor
public final class Switch: WidgetWrapper {
    /// The `GtkSwitch` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget

    /// A switch, on when `isActive`.
    public init(isActive: Bool = false) {
        widget = OwnedWidget(gtk_switch_new())
        valign = .center
        self.isActive = isActive
    }

    /// Whether it is on. Setting it does not call `onChanged`.
    public var isActive: Bool {
        get { Property.bool(widget.raw, "active") }
        set { ChangeFromCode.run(on: widget.raw) { Property.set(widget.raw, "active", newValue) } }
    }

    /// Calls `handler` with the new state each time the user flips it. The widget keeps the
    /// closure for its life: capture the row view or its owner weakly.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (_ isActive: Bool) -> Void) -> Switch {
        ChangeFromCode.onChange(of: widget.raw, "active", handler)
        return self
    }
}
