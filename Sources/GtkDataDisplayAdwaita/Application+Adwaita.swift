import CAdwDataDisplay
import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell

/// GtkDataDisplayShell's application as a libadwaita app.
extension Application {
    /// Makes this a libadwaita app: on the first activation libadwaita is initialised (its
    /// stylesheet, its style manager for light and dark) and the window `onActivate` receives is an
    /// `AdwApplicationWindow`. Such a window draws no title bar of its own: the window's `titlebar`
    /// (a `HeaderBar`) stands above its `child`, inside it, as libadwaita lays windows out; the code
    /// in `onActivate` stays the same. Call it before `run()`.
    ///
    ///     let app = Application(id: "org.example.Settings")
    ///     app.useAdwaita()
    ///     app.onActivate { window in
    ///         window.titlebar = HeaderBar()
    ///         window.child = BoxAdapter(manager: settings).boxedList()
    ///         window.present()
    ///     }
    public func useAdwaita() {
        makeWindow = { application in
            Adwaita.initialize()
            let made = adw_application_window_new(application.pointer)!
            return Window(window: made) { content in
                adw_application_window_set_content(gdd_adw_application_window(UnsafeMutableRawPointer(made)), content)
            }
        }
    }
}
