import GtkDataDisplay
import GtkDataDisplayShell

/// The end of the header bar: the dark style toggle and the primary menu (About, Quit), with the
/// application actions behind them (`app.about`, `app.quit` on Ctrl+Q).
@MainActor
final class HeaderControls {
    /// The primary menu's items: `app.about` and `app.quit`.
    let menu = Menu()
    /// The button that opens `menu` (F10 too).
    let menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main menu")
    /// The toggle button, kept to follow the desktop's changes.
    let darkToggle = ToggleButton(iconName: "weather-clear-night-symbolic", isActive: Appearance.prefersDark,
                                  accessibleLabel: "Dark style")

    init(header: HeaderBar, application: Application, window: Window) {
        menuButton.tooltip = "Main menu"
        menuButton.isPrimary = true
        darkToggle.tooltip = "Dark style"
        darkToggle.onToggled { isActive in Appearance.prefersDark = isActive }
        header.packEnd(menuButton)
        header.packEnd(darkToggle)
        do {
            try menu.append("_About GtkDataDisplay Demo", action: "app.about")
                .append("_Quit", action: "app.quit")
            menuButton.menu = menu
            try application.addAction("about") { [weak window] in
                if let window { DemoAbout.present(over: window) }
            }
            try application.addAction("quit") { [weak application] in application?.quit() }
            try application.setAccelerators(["<Control>q"], for: "app.quit")
        } catch {
            DemoResources.warn("the main menu: \(error)")
        }
    }

    /// Shows `dark` on the toggle (the desktop changed its preference).
    func showDark(_ dark: Bool) {
        darkToggle.isActive = dark
    }
}
