import CGtk
import Foundation
import GtkDataDisplay

/// The package's `Resources/` folder (.ui files, CSS), found from this source file's path.
///
/// The demo runs from a build folder, so neither the working directory nor the executable's
/// location says where the package is; the compile-time `#filePath` does, for a local build.
@MainActor
enum DemoResources {
    /// `<package>/Resources`, or nil when the sources are not where they were built.
    static let root: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            let candidate = folder.appendingPathComponent("Resources")
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               FileManager.default.fileExists(atPath: candidate.path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        warn("Resources/ not found above \(#filePath): using built-in widgets and the default style")
        return nil
    }()

    /// The text of `Resources/<path>`, or nil (with a warning) when it cannot be read.
    static func text(_ path: String) -> String? {
        guard let root else { return nil }
        let url = root.appendingPathComponent(path)
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            warn("cannot read \(url.path): \(error.localizedDescription)")
            return nil
        }
    }

    /// Applies `Resources/css/demo.css` to the default display, above the library's stylesheet.
    static func installStylesheet() {
        guard let css = text("css/demo.css"), let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)  // the display keeps its own reference
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("gtk-data-display-demo: \(message)\n".utf8))
    }
}
