import CGtkDataDisplay

/// The library's CSS: header and footer rows (in a list), tiles (in a grid) and box rows (in a box: some air,
/// headers read as group titles, footers as notes), and the expander. Installed once per display, at
/// application priority minus one so an app's own CSS wins.
///
/// The rules live in `Resources/css/gtk-data-display.css` (the reordering plugin's in
/// `Resources/css/gtk-data-display-reordering.css`, GtkDataDisplayAdwaita's boxed lists' in
/// `Resources/css/gtk-data-display-adwaita.css`), compiled into the library's GResource bundle
/// (`gtk-data-display.gresource`, see `GResourceBundle`) and loaded from `resource://` + `resourcePath`.
@MainActor
public enum Stylesheet {
    private static var installed = false

    /// Where the default rules are in the GResource namespace (in the library's bundle).
    public static let resourcePath = GResourceBundle.libraryResourcePath + "/style.css"
    /// Where the reordering plugin's rules are in the GResource namespace.
    public static let reorderingResourcePath = GResourceBundle.libraryResourcePath + "/reordering.css"

    /// The default rules, as read from the library's resource bundle (empty when the bundle is missing).
    public static let css: String = text(at: resourcePath)

    /// Adds the default rules to the default display (no-op without a display).
    public static func installDefault() {
        guard !installed else { return }
        installed = install(resourcePath)
    }

    /// The drop indicator of the reordering plugin: a line on the side of the row where the dragged
    /// row would land (read from the library's resource bundle).
    public static let reorderingCSS: String = text(at: reorderingResourcePath)
    private static var reorderingInstalled = false

    /// Adds the reordering rules (the plugin does, when installed).
    static func installReordering() {
        guard !reorderingInstalled else { return }
        reorderingInstalled = install(reorderingResourcePath)
    }

    /// Where GtkDataDisplayAdwaita's boxed-list rules are in the GResource namespace.
    public static let adwaitaResourcePath = GResourceBundle.libraryResourcePath + "/adwaita.css"
    private static var adwaitaInstalled = false

    /// Adds the rules of GtkDataDisplayAdwaita's boxed lists (it does, once libadwaita is
    /// initialised: they use libadwaita's named colours, which GTK's own theme lacks).
    public static func installAdwaita() {
        guard !adwaitaInstalled else { return }
        adwaitaInstalled = install(adwaitaResourcePath)
    }

    private static func text(at path: String) -> String {
        guard GResourceBundle.registerLibraryBundle() else { return "" }
        return GResourceBundle.text(at: path) ?? ""
    }

    /// Adds the rules at `resourcePath` to the default display; false without a display (true,
    /// with nothing added, when the library's bundle is missing: it said so on standard error).
    private static func install(_ resourcePath: String) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        guard GResourceBundle.registerLibraryBundle() else { return true }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, resourcePath)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION - 1))
        releaseObject(untyped(provider))
        return true
    }
}
