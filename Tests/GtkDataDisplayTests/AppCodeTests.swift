import Foundation
import XCTest

/// App code — the demo, the README's example program and the Contacts example — is written with
/// the library's typed API only: no target of theirs depends on the C module (CGtkDataDisplay), no
/// source file imports it (or any `CGtk…` module),
/// and none calls a C function of GTK, GLib or the shim. What an app would need C for is a gap
/// in the library.
final class AppCodeTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let appTargets = ["GtkDataDisplayDemo", "GtkDataDisplayExample", "ContactsExample"]
    /// A call of a GTK, GDK, GLib/GObject/GIO, Pango or shim function: `gtk_label_new(`, `g_object_unref (`.
    private static let cCall = #"\b(gtk|gdk|g|gdd|pango|graphene)_[a-z0-9_]+\s*\("#

    func testAppTargetsDoNotDependOnTheCModule() throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in Self.appTargets {
            let line = try XCTUnwrap(manifest.split(separator: "\n").first { $0.contains("name: \"\(target)\"") },
                                     "Package.swift declares no target \(target)")
            XCTAssertTrue(line.contains("dependencies:"), "\(target)'s dependencies are not on its line: \(line)")
            XCTAssertFalse(line.contains("\"CGtk"), "\(target) depends on a C module: \(line)")
        }
    }

    func testAppSourcesImportNoCModuleAndCallNoC() throws {
        var files = 0
        for target in Self.appTargets {
            let directory = root.appendingPathComponent("Sources").appendingPathComponent(target)
            let sources = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }
            XCTAssertFalse(sources.isEmpty, "no sources in \(directory.path)")
            for file in sources {
                files += 1
                let name = "\(target)/\(file.lastPathComponent)"
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = Self.withoutComment(line)
                    XCTAssertFalse(code.range(of: #"^\s*(@\w+\s+)*import\s+CGtk\w*\b"#, options: .regularExpression) != nil,
                                   "\(name):\(number + 1) imports a C module")
                    XCTAssertNil(code.range(of: Self.cCall, options: .regularExpression),
                                 "\(name):\(number + 1) calls C: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertGreaterThan(files, 20)
    }

    /// The check finds what it looks for: a C call and an import in otherwise plain lines.
    func testTheCheckSeesCCallsAndImports() {
        XCTAssertNotNil(Self.withoutComment("    gtk_label_set_text(gdd_label(title), model)").range(of: Self.cCall, options: .regularExpression))
        XCTAssertNotNil(Self.withoutComment("g_object_unref (menu)").range(of: Self.cCall, options: .regularExpression))
        XCTAssertNil(Self.withoutComment("// gtk_label_new() is what Label wraps").range(of: Self.cCall, options: .regularExpression))
        XCTAssertNil(Self.withoutComment("label.text = \"gtk_x()\" // a string").range(of: Self.cCall, options: .regularExpression))
        XCTAssertNotNil(Self.withoutComment("@preconcurrency import CGtkDataDisplay").range(of: #"^\s*(@\w+\s+)*import\s+CGtk\w*\b"#, options: .regularExpression))
    }

    /// The line without its `//` comment and without the contents of its string literals.
    private static func withoutComment(_ line: Substring) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if inString {
                if character == "\"" && previous != "\\" { inString = false; result.append(character) }
            } else if character == "\"" {
                inString = true
                result.append(character)
            } else if character == "/" && previous == "/" {
                result.removeLast()
                break
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }
}
