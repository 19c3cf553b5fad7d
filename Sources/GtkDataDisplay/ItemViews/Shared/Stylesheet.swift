import CGtk

/// The library's CSS: header and footer rows (in a list), tiles (in a grid) and box rows (in a box: some air,
/// headers read as group titles, footers as notes), and the expander. Installed once per display, at
/// application priority minus one so an app's own CSS wins.
///
/// The rules live in `Resources/css/gtk-data-display.css`, compiled into the library's GResource bundle
/// (`gtk-data-display.gresource`, see `GResourceBundle`) and loaded from `resource://` + `resourcePath`.
@MainActor
public enum Stylesheet {
    private static var installed = false

    /// Where the rules are in the GResource namespace (in the library's bundle).
    public static let resourcePath = GResourceBundle.libraryResourcePath + "/style.css"

    /// The default rules, as read from the library's resource bundle (empty when the bundle is missing).
    public static let css: String = {
        guard GResourceBundle.registerLibraryBundle() else { return "" }
        return GResourceBundle.text(at: resourcePath) ?? ""
    }()

    /// Adds the default rules to the default display (no-op without a display).
    public static func installDefault() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        guard GResourceBundle.registerLibraryBundle() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, resourcePath)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION - 1))
        releaseObject(untyped(provider))
    }
}
