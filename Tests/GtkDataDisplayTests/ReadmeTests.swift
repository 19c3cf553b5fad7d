import Foundation
import XCTest

/// The README shows real code: its first Swift block is the example program CI builds and runs.
final class ReadmeTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift code blocks of the README, in order.
    private func swiftBlocks() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" { current = [] }
            else if current != nil, line == "```" { blocks.append(current!.joined(separator: "\n") + "\n"); current = nil }
            else if current != nil { current!.append(line) }
        }
        return blocks
    }

    func testTheFirstSwiftBlockIsTheExampleProgram() async throws {
        let program = try String(contentsOf: root.appendingPathComponent("Sources/GtkDataDisplayExample/main.swift"), encoding: .utf8)
        let first = try XCTUnwrap(try swiftBlocks().first)
        XCTAssertEqual(first, program, "README's first Swift block and Sources/GtkDataDisplayExample/main.swift differ")
    }

    /// Every `// README:begin NAME` … `// README:end NAME` region of a test file (its common
    /// indentation removed) stands in the README as a Swift block, character for character: the
    /// README's examples are code a test compiles and runs.
    func testTestRegionsAreTheReadmeBlocks() async throws {
        let blocks = Set(try swiftBlocks())
        let tests = root.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var regions = 0
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            var current: (name: String, lines: [Substring])?
            for line in lines {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// README:begin ") {
                    current = (String(trimmed.dropFirst("// README:begin ".count)), [])
                } else if trimmed.hasPrefix("// README:end "), let region = current {
                    regions += 1
                    let indent = region.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    let text = region.lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
                        .joined(separator: "\n") + "\n"
                    XCTAssertTrue(blocks.contains(text), "\(file.lastPathComponent): region \(region.name) is no README block:\n\(text)")
                    current = nil
                } else if current != nil {
                    current!.lines.append(line)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(regions, 4)
    }

    func testAppCodeInTheReadmeNeedsNoC() async throws {
        for block in try swiftBlocks() {
            XCTAssertFalse(block.contains("import CGtk"), "a README example imports CGtk:\n\(block)")
            XCTAssertNil(block.range(of: #"\b(gtk|gdd|g)_[a-z_]+\("#, options: .regularExpression),
                         "a README example calls C:\n\(block)")
        }
    }
}
