import GtkDataDisplay
import GtkDataDisplayShell

/// The demo's About dialog: what it says about the demo, the same as its AppStream metainfo
/// (`Resources/io.github.gtkdatadisplay.Demo.metainfo.xml`: name, latest release, licence,
/// homepage) and the package's LICENSE file.
@MainActor
enum DemoAbout {
    static let programName = "GtkDataDisplay Demo"
    static let version = "0.3.0"
    static let comments = "Lists, grids and boxes driven by data display managers: generators, sections, managers and events, in Swift on GTK 4."
    static let website = "https://github.com/gtkdatadisplay/GtkDataDisplay"
    /// The metainfo's `project_license`, MIT.
    static let license = AboutDialog.License.mitX11
    static let copyright = "© 2026 The GtkDataDisplay authors"

    /// Shows a new About dialog over `window` (modal; closing it destroys it).
    static func present(over window: Window) {
        let about = AboutDialog()
        about.programName = programName
        about.version = version
        about.comments = comments
        about.logoIconName = DemoResources.applicationID
        about.website = website
        about.websiteLabel = "Source code"
        about.copyright = copyright
        about.license = license
        about.present(over: window)   // GTK's list of windows keeps it until it closes
    }
}
