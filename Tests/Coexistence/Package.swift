// swift-tools-version:6.0
// An app as another Swift GTK framework's user writes one, depending on GtkDataDisplay by path:
// its own system-library target named `CGtk` over pkg-config gtk4 (as SwiftGtk and swift-cross-ui
// declare), its own widget types with the generic names (`Box`, `Button`, `Label`, `Window`,
// `Widget`, as adwaita-swift and others export), both imported beside GtkDataDisplay. It must build
// with no ambiguity and no warning from the library's sources, and show a list (scripts/coexistence).
import PackageDescription

let package = Package(
    name: "CoexistenceCheck",
    dependencies: [
        .package(name: "GtkDataDisplay", path: "../.."),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "HostToolkit", dependencies: ["CGtk"]),
        .executableTarget(name: "CoexistenceCheck", dependencies: [
            "HostToolkit", "CGtk",
            .product(name: "GtkDataDisplay", package: "GtkDataDisplay"),
        ]),
    ]
)
