import Foundation
import XCTest

/// The DocC catalogs show real code: Getting Started is the example program CI builds and runs, and
/// every other Swift block of an article is a region a test compiles and runs, so the docs cannot rot.
final class DocCTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift code blocks of a Markdown file, in order.
    private func swiftBlocks(in file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" { current = [] }
            else if current != nil, line == "```" { blocks.append(current!.joined(separator: "\n") + "\n"); current = nil }
            else if current != nil { current!.append(line) }
        }
        return blocks
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
    /// removed), by name; `isDocC` for the DocC ones.
    private func testRegions() throws -> [String: (text: String, isDocC: Bool)] {
        let files = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var regions: [String: (text: String, isDocC: Bool)] = [:]
        for file in files {
            var current: (name: String, isDocC: Bool, lines: [Substring])?
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if let marker = ["// README:begin ", "// DocC:begin "].first(where: { trimmed.hasPrefix($0) }) {
                    current = (String(trimmed.dropFirst(marker.count)), marker.contains("DocC"), [])
                } else if trimmed.hasPrefix("// README:end ") || trimmed.hasPrefix("// DocC:end "), let region = current {
                    let indent = region.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    let text = region.lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
                        .joined(separator: "\n") + "\n"
                    regions[region.name] = (text, region.isDocC)
                    current = nil
                } else if current != nil {
                    current!.lines.append(line)
                }
            }
        }
        return regions
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
        let tested = Set(regions.values.map(\.text)).union([program])
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
        for (name, region) in regions where region.isDocC && !shown.contains(region.text) {
            XCTFail("DocC region \(name) stands in no article")
        }
    }

    func testArticleCodeNeedsNoC() throws {
        for article in articles() {
            for block in try swiftBlocks(in: article) {
                XCTAssertFalse(block.contains("import CGtk"), "\(article.lastPathComponent) imports CGtk:\n\(block)")
            }
        }
    }
}
