import CAdwDataDisplay
import GtkDataDisplay

/// libadwaita in this process: starting it, and which version runs.
///
/// Call `initialize()` once GTK has started (in `onActivate`), before the first libadwaita widget
/// is shown: it loads libadwaita's stylesheet and icons and its style manager (through which
/// GtkDataDisplayShell's `Appearance` then sets light or dark). An app whose application is an
/// `AdwApplication` is initialised already. Widgets that came after libadwaita 1.2 (Debian 12's) are
/// used only behind `isAtLeast(_:_:)`.
@MainActor
public enum Adwaita {
    /// Initialises libadwaita (and GTK, if the app has not yet). Calling it again does nothing.
    public static func initialize() {
        adw_init()
    }

    /// Whether libadwaita has been initialised in this process.
    public static var isInitialized: Bool { adw_is_initialized() != 0 }

    /// The version of libadwaita the process runs (not the one it was built against).
    public static var version: (major: Int, minor: Int, micro: Int) {
        (Int(adw_get_major_version()), Int(adw_get_minor_version()), Int(adw_get_micro_version()))
    }

    /// Whether the running libadwaita is `major.minor` or newer.
    public static func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        let running = version
        return (running.major, running.minor) >= (major, minor)
    }

    /// Registers the types the product's row templates name (`AdwActionRow`, `AdwEntryRow`), so
    /// that a template is checked and built before anything else has made such a widget.
    static func registerTypes() {
        _ = adw_action_row_get_type()
        _ = adw_entry_row_get_type()
        _ = adw_status_page_get_type()
    }
}
