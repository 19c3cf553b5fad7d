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

    func testAppCodeInTheReadmeNeedsNoC() async throws {
        for block in try swiftBlocks() {
            XCTAssertFalse(block.contains("import CGtk"), "a README example imports CGtk:\n\(block)")
            XCTAssertNil(block.range(of: #"\b(gtk|gdd|g)_[a-z_]+\("#, options: .regularExpression),
                         "a README example calls C:\n\(block)")
        }
    }
}
