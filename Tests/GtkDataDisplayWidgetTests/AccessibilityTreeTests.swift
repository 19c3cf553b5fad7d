import Foundation
import GtkDataDisplayTesting
import XCTest

/// One node of an application's accessibility tree as AT-SPI reads it (`scripts/a11y-tree`).
struct AccessibleNode: Decodable {
    let role: String
    let name: String
    let states: [String]
    let actions: [String]
    let children: [AccessibleNode]

    private enum CodingKeys: String, CodingKey { case role, name, states, actions, children }

    /// As `scripts/a11y-tree` dumps it, read the same on every GTK: GTK 4.12+ answers AT-SPI's
    /// GetRoleName with its own role names ("button" for `ATSPI_ROLE_PUSH_BUTTON`, "push button" on
    /// 4.8), and gives every list item an action of its own, `listitem.scroll-to`, beside the row's
    /// (what the library adds is what is checked).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let role = try container.decode(String.self, forKey: .role)
        self.role = role == "button" ? "push button" : role
        name = try container.decode(String.self, forKey: .name)
        states = try container.decode([String].self, forKey: .states)
        actions = try container.decode([String].self, forKey: .actions).filter { !$0.hasPrefix("listitem.") }
        children = try container.decode([AccessibleNode].self, forKey: .children)
    }

    /// This node and every node below it, depth first.
    var all: [AccessibleNode] {
        var result: [AccessibleNode] = []
        var stack = [self]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
        return result
    }

    func first(role: String, name: String) -> AccessibleNode? {
        all.first { $0.role == role && $0.name == name }
    }

    var isExpandable: Bool { states.contains("expandable") }
    var isExpanded: Bool { states.contains("expanded") }
}

/// The demo's Folding page read from outside, as a screen reader reads it: the demo runs with
/// `GTK_A11Y=atspi` in a private D-Bus session, and `scripts/a11y-tree` (Debian's python3-pyatspi)
/// dumps the page's accessibility tree as JSON (each node costs D-Bus calls: only that page).
final class AccessibilityTreeTests: WidgetTestCase {
    private static let python = "/usr/bin/python3"
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheDemoFoldingPageNamesEveryRowAndMarksFoldableRowsExpandable() async throws {
        if ChildProcess.isChild() {
            try checkFoldingPage()
            return
        }
        try requirePyatspi()
        let outcome = try ChildProcess.run(Self.self, dbus: true, sameEnvironment: true, timeout: 120)
        XCTAssertFalse(outcome.failed, outcome.output)
    }

    /// Every page of the demo (the pages' widgets stand in the window's stack, shown or not): no
    /// widget is announced by its GTK type name (GTK 4.8 names unnamed widgets so), and every row
    /// of a list, table or the sidebar is named.
    func testNoWidgetOfTheDemoIsNamedByItsTypeAndEveryRowIsNamed() async throws {
        if ChildProcess.isChild() {
            try checkWholeDemo()
            return
        }
        try requirePyatspi()
        let outcome = try ChildProcess.run(Self.self, dbus: true, sameEnvironment: true, timeout: 180)
        XCTAssertFalse(outcome.failed, outcome.output)
    }

