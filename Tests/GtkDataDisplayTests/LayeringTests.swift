import Foundation
import XCTest

/// Managers, sections, generators, events, models and section controllers speak Swift: GTK is
/// called from the layer over the C module (GObjectLayer, Store, MainLoop) and from the folders that
/// own GTK widgets (ItemViews, BoxView, RowHosting, Embedding, Templates, Plugins, Accessibility,
/// StateView). The README's Layout part says the same.
final class LayeringTests: XCTestCase {
    private let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/GtkDataDisplay")
    static let swiftOnly = ["Managers", "Sections", "Generators", "Events", "ModelRegistry", "Filtering", "SectionControllers", "ResourceBundles",
                            "LayoutFacts"]

    func testTheSwiftOnlyFoldersImportNoCModule() throws {
        var files = 0
        for folder in Self.swiftOnly {
            let directory = library.appendingPathComponent(folder)
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil), folder)
            for case let file as URL in enumerator where file.pathExtension == "swift" {
                files += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                XCTAssertNil(text.range(of: #"(?m)^\s*(@\w+\s+)*import\s+CGtk"#, options: .regularExpression),
                             "\(folder)/\(file.lastPathComponent) imports the C module")
            }
        }
        XCTAssertGreaterThan(files, 60, "the folders hold the library's Swift-only code")
    }
}
