import CGtk

/// The demo's About dialog (`GtkAboutDialog`), transient for the window.
@MainActor
enum AboutDialog {
    static let version = "0.2.0"

    static func present(over window: UnsafeMutablePointer<GtkWidget>) {
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)  // GtkAboutDialog is a final type: opaque in Swift
        gtk_about_dialog_set_program_name(about, "GtkDataDisplay Demo")
        gtk_about_dialog_set_version(about, version)
        gtk_about_dialog_set_comments(about, "Lists, grids and boxes driven by data display managers: generators, sections, managers and events, in Swift on GTK 4.")
        gtk_about_dialog_set_logo_icon_name(about, DemoResources.applicationID)
        gtk_about_dialog_set_website(about, "https://github.com/gtkdatadisplay/GtkDataDisplay")
        gtk_about_dialog_set_website_label(about, "Source code")
        gtk_about_dialog_set_copyright(about, "© The GtkDataDisplay authors")
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(gdd_window(dialog), gdd_window(window))
        gtk_window_set_modal(gdd_window(dialog), 1)
        gtk_window_set_destroy_with_parent(gdd_window(dialog), 1)
        gtk_window_present(gdd_window(dialog))  // GTK's toplevel list owns it until it closes
    }
}