    private func checkWholeDemo() throws {
        let app = try startDemo(page: "contacts")
        defer {
            if app.isRunning { app.terminate() }
            app.waitUntilExit()
        }
        let tree = try dump(pid: app.processIdentifier, waitFor: "Contacts", subtree: nil)
        let nodes = tree.all
        XCTAssertGreaterThan(nodes.count, 100, "the whole window was read")
        // A type name: one word, "Gtk" and a capital (the window's title, "GtkDataDisplay Demo", is two).
        let typeNamed = nodes.filter { node in
            node.name.range(of: #"^(Gtk|Adw)[A-Z][A-Za-z]*$"#, options: .regularExpression) != nil
        }
        XCTAssertEqual(typeNamed.map { "\($0.role): \($0.name)" }, [], "widgets announced by their type")
        for row in nodes where ["list item", "table row", "tree item"].contains(row.role) {
            XCTAssertFalse(row.name.isEmpty, "a \(row.role) without a name: \(row.children.map(\.name).prefix(3))")
        }
        XCTAssertNotNil(tree.first(role: "list item", name: "Contacts"), "the sidebar's rows are named by their pages")
    }

    /// The demo built beside this test, started on `page` with `GTK_A11Y=atspi`.
    private func startDemo(page: String) throws -> Process {
        let demo = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("gtk-data-display-demo")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: demo.path), "build the demo first: \(demo.path)")
        let app = Process()
        app.executableURL = demo
        app.arguments = ["--page", page, "--quit-after", "120"]
        var environment = ProcessInfo.processInfo.environment
        environment["GTK_A11Y"] = "atspi"
        app.environment = environment
        try app.run()
        return app
    }

    /// Skips when python3-pyatspi is missing, unless the run requires everything (`GDD_REQUIRE_DISPLAY=1`).
    private func requirePyatspi() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: Self.python)
        probe.arguments = ["-c", "import pyatspi"]
        probe.standardError = FileHandle.nullDevice
        let found = (try? probe.run()) != nil && { probe.waitUntilExit(); return probe.terminationStatus == 0 }()
        guard !found else { return }
        let message = "python3-pyatspi is missing (scripts/install-deps --test installs it)"
        if ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1" { XCTFail(message) }
        throw XCTSkip(message)
    }

    /// In the child, inside its own D-Bus session: runs the demo and reads its tree twice, before
    /// and after expanding a row through its AT-SPI action.
    private func checkFoldingPage() throws {
        let app = try startDemo(page: "folding")
        defer {
            if app.isRunning { app.terminate() }
            app.waitUntilExit()
        }

        let tree = try dump(pid: app.processIdentifier)
        let places = try XCTUnwrap(tree.first(role: "list", name: "Places"), "the list is named")
        let items = places.children.filter { $0.role == "list item" }
        XCTAssertGreaterThan(items.count, 10)
        for item in items {
            XCTAssertFalse(item.name.isEmpty, "every row is named")
            XCTAssertFalse(item.name.hasPrefix("Gtk"), "a row named after its widget type: \(item.name)")
        }
        let byName = Dictionary(items.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // The demo's data: Europe and France start expanded, Germany collapsed; Paris is a leaf.
        for (name, expanded) in [("Europe", true), ("France", true), ("Germany", false)] {
            let item = try XCTUnwrap(byName[name], name)
            XCTAssertTrue(item.isExpandable, "\(name) can fold")
            XCTAssertEqual(item.isExpanded, expanded, name)
            XCTAssertEqual(item.actions, [expanded ? "row.collapse" : "row.expand"], name)
        }
        let paris = try XCTUnwrap(byName["Paris"])
        XCTAssertFalse(paris.isExpandable)
        XCTAssertEqual(paris.actions, [])
        XCTAssertNotNil(byName["Continents"]?.first(role: "heading", name: "Continents"), "the section header is a heading")

        // Nothing in the list reads as a widget type (the demo keeps its decorative icons out).
        for node in places.all {
            XCTAssertFalse(node.name.hasPrefix("Gtk"), "\(node.role) named after its widget type: \(node.name)")
        }
        // No dummy widgets: the only buttons in the list are the expanders of foldable rows.
        let buttons = places.all.filter { $0.role == "push button" }
        XCTAssertEqual(buttons.count, items.filter(\.isExpandable).count)
        for button in buttons {
            XCTAssertTrue(button.isExpandable, "\(button.name): a button in a row that does not fold")
            XCTAssertEqual(button.name, button.isExpanded ? "Collapse" : "Expand")
        }
        // Every button of the page (its toolbar too) is named by its text, without a mnemonic or a type name.
        for button in tree.all where button.role == "push button" {
            XCTAssertFalse(button.name.hasPrefix("Gtk"), "a button named after its widget type: \(button.name)")
            XCTAssertFalse(button.name.contains("_"), "a button named with its mnemonic: \(button.name)")
        }
        XCTAssertNotNil(tree.first(role: "push button", name: "Expand all"))

        // Expanding through the row's AT-SPI action, as a screen reader would.
        let after = try dump(pid: app.processIdentifier, act: "Germany=row.expand")
        let list = try XCTUnwrap(after.first(role: "list", name: "Places"))
        let germany = try XCTUnwrap(list.first(role: "list item", name: "Germany"))
        XCTAssertTrue(germany.isExpanded)
        XCTAssertEqual(germany.actions, ["row.collapse"])
        XCTAssertNotNil(list.first(role: "list item", name: "Berlin"), "its children are shown")
        XCTAssertTrue(app.isRunning, "the demo kept running")
    }

    /// The tree of the Folding page of the demo with `pid`, once its list shows the section header
    /// (or of `subtree`, once a node named `waitFor` shows; nil: the whole window, visible widgets).
    private func dump(pid: Int32, act: String? = nil, waitFor: String = "Continents", subtree: String? = "Folding") throws -> AccessibleNode {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: Self.python)
        script.arguments = [Self.packageRoot.appendingPathComponent("scripts/a11y-tree").path,
                            "--pid", "\(pid)", "--wait-for-name", waitFor, "--timeout", "30"]
            + (subtree.map { ["--subtree", $0] } ?? ["--visible-only"]) + (act.map { ["--act", $0] } ?? [])
        // The reader is no code under test: its GLib warnings (AT-SPI's cache probe) must not end it.
        var environment = ProcessInfo.processInfo.environment
        environment["G_DEBUG"] = nil
        script.environment = environment
        let output = Pipe()
        let errors = Pipe()
        script.standardOutput = output
        script.standardError = errors
        try script.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0, messages)
        return try JSONDecoder().decode(AccessibleNode.self, from: data)
    }
}
