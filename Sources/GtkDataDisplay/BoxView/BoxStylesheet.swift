import CGtk

/// The box adapter's CSS, besides the library's `Stylesheet`: rows get some air, headers read as
/// group titles, footers as notes. Installed once per display, below an app's own CSS.
@MainActor
public enum BoxStylesheet {
    private static var installed = false

    /// The default rules.
    public static let css = """
    box.gdd-box > .gdd-box-row { min-height: 36px; padding: 3px 12px; }
    box.gdd-box > .gdd-box-row.gdd-header { margin-top: 12px; padding-bottom: 4px; \
    border-bottom: 1px solid alpha(currentColor, 0.15); }
    box.gdd-box > .gdd-box-row.gdd-header:first-child { margin-top: 0; }
    box.gdd-box > .gdd-box-row.gdd-footer { opacity: 0.7; font-size: smaller; }
    """

    /// Adds the default rules to the default display (no-op without a display).
    public static func installDefault() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION - 1))
        releaseObject(untyped(provider))
    }
}
