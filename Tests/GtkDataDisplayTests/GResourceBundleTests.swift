import Foundation
import GtkDataDisplay
import XCTest

/// The library's stylesheet and the demo's files come from compiled GResource bundles (made by the
/// GResourceCompiler plugin from `Resources/`), not from copies in Swift sources.
@MainActor
final class GResourceBundleTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func resourceFile(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Resources").appendingPathComponent(path), encoding: .utf8)
    }

    func testTheStylesheetIsReadFromTheLibrarysBundle() async throws {
        let file = try resourceFile("css/gtk-data-display.css")
        XCTAssertTrue(file.contains("row.gdd-header"), "the stylesheet file lost its rules")
        XCTAssertEqual(Stylesheet.css, file, "Stylesheet.css is not Resources/css/gtk-data-display.css")
        // Stylesheet.css registered the bundle; the text is the resource's, byte for byte.
        XCTAssertEqual(GResourceBundle.text(at: Stylesheet.resourcePath), file)
        XCTAssertEqual(Stylesheet.resourcePath, "/io/github/gtkdatadisplay/GtkDataDisplay/style.css")
        let reordering = try resourceFile("css/gtk-data-display-reordering.css")
        XCTAssertTrue(reordering.contains(".gdd-drop-above"))
        XCTAssertEqual(Stylesheet.reorderingCSS, reordering)
        XCTAssertEqual(GResourceBundle.text(at: Stylesheet.reorderingResourcePath), reordering)
    }

    /// The bundle the library registered is the compiled `gtk-data-display.gresource` in the SwiftPM
    /// resource bundle (the test binary is not installed, so no `share/` copy is found first).
    func testTheLibrarysBundleIsFoundInTheSwiftPMBuild() async throws {
        let path = try GResourceBundle.locate("gtk-data-display.gresource",
                                             swiftPMBundle: Bundle(path: Self.swiftPMBundle("GtkDataDisplay"))!)
        XCTAssertTrue(path.hasSuffix(".resources/gtk-data-display.gresource"), path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(bytes.prefix(8), Data("GVariant".utf8), "not a compiled GResource bundle")
    }

    /// The demo's `.ui` files as its GResource manifest lists them (`ui/badge-row.ui`, …).
    private func demoTemplates() throws -> [String] {
        let manifest = try resourceFile("io.github.gtkdatadisplay.Demo.gresource.xml")
        let regex = try NSRegularExpression(pattern: #"<file>(ui/[^<]+\.ui)</file>"#)
        return regex.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).compactMap {
            Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
        }
    }

    /// The demo's .ui templates and CSS are in its own bundle, equal to the files in `Resources/`;
    /// every `.ui` in `Resources/ui/` is in the manifest.
    func testTheDemosFilesAreInItsBundle() async throws {
        let bundle = Self.swiftPMBundle("GtkDataDisplayDemo") + "/io.github.gtkdatadisplay.Demo.gresource"
        try GResourceBundle.register(path: bundle)
        let base = "/io/github/gtkdatadisplay/Demo"
        let templates = try demoTemplates()
        XCTAssertTrue(templates.contains("ui/badge-row.ui"))
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Resources/ui").path)
            .filter { $0.hasSuffix(".ui") }.map { "ui/" + $0 }
        XCTAssertEqual(templates.sorted(), onDisk.sorted(), "the manifest lists every .ui file of Resources/ui/")
        for template in templates {
            XCTAssertEqual(GResourceBundle.text(at: base + "/" + template), try resourceFile(template), template)
        }
        XCTAssertEqual(GResourceBundle.text(at: base + "/css/demo.css"), try resourceFile("css/demo.css"))
        let icon = try resourceFile("icons/hicolor/scalable/apps/io.github.gtkdatadisplay.Demo.svg")
        XCTAssertEqual(GResourceBundle.text(at: base + "/icons/scalable/apps/io.github.gtkdatadisplay.Demo.svg"), icon)
        XCTAssertNil(GResourceBundle.text(at: base + "/ui/no-such-row.ui"))
    }

    /// No Swift source holds a copy of a stylesheet rule or of a .ui file from `Resources/`.
    func testNoSwiftSourceCopiesAResource() async throws {
        var needles: [String] = []
        for css in ["css/gtk-data-display.css", "css/gtk-data-display-reordering.css", "css/demo.css"] {
            needles += try resourceFile(css).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.contains("{") || ($0.contains(":") && $0.hasSuffix(";")) }
        }
        XCTAssertGreaterThan(needles.count, 30)
        // A .ui file's lines are generic one by one (and in short runs): look for any six in a row
        // that name one of its objects (a run of bare <child>/<property> lines is in any .ui, as
        // in the Contacts example's own template).
        for template in try demoTemplates() {
            let ui = try resourceFile(template).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            needles += (0..<max(0, ui.count - 5)).map { ui[$0...($0 + 5)] }.filter { $0.contains { $0.contains(" id=\"") } }
                .map { $0.joined(separator: "\n") }
        }
        var swiftFiles = 0
        for folder in ["Sources", "Plugins"] {
            let files = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            for file in files {
                swiftFiles += 1
                let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
                for needle in needles where text.contains(needle) {
                    XCTFail("\(file.lastPathComponent) copies \"\(needle)\" from Resources/")
                }
            }
        }
        XCTAssertGreaterThan(swiftFiles, 100)
    }

    /// Not even a shortened copy: no string literal in the demo's sources holds GtkBuilder markup
    /// (`<interface>`, `<object class=`). Its rows come from its bundle, or the demo does not start.
    func testNoDemoSourceHoldsGtkBuilderMarkup() async throws {
        let folder = root.appendingPathComponent("Sources/GtkDataDisplayDemo")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for marker in ["<interface", "<object class=", "</interface>", "</object>"] where Self.stringLiterals(in: text).contains(where: { $0.contains(marker) }) {
                XCTFail("\(file.lastPathComponent) has a string with \"\(marker)\": the demo's .ui belongs in Resources/ui/")
            }
        }
        // The check sees a one-line copy as well as a multi-line one, and no comment.
        XCTAssertEqual(Self.stringLiterals(in: #"let ui = "<interface><object class=\"GtkBox\"/></interface>" // <interface>"#).count, 1)
        XCTAssertTrue(Self.stringLiterals(in: "let ui = \"\"\"\n  <interface>\n\"\"\"\n")[0].contains("<interface>"))
        XCTAssertTrue(Self.stringLiterals(in: "// <interface> in a comment\n").isEmpty)
    }

    /// The contents of the string literals in Swift `source` (plain, multi-line and raw `#"…"#`),
    /// without comments. Escapes are kept as written.
    static func stringLiterals(in source: String) -> [String] {
        var literals: [String] = []
        let characters = Array(source)
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            let needle = Array(text)
            return position + needle.count <= characters.count && Array(characters[position..<(position + needle.count)]) == needle
        }
        while index < characters.count {
            if starts("//", at: index) {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if starts("/*", at: index) {
                index += 2
                while index < characters.count, !starts("*/", at: index) { index += 1 }
                index += 2
            } else if characters[index] == "#" || characters[index] == "\"" {
                var hashes = 0
                while index < characters.count, characters[index] == "#" { hashes += 1; index += 1 }
                guard index < characters.count, characters[index] == "\"" else { continue }
                let quotes = starts("\"\"\"", at: index) ? "\"\"\"" : "\""
                index += quotes.count
                let end = quotes + String(repeating: "#", count: hashes)
                var literal = ""
                while index < characters.count, !starts(end, at: index) {
                    if hashes == 0, characters[index] == "\\", index + 1 < characters.count {
                        literal.append(characters[index]); index += 1
                    } else if quotes == "\"", characters[index] == "\n" {
                        break
                    }
                    literal.append(characters[index]); index += 1
                }
                index += end.count
                literals.append(literal)
            } else {
                index += 1
            }
        }
        return literals
    }

    func testAFileThatIsNotABundleIsATypedError() async throws {
        XCTAssertThrowsError(try GResourceBundle.register(path: "/nonexistent/none.gresource")) { error in
            guard case .unloadable(let path, _)? = error as? GResourceBundleError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/nonexistent/none.gresource")
        }
        let notABundle = root.appendingPathComponent("Resources/css/demo.css").path
        XCTAssertThrowsError(try GResourceBundle.register(path: notABundle)) { error in
            XCTAssertEqual((error as? GResourceBundleError).map { if case .unloadable = $0 { true } else { false } }, true)
        }
        XCTAssertThrowsError(try GResourceBundle.locate("no-such.gresource", swiftPMBundle: Bundle(path: Self.swiftPMBundle("GtkDataDisplay"))!)) { error in
            guard case .notFound(let name, let searched)? = error as? GResourceBundleError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "no-such.gresource")
            XCTAssertEqual(searched.count, 2)
        }
    }

    /// SwiftPM's resource bundle of `target`, next to the test binary.
    static func swiftPMBundle(_ target: String) -> String {
        Bundle.main.bundleURL.appendingPathComponent("GtkDataDisplay_\(target).resources").path
    }
}
