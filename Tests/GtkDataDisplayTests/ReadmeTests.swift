import Foundation
import XCTest

/// The README shows real code: its first Swift block is the example program CI builds and runs.
final class ReadmeTests: XCTestCase {
    private let root = DocumentedCode.root

    /// The Swift code blocks of the README, in order.
    private func swiftBlocks() throws -> [String] {
        try DocumentedCode.swiftBlocks(in: root.appendingPathComponent("README.md"))
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
        let regions = try DocumentedCode.testRegions(kinds: ["README"])
        for region in regions {
            XCTAssertTrue(blocks.contains(region.text), "\(region.file.lastPathComponent): region \(region.name) is no README block:\n\(region.text)")
        }
        XCTAssertGreaterThanOrEqual(regions.count, 4)
    }

    func testAppCodeInTheReadmeNeedsNoC() async throws {
        for block in try swiftBlocks() {
            XCTAssertFalse(block.contains("import CGtk"), "a README example imports a C module:\n\(block)")
            XCTAssertNil(block.range(of: #"\b(gtk|gdd|g)_[a-z_]+\("#, options: .regularExpression),
                         "a README example calls C:\n\(block)")
        }
    }
}
