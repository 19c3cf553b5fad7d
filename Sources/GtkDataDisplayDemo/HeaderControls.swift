import CGtk
import GtkDataDisplay

/// The end of the header bar: the dark style toggle and the primary menu (About, Quit), with the
/// application actions behind them (`app.about`, `app.quit` on Ctrl+Q).
@MainActor
final class HeaderControls {
    /// The toggle button, kept to follow the desktop's changes.
    private let darkToggle: UnsafeMutablePointer<GtkWidget>

    init(header: OpaquePointer, application: UnsafeMutablePointer<GtkApplication>,
         window: UnsafeMutablePointer<GtkWidget>) {
        let menu = g_menu_new()!
        g_menu_append(menu, "_About GtkDataDisplay Demo", "app.about")
        g_menu_append(menu, "_Quit", "app.quit")
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "open-menu-symbolic")
        // GMenu is a GMenuModel subclass: the cast holds.
        gtk_menu_button_set_menu_model(OpaquePointer(menuButton), UnsafeMutablePointer<GMenuModel>(menu))
        gtk_widget_set_tooltip_text(menuButton, "Main menu")
        g_object_unref(UnsafeMutableRawPointer(menu))  // the button keeps it

        darkToggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(gdd_button(darkToggle), "weather-clear-night-symbolic")
        gtk_widget_set_tooltip_text(darkToggle, "Dark style")
        gtk_toggle_button_set_active(gdd_toggle_button(darkToggle), Appearance.prefersDark ? 1 : 0)
        let toggle = darkToggle
        Signal.connect(UnsafeMutableRawPointer(darkToggle), "toggled") {
            Appearance.prefersDark = gtk_toggle_button_get_active(gdd_toggle_button(toggle)) != 0
        }
        gtk_header_bar_pack_end(header, menuButton)
        gtk_header_bar_pack_end(header, darkToggle)

        Self.addAction("about", to: application) { AboutDialog.present(over: window) }
        Self.addAction("quit", to: application) { g_application_quit(gdd_g_application(application)) }
        Self.setAccelerator("<Control>q", for: "app.quit", in: application)
    }

    /// Shows `dark` on the toggle (the desktop changed its preference).
    func showDark(_ dark: Bool) {
        gtk_toggle_button_set_active(gdd_toggle_button(darkToggle), dark ? 1 : 0)
    }

    private static func addAction(_ name: String, to application: UnsafeMutablePointer<GtkApplication>,
                                  _ body: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signal.connect(UnsafeMutableRawPointer(action), "activate", pointer: { _ in body() })
        g_action_map_add_action(gdd_action_map(application), gdd_action(UnsafeMutableRawPointer(action)))
        g_object_unref(UnsafeMutableRawPointer(action))  // the map keeps it
    }

    private static func setAccelerator(_ accelerator: String, for action: String,
                                       in application: UnsafeMutablePointer<GtkApplication>) {
        accelerator.withCString { accel in
            var accels: [UnsafePointer<CChar>?] = [accel, nil]
            accels.withUnsafeMutableBufferPointer { gtk_application_set_accels_for_action(application, action, $0.baseAddress) }
        }
    }
}
