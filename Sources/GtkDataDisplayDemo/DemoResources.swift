import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// The demo's GResource bundle (`io.github.gtkdatadisplay.Demo.gresource`, compiled from
/// `Resources/io.github.gtkdatadisplay.Demo.gresource.xml`): its .ui files, CSS and icons.
///
/// A SwiftPM build finds it in the demo's resource bundle; an installed demo (meson-helpers/) in
/// `<prefix>/share/gtk-data-display/`. It is registered before the application starts, so
/// GtkApplication adds `<base path>/icons` to the icon theme by itself.
@MainActor
enum DemoResources {
    /// The application id, which is also the bundle's name and its path in the resource namespace.
    nonisolated static let applicationID = "io.github.gtkdatadisplay.Demo"
    /// `/io/github/gtkdatadisplay/Demo`: GtkApplication's resource base path for `applicationID`.
    static let basePath = "/" + applicationID.replacingOccurrences(of: ".", with: "/")

    /// Registers the bundle once; false (with a warning, the first time) when it cannot be found or loaded.
    @discardableResult
    static func register() -> Bool {
        if registered || failed { return registered }
        do {
            try GResourceBundle.register(path: GResourceBundle.locate(applicationID + ".gresource", swiftPMBundle: .module))
            registered = true
        } catch {
            failed = true
            warn("\(error)")
        }
        return registered
    }
    private static var registered = false
    private static var failed = false

    /// The text of the resource `<base path>/<path>` (`ui/badge-row.ui`), or nil (with a warning).
    static func text(_ path: String) -> String? {
        guard register() else { return nil }
        guard let text = GResourceBundle.text(at: basePath + "/" + path) else {
            warn("no resource \(basePath)/\(path) in the demo's bundle")
            return nil
        }
        return text
    }

    /// Applies `css/demo.css` from the bundle to the application, above the library's stylesheet.
    static func installStylesheet(in application: Application) {
        guard let css = text("css/demo.css") else { return }
        application.addStylesheet(css)
    }

    /// The template `ui/<file>` from the bundle with `configure`'s bindings, read and checked once.
    /// The rows' widgets exist only there: a missing bundle or file, or a template that does not
    /// fit its bindings, is an install error that ends the demo with the library's message.
    static func template<Model>(_ file: String, root: String = "row",
                                _ configure: (RowTemplate<Model>) -> RowTemplate<Model>) -> RowTemplate<Model> {
        let path = basePath + "/ui/" + file
        do {
            guard register() else {
                throw TemplateError.resourceNotFound(path: path, reason: "the demo's resource bundle \(applicationID).gresource is not installed")
            }
            let template = try configure(RowTemplate<Model>(resource: path, root: root))
            try template.validate()
            return template
        } catch {
            fail("\(error)")
        }
    }

    /// Says what is wrong with the installation and exits with status 1.
    static func fail(_ message: String) -> Never {
        warn(message)
        exit(1)
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("gtk-data-display-demo: \(message)\n".utf8))
    }
}
