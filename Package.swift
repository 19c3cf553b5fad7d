// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GtkDataDisplay",
    products: [
        .library(name: "GtkDataDisplay", targets: ["GtkDataDisplay"]),
        // The same library as a shared object, for apps that link it outside SwiftPM (meson-helpers/).
        .library(name: "GtkDataDisplayShared", type: .dynamic, targets: ["GtkDataDisplay"]),
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
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // Pure Swift: imports neither CGtk nor Foundation.
        .target(name: "DataDisplayDiff"),
        // Compiles Resources/*.gresource.xml into the targets' resource bundles (see the plugin).
        .plugin(name: "GResourceCompiler", capability: .buildTool()),
        .target(name: "GtkDataDisplay", dependencies: ["CGtk", "DataDisplayDiff"], plugins: ["GResourceCompiler"]),
        .target(name: "GtkDataDisplayTesting", dependencies: ["GtkDataDisplay", "CGtk"]),
        .executableTarget(name: "GtkDataDisplayDemo", dependencies: ["GtkDataDisplay"], plugins: ["GResourceCompiler"]),
        .executableTarget(name: "GtkDataDisplayBench", dependencies: ["GtkDataDisplay", "DataDisplayDiff", "CGtk"]),
        // App code, written from the README alone: neither imports CGtk.
        .executableTarget(name: "GtkDataDisplayExample", dependencies: ["GtkDataDisplay"]),
        .executableTarget(name: "ContactsExample", dependencies: ["GtkDataDisplay"]),
        .testTarget(name: "DataDisplayDiffTests", dependencies: ["DataDisplayDiff"]),
        .testTarget(name: "GtkDataDisplayTests", dependencies: ["GtkDataDisplay", "GtkDataDisplayTesting", "CGtk"]),
        // The widget tests also open the demo's window (its About, its sidebar) from the demo's own code.
        .testTarget(name: "GtkDataDisplayWidgetTests", dependencies: ["GtkDataDisplay", "GtkDataDisplayTesting", "GtkDataDisplayDemo", "CGtk"]),
        // The testing kit used as an app would (no CGtk): every simulation checked against real behaviour.
        .testTarget(name: "GtkDataDisplayTestingTests", dependencies: ["GtkDataDisplay", "GtkDataDisplayTesting"]),
    ]
)
