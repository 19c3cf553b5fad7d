import CGtkDataDisplay
import GtkDataDisplay

/// The application's light or dark style: GTK's `gtk-application-prefer-dark-theme` setting, or
/// libadwaita's style manager (its colour scheme) once the app has initialised libadwaita, which
/// does not allow the setting; and the desktop's preference (the XDG settings portal's
/// `color-scheme`, which GTK 4.8 does not follow by itself).
///
///     Appearance.followDesktop()            // dark when the desktop prefers dark, live
///     Appearance.prefersDark = true         // a "dark style" toggle
@MainActor
public enum Appearance {
    /// Whether the app asks its theme for the dark variant (GtkSettings'
    /// `gtk-application-prefer-dark-theme`; with libadwaita initialised, a dark colour scheme of
    /// its style manager: setting it forces dark or light). False without a display.
    public static var prefersDark: Bool {
        get {
            if let dark = AdwaitaStyle.prefersDark { return dark }
            guard let settings = gtk_settings_get_default() else { return false }
            return Property.bool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme")
        }
        set {
            if AdwaitaStyle.setPrefersDark(newValue) { return }
            guard let settings = gtk_settings_get_default() else { return }
            Property.set(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", newValue)
        }
    }

    /// Follows the desktop's light/dark preference: reads it now (asynchronously, over D-Bus) and
    /// again whenever it changes, setting `prefersDark` and then calling `onChange` with it.
    /// Without a session bus or a settings portal, nothing changes. Call it after GTK has started
    /// (in `onActivate`).
    public static func followDesktop(onChange: (@MainActor (Bool) -> Void)? = nil) {
        PortalColorScheme.follow { dark in
            prefersDark = dark
            onChange?(dark)
        }
    }
}
