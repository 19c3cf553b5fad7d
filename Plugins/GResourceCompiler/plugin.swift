// Compiles a target's GResource manifest (Resources/*.gresource.xml) with GLib's
// glib-compile-resources into a `.gresource` bundle. SwiftPM copies a build-tool plugin's outputs
// that are not sources into the target's resource bundle, where the code finds it through
// `Bundle.module` and registers it with GLib (g_resource_load + g_resources_register).
//
// The manifest and the files it lists are the command's inputs, so editing a stylesheet or a
// .ui file rebuilds the bundle; nothing is copied into Swift sources.

import Foundation
import PackagePlugin

@main
struct GResourceCompiler: BuildToolPlugin {
    /// The manifest each target compiles, relative to the package root; the bundle takes its name.
    static let manifests = [
        "GtkDataDisplay": "Resources/gtk-data-display.gresource.xml",
        "GtkDataDisplayDemo": "Resources/io.github.gtkdatadisplay.Demo.gresource.xml",
    ]

    /// Where Debian's libglib2.0-dev-bin (a dependency of libgtk-4-dev) puts the compiler.
    static let compiler = "/usr/bin/glib-compile-resources"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let relative = Self.manifests[target.name] else {
            Diagnostics.error("GResourceCompiler: no manifest known for target \(target.name)")
            return []
        }
        let manifest = context.package.directoryURL.appending(path: relative)
        let sourceDirectory = manifest.deletingLastPathComponent()
        let bundleName = manifest.lastPathComponent.replacingOccurrences(of: ".gresource.xml", with: ".gresource")
        let output = context.pluginWorkDirectoryURL.appending(path: bundleName)
        let listed = try Self.listedFiles(in: manifest).map { sourceDirectory.appending(path: $0) }
        return [
            .buildCommand(
                displayName: "Compiling GResource bundle \(bundleName)",
                executable: URL(fileURLWithPath: Self.compiler),
                arguments: ["--sourcedir", sourceDirectory.path, "--target", output.path, manifest.path],
                inputFiles: [manifest] + listed,
                outputFiles: [output]
            ),
        ]
    }

    /// The `<file>` entries of a manifest (their text, a path relative to the manifest's folder).
    static func listedFiles(in manifest: URL) throws -> [String] {
        let xml = try String(contentsOf: manifest, encoding: .utf8)
        var files: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<file") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
                  let close = rest[tagEnd...].range(of: "</file>") else { break }
            files.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[close.upperBound...]
        }
        return files
    }
}
