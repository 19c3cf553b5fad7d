import Foundation
import XCTest

/// The DocC catalogs show real code: Getting Started is the example program CI builds and runs, and
/// every other Swift block of an article is a region a test compiles and runs, so the docs cannot rot.
final class DocCTests: XCTestCase {
    private let root = DocumentedCode.root

    /// The Swift code blocks of a Markdown file, in order.
    private func swiftBlocks(in file: URL) throws -> [String] {
        try DocumentedCode.swiftBlocks(in: file)
    }

    /// Every article of every catalog (`Sources/*/*.docc/**/*.md`).
    private func articles() -> [URL] {
        let sources = root.appendingPathComponent("Sources")
        return FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "md" && $0.path.contains(".docc/") }
            .sorted { $0.path < $1.path }
    }

    /// Every `// README:begin NAME` or `// DocC:begin NAME` region of the tests (common indentation
    /// removed). Names may repeat across the two kinds (a README and an article both show "pagination").
    private func testRegions() throws -> [DocumentedCode.Region] {
        try DocumentedCode.testRegions(kinds: ["README", "DocC"])
    }

    func testGettingStartedIsTheExampleProgram() throws {
        let program = try String(contentsOf: root.appendingPathComponent("Sources/GtkDataDisplayExample/main.swift"), encoding: .utf8)
        let article = root.appendingPathComponent("Sources/GtkDataDisplay/GtkDataDisplay.docc/GettingStarted.md")
        let first = try XCTUnwrap(try swiftBlocks(in: article).first, "Getting Started has no Swift block")
        XCTAssertEqual(first, program, "GettingStarted.md's first Swift block and Sources/GtkDataDisplayExample/main.swift differ")
    }

    func testEveryArticleBlockIsTestedCode() throws {
        let program = try String(contentsOf: root.appendingPathComponent("Sources/GtkDataDisplayExample/main.swift"), encoding: .utf8)
        let regions = try testRegions()
        let tested = Set(regions.map(\.text)).union([program])
        var blocks = 0
        for article in articles() {
            for block in try swiftBlocks(in: article) {
                blocks += 1
                XCTAssertTrue(tested.contains(block), "\(article.lastPathComponent): a Swift block that no test compiles:\n\(block)")
            }
        }
        XCTAssertGreaterThanOrEqual(blocks, 20)
        // No region is kept for an article that dropped it.
        let shown = Set(try articles().flatMap { try swiftBlocks(in: $0) })
        for region in regions where region.kind == "DocC" && !shown.contains(region.text) {
            XCTFail("DocC region \(region.name) stands in no article")
        }
    }

    func testArticleCodeNeedsNoC() throws {
        for article in articles() {
            for block in try swiftBlocks(in: article) {
                XCTAssertFalse(block.contains("import CGtk"), "\(article.lastPathComponent) imports a C module:\n\(block)")
            }
        }
    }
}
