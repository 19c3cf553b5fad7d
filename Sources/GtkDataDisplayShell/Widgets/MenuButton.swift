import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkMenuButton`: a button that opens a `Menu` in a popover, such as the primary menu at the
/// end of a header bar.
///
///     let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu)
///     menuButton.tooltip = "Main menu"
///     menuButton.isPrimary = true          // F10 opens it
///     header.packEnd(menuButton)
///
/// The button keeps its menu. The menu's items activate actions as seen from the button: the
/// window's ("win.") and the application's ("app.").
@MainActor
public final class MenuButton: WidgetWrapper {
    /// The `GtkMenuButton` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var button: OpaquePointer { gdd_menu_button(widget.raw) }
    private var shownMenu: Menu?

    /// A menu button showing the icon `iconName` (or the text `label`), opening `menu`. Screen
    /// readers call an icon button by its `accessibleLabel` (or its tooltip).
    public init(iconName: String? = nil, label: String? = nil, menu: Menu? = nil, accessibleLabel: String? = nil) {
        widget = OwnedWidget(gtk_menu_button_new())
        if let iconName { self.iconName = iconName }
        if let label { self.label = label }
        if let menu { self.menu = menu }
        if let accessibleLabel { widget.setAccessibleLabel(accessibleLabel) }
    }

    /// The menu the button opens; nil: none.
    public var menu: Menu? {
        get { shownMenu }
        set {
            shownMenu = newValue
            gtk_menu_button_set_menu_model(button, newValue.map { gdd_menu_model($0.pointer) })
        }
    }

    /// The icon shown.
    public var iconName: String? {
        get { gtk_menu_button_get_icon_name(button).map { String(cString: $0) } }
        set { gtk_menu_button_set_icon_name(button, newValue) }
    }

    /// The text shown (an underscore marks the mnemonic).
    public var label: String? {
        get { gtk_menu_button_get_label(button).map { String(cString: $0) } }
        set {
            gtk_menu_button_set_use_underline(button, 1)
            gtk_menu_button_set_label(button, newValue)
        }
    }

    /// Whether this is the window's primary menu, which F10 opens (one per window, usually the
    /// menu at the end of the header bar).
    public var isPrimary: Bool {
        get { gtk_menu_button_get_primary(button) != 0 }
        set { gtk_menu_button_set_primary(button, newValue ? 1 : 0) }
    }

    /// Opens the menu.
    public func popup() { gtk_menu_button_popup(button) }

    /// Closes the menu.
    public func popdown() { gtk_menu_button_popdown(button) }
}
