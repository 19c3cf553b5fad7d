import Foundation
import GtkDataDisplay
@testable import GtkDataDisplayDemo
import GtkDataDisplayTesting
import XCTest

/// Type-to-find on the demo's Contacts list and Files table, through real keys (xdotool): typing
/// on the focused view selects the first row shown, from the focused one on, whose name starts
/// with what was typed; on the Files page the keys reach the table, not the search field.
final class DemoTypeToFindTests: WidgetTestCase {
    private var host: WindowHost?

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
    }

    func testTypingOnTheContactsListSelectsTheFirstContactWhoseNameStartsWithIt() async throws {
        let page = ContactsPage()
        let host = WindowHost(showing: page.root, width: 500, height: 700)
        self.host = host
        host.settle()
        let rows = page.manager.flatGenerators.compactMap { $0 as? ContactRow }
        let first = try XCTUnwrap(rows.first)
        XCTAssertTrue(page.adapter.focus(first))
        host.settle()
        // A name near the end of the list (off screen), by its first three letters.
        let wanted = rows[rows.count * 9 / 10].model.name.lowercased()
        let prefix = String(wanted.prefix(3))
        let expected = try XCTUnwrap(rows.first { $0.model.name.lowercased().hasPrefix(prefix) })
        let input = XInput(host: host)
        for letter in prefix { try input.key(letter == " " ? "space" : String(letter)) }
        XCTAssertTrue(page.finder.isOpen)
        XCTAssertEqual(page.adapter.selectedGenerators.compactMap { ($0 as? ContactRow)?.model.name }, [expected.model.name])
        XCTAssertEqual(page.search.text, "", "the search field got none of the keys")
        try input.key("Escape")
        host.settle()
        XCTAssertTrue(page.adapter.focusedGenerator === expected, "the contact found has the focus")
    }

    func testTypingOnTheFilesTableSelectsTheFirstEntryWhoseNameStartsWithIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gdd-find-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["apple.txt", "banana.txt", "blueberry.txt", "cherry.txt"] {
            try Data(name.utf8).write(to: folder.appendingPathComponent(name))
        }
        let page = FilesPage(root: folder.path, opensFirstFolder: false)
        let host = WindowHost(showing: page.root, width: 700, height: 500)
        self.host = host
        // The folder is read off the main thread; the main actor's jobs run between settles.
        for _ in 0..<500 where page.manager.store.count != 5 {
            host.settle()
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(page.manager.store.count, 5, "the folder is read: \(page.manager.flatGenerators.map { $0.fileEntry?.name ?? "\($0)" })")
        host.settle()
        let names = { page.manager.flatGenerators.compactMap { $0.fileEntry?.name } }
        let apple = try XCTUnwrap(page.manager.flatGenerators.first { $0.fileEntry?.name == "apple.txt" })
        XCTAssertTrue(page.adapter.focus(apple))
        host.settle()
        let input = XInput(host: host)
        try input.key("b")
        try input.key("l")
        XCTAssertTrue(page.finder.isOpen)
        XCTAssertEqual(page.adapter.selectedGenerators.compactMap { $0.fileEntry?.name }, ["blueberry.txt"])
        try input.key("BackSpace")
        try input.key("Down")
        XCTAssertEqual(page.adapter.selectedGenerators.compactMap { $0.fileEntry?.name }, ["banana.txt"],
                       "the next name starting with “b”, wrapping round")
        XCTAssertEqual(page.search.text, "", "the search field got none of the keys")
        XCTAssertEqual(names().count, 5, "nothing was filtered")
        try input.key("Escape")
        XCTAssertFalse(page.finder.isOpen)
    }
}
