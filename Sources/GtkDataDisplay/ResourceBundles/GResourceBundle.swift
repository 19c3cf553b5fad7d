// Compiled GResource bundles (`.gresource` files) found where SwiftPM or an install put them,
// and registered with GLib so `resource:///…` paths resolve: the library's stylesheet, an app's
// .ui templates, CSS and icons.

import Foundation

/// A `.gresource` bundle that could not be registered.
public enum GResourceBundleError: Error, Equatable, CustomStringConvertible {
    /// GLib could not load the file (missing, unreadable, or not a compiled bundle).
    case unloadable(path: String, reason: String)
    /// No bundle of this name was found next to an installed binary nor in the SwiftPM bundle.
    case notFound(name: String, searched: [String])

    /// What went wrong, with the path or the places searched.
    public var description: String {
        switch self {
        case .unloadable(let path, let reason): return "cannot load the resource bundle \(path): \(reason)"
        case .notFound(let name, let searched):
            return "resource bundle \(name) not found (searched \(searched.joined(separator: ", ")))"
        }
    }
}

/// Finds and registers compiled GResource bundles (made by `glib-compile-resources`).
///
/// In a SwiftPM build, the package's `GResourceCompiler` plugin compiles a target's
/// `*.gresource.xml` into its resource bundle (`Bundle.module`). Installed (meson-helpers/), the
/// bundle sits in `<prefix>/share/gtk-data-display/`, found from the executable's location, so a
/// `DESTDIR` or relocated install finds its own copy:
///
///     let path = try GResourceBundle.locate("org.example.App.gresource", swiftPMBundle: .module)
///     try GResourceBundle.register(path: path)
///     // gtk_builder_new_from_resource("/org/example/App/ui/row.ui"), RowTemplate(resource:)…
@MainActor
public enum GResourceBundle {
    /// The folder of `<prefix>/share` that meson-helpers/ installs bundles into.
    public static let installedSubdirectory = "gtk-data-display"

    private static var registered: Set<String> = []

    /// Registers the bundle at `path` with GLib; the same path twice is a no-op.
    public static func register(path: String) throws(GResourceBundleError) {
        guard !registered.contains(path) else { return }
        if let reason = GResourceCalls.loadAndRegister(path: path) {
            throw .unloadable(path: path, reason: reason)
        }
        registered.insert(path)
    }

    /// Where the bundle `name` is: `<executable>/../share/gtk-data-display/<name>` when installed
    /// there, else the SwiftPM resource bundle `swiftPMBundle` (pass `.module`; it is only touched
    /// when no installed copy exists, as SwiftPM stops the process when its bundle is missing).
    public static func locate(_ name: String, swiftPMBundle: @autoclosure () -> Bundle) throws(GResourceBundleError) -> String {
        let installed = installedPath(name)
        if let installed, FileManager.default.fileExists(atPath: installed) { return installed }
        let bundle = swiftPMBundle()
        let inBundle = bundle.bundleURL.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: inBundle) { return inBundle }
        throw .notFound(name: name, searched: [installed, inBundle].compactMap { $0 })
    }

    /// `<directory of the running executable>/../share/gtk-data-display/<name>`.
    static func installedPath(_ name: String) -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard executable.path != "/proc/self/exe" else { return nil }
        return executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share").appendingPathComponent(installedSubdirectory)
            .appendingPathComponent(name).path
    }

    /// The text of the resource at `resourcePath` (`/org/example/App/style.css`) in a registered
    /// bundle, or nil when no registered bundle has it.
    public static func text(at resourcePath: String) -> String? {
        GResourceCalls.bytes(at: resourcePath).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Registers the library's own bundle (its stylesheet) once; false (with a message on
    /// standard error) when it cannot be found or loaded.
    @discardableResult
    static func registerLibraryBundle() -> Bool {
        if libraryBundleRegistered { return true }
        do {
            try register(path: locate(libraryBundleName, swiftPMBundle: .module))
            libraryBundleRegistered = true
        } catch {
            FileHandle.standardError.write(Data("GtkDataDisplay: \(error); the default stylesheet is not applied\n".utf8))
        }
        return libraryBundleRegistered
    }

    private static var libraryBundleRegistered = false
    /// The library's bundle, compiled from `Resources/gtk-data-display.gresource.xml`.
    static let libraryBundleName = "gtk-data-display.gresource"
    /// Where the library's resources live in the GResource namespace.
    public static let libraryResourcePath = "/io/github/gtkdatadisplay/GtkDataDisplay"
}
