import Foundation

/// Reads the code the documentation shows (Swift blocks of Markdown files) and the test regions it
/// must equal (`// README:begin NAME` … `// README:end NAME`, `// DocC:begin NAME` … `// DocC:end NAME`),
/// for `ReadmeTests` and `DocCTests`.
enum DocumentedCode {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A region of a test file: its marker kind (`README` or `DocC`), name, file and text (common
    /// indentation removed, ending in a newline, as a Markdown block reads).
    struct Region {
        let kind: String
        let name: String
        let file: URL
        let text: String
    }

    /// The Swift code blocks (```swift … ```) of a Markdown file, in order, each ending in a newline.
    static func swiftBlocks(in file: URL) throws -> [String] {
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

    /// Every region of the kinds `kinds` in the Swift files under `Tests/`.
    static func testRegions(kinds: [String]) throws -> [Region] {
        let files = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        var regions: [Region] = []
        for file in files {
            var current: (kind: String, name: String, lines: [Substring])?
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if let kind = kinds.first(where: { trimmed.hasPrefix("// \($0):begin ") }) {
                    current = (kind, String(trimmed.dropFirst("// \(kind):begin ".count)), [])
                } else if let region = current, trimmed.hasPrefix("// \(region.kind):end ") {
                    let indent = region.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    let text = region.lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
                        .joined(separator: "\n") + "\n"
                    regions.append(Region(kind: region.kind, name: region.name, file: file, text: text))
                    current = nil
                } else if current != nil {
                    current!.lines.append(line)
                }
            }
        }
        return regions
    }
}
