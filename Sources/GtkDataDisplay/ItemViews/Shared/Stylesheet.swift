import CGtk

/// The library's CSS: header and footer rows (in a list), tiles (in a grid) and box rows (in a box: some air,
/// headers read as group titles, footers as notes), and the expander. Installed once per display, at
/// application priority minus one so an app's own CSS wins.
@MainActor
public enum Stylesheet {
    private static var installed = false

    /// The default rules.
    public static let css = """
    row.gdd-header, row.gdd-footer { background: none; }
    row.gdd-header:hover, row.gdd-footer:hover { background: none; }
    .gdd-header label.gdd-title { font-weight: bold; }
    row.gdd-header { border-bottom: 1px solid alpha(currentColor, 0.15); }
    button.gdd-expander { min-width: 20px; min-height: 20px; padding: 0; margin: 0; }
    gridview > child.gdd-grid-header, gridview > child.gdd-grid-footer { background: none; box-shadow: none; }
    gridview > child.gdd-grid-header:hover, gridview > child.gdd-grid-footer:hover { background: none; }
    gridview > child.gdd-grid-header { border-radius: 0; border-bottom: 2px solid alpha(currentColor, 0.25); }
    .gdd-grid-header label.gdd-title { font-weight: bold; font-size: larger; }
    .gdd-grid-footer label { opacity: 0.7; }
    box.gdd-box > .gdd-box-row { min-height: 36px; padding: 3px 12px; }
    box.gdd-box > .gdd-box-row.gdd-header { margin-top: 12px; padding-bottom: 4px; \
    border-bottom: 1px solid alpha(currentColor, 0.15); }
    box.gdd-box > .gdd-box-row.gdd-header:first-child { margin-top: 0; }
    box.gdd-box > .gdd-box-row.gdd-footer { opacity: 0.7; font-size: smaller; }
    """

    /// Adds the default rules to the default display (no-op without a display).
    public static func installDefault() {
        guard !installed else { return }
        installed = install(css)
    }

    /// The drop indicator of the reordering plugin: a line on the side of the row where the dragged
    /// row would land.
    public static let reorderingCSS = """
    .gdd-drop-above { box-shadow: inset 0 2px alpha(currentColor, 0.8); }
    .gdd-drop-below { box-shadow: inset 0 -2px alpha(currentColor, 0.8); }
    .gdd-drop-before { box-shadow: inset 2px 0 alpha(currentColor, 0.8); }
    .gdd-drop-after { box-shadow: inset -2px 0 alpha(currentColor, 0.8); }
    """
    private static var reorderingInstalled = false

    /// Adds the reordering rules (the plugin does, when installed).
    static func installReordering() {
        guard !reorderingInstalled else { return }
        reorderingInstalled = install(reorderingCSS)
    }

    /// Adds `rules` to the default display; false without a display.
    private static func install(_ rules: String) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, rules, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION - 1))
        releaseObject(untyped(provider))
        return true
    }
}
