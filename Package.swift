// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GtkDataDisplay",
    products: [
        // The list library: managers, generators, sections, adapters, plugins, templates, events.
        .library(name: "GtkDataDisplay", targets: ["GtkDataDisplay"]),
        // App-shell helpers around a list (application, window, header bar, menus, stack, typed
        // widgets): for apps without a Swift GTK binding of their own.
        .library(name: "GtkDataDisplayShell", targets: ["GtkDataDisplayShell"]),
        // Both as a shared object, for apps that link them outside SwiftPM (meson-helpers/).
        .library(name: "GtkDataDisplayShared", type: .dynamic, targets: ["GtkDataDisplay", "GtkDataDisplayShell"]),
        // libadwaita's look for the lists (status page, boxed lists, action/switch/entry rows, undo
        // toasts): for libadwaita apps; the two products above need GTK alone.
        .library(name: "GtkDataDisplayAdwaita", targets: ["GtkDataDisplayAdwaita"]),
        .library(name: "GtkDataDisplayTesting", targets: ["GtkDataDisplayTesting"]),
        .library(name: "DataDisplayDiff", targets: ["DataDisplayDiff"]),
        .executable(name: "gtk-data-display-demo", targets: ["GtkDataDisplayDemo"]),
        .executable(name: "gtk-data-display-bench", targets: ["GtkDataDisplayBench"]),
        .executable(name: "gtk-data-display-example", targets: ["GtkDataDisplayExample"]),
        .executable(name: "gtk-data-display-contacts", targets: ["ContactsExample"]),
    ],
    dependencies: [
        // `swift package generate-documentation` (scripts/docs): the DocC catalogs in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtkDataDisplay",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CAdwDataDisplay",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // Pure Swift: imports neither the C module nor Foundation.
        .target(name: "DataDisplayDiff"),
        // Compiles Resources/*.gresource.xml into the targets' resource bundles (see the plugin).
        .plugin(name: "GResourceCompiler", capability: .buildTool()),
        .target(name: "GtkDataDisplay", dependencies: ["CGtkDataDisplay", "DataDisplayDiff"], plugins: ["GResourceCompiler"]),
        .target(name: "GtkDataDisplayShell", dependencies: ["GtkDataDisplay", "CGtkDataDisplay"]),
        .target(name: "GtkDataDisplayAdwaita", dependencies: ["GtkDataDisplay", "GtkDataDisplayShell", "CAdwDataDisplay", "CGtkDataDisplay"]),
        .target(name: "GtkDataDisplayTesting", dependencies: ["GtkDataDisplay", "CGtkDataDisplay"]),
        .executableTarget(name: "GtkDataDisplayDemo", dependencies: ["GtkDataDisplay", "GtkDataDisplayShell", "GtkDataDisplayAdwaita"], plugins: ["GResourceCompiler"]),
        .executableTarget(name: "GtkDataDisplayBench", dependencies: ["GtkDataDisplay", "DataDisplayDiff", "CGtkDataDisplay"]),
        // App code, written from the README alone: neither imports the C module.
        .executableTarget(name: "GtkDataDisplayExample", dependencies: ["GtkDataDisplay", "GtkDataDisplayShell"]),
        .executableTarget(name: "ContactsExample", dependencies: ["GtkDataDisplay", "GtkDataDisplayShell"]),
        .testTarget(name: "DataDisplayDiffTests", dependencies: ["DataDisplayDiff"]),
        .testTarget(name: "GtkDataDisplayTests", dependencies: ["GtkDataDisplay", "GtkDataDisplayShell", "GtkDataDisplayTesting", "CGtkDataDisplay"]),
        // The widget tests also open the demo's window (its About, its sidebar) from the demo's own code.
        .testTarget(name: "GtkDataDisplayWidgetTests", dependencies: ["GtkDataDisplay", "GtkDataDisplayShell", "GtkDataDisplayTesting", "GtkDataDisplayDemo", "GtkDataDisplayAdwaita", "CGtkDataDisplay"]),
        // The testing kit used as an app would (no C module): every simulation checked against real behaviour.
        .testTarget(name: "GtkDataDisplayTestingTests", dependencies: ["GtkDataDisplay", "GtkDataDisplayShell", "GtkDataDisplayTesting"]),
    ]
)
