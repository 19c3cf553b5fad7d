import GtkDataDisplay

// libadwaita owns an app's light and dark style once it is initialised: it warns when GtkSettings'
// `gtk-application-prefer-dark-theme` is set ("unsupported … use AdwStyleManager"), which under
// `G_DEBUG=fatal-warnings` stops the program. An app that uses libadwaita beside the shell gets
// its style set through `AdwStyleManager` instead. The shell does not link libadwaita: it finds
// libadwaita's functions in the process at run time (present when the app links it), and uses
// them only once `adw_is_initialized()` says the app has called `adw_init()`.

/// libadwaita's style manager, when the app has initialised libadwaita (see above).
@MainActor
enum AdwaitaStyle {
    private typealias IsInitialized = @convention(c) () -> Int32
    private typealias DefaultManager = @convention(c) () -> OpaquePointer?
    private typealias GetScheme = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetScheme = @convention(c) (OpaquePointer?, Int32) -> Void

    /// `AdwColorScheme`'s values the shell uses.
    private static let forceLight: Int32 = 1, preferDark: Int32 = 3, forceDark: Int32 = 4

    private static func function<F>(_ name: String, as type: F.Type) -> F? {
        NewerGtk.loadedFunction(name, as: type)
    }

    /// The default style manager, nil unless libadwaita is in the process and initialised.
    private static var manager: OpaquePointer? {
        guard let isInitialized = function("adw_is_initialized", as: IsInitialized.self), isInitialized() != 0,
              let defaultManager = function("adw_style_manager_get_default", as: DefaultManager.self) else { return nil }
        return defaultManager()
    }

    /// Whether the app's colour scheme is a dark one; nil without libadwaita initialised.
    static var prefersDark: Bool? {
        guard let manager, let get = function("adw_style_manager_get_color_scheme", as: GetScheme.self) else { return nil }
        let scheme = get(manager)
        return scheme == preferDark || scheme == forceDark
    }

    /// Sets the app's colour scheme to dark or light; false without libadwaita initialised.
    static func setPrefersDark(_ dark: Bool) -> Bool {
        guard let manager, let set = function("adw_style_manager_set_color_scheme", as: SetScheme.self) else { return false }
        set(manager, dark ? forceDark : forceLight)
        return true
    }
}
