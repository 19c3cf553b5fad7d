import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Type-to-find on a real list, grid and table, through real keys (xdotool): typing selects and
/// shows the first row starting with the text, Up and Down step through the matches, Escape gives
/// the focus to the row found, a pause closes the entry, keys with Control do not open it.
final class TypeToFindTests: WidgetTestCase {
    private var host: WindowHost?

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
    }

    /// Fruit under a header, with 150 fillers between the b's and the c's (the c's start off screen).
    private func show() throws -> (ListBaseAdapter, TypeToFindPlugin, [String: LabelRow], WindowHost) {
        let names = ["apple", "apricot", "banana", "blueberry"] + (0..<150).map { "filler \($0)" }
            + ["cherry", "Chestnut", "coconut", "date"]
        let rows = names.map { LabelRow(model: $0, id: $0) }
        let manager = BaseListManager()
        try manager.addSection(header: LabelHeader(model: "Cherries", id: "header"), rows: rows)
        let (adapter, host) = present(manager, selection: .single)
        let find = TypeToFindPlugin()
        adapter.install(find)
        host.settle()
        XCTAssertTrue(adapter.focus(rows[0]))
        host.settle()
        return (adapter, find, Dictionary(uniqueKeysWithValues: rows.map { ($0.model, $0) }), host)
    }

    private func selected(_ adapter: ListBaseAdapter) -> [String] {
        adapter.selectedGenerators.compactMap { ($0 as? LabelRow)?.model }
    }

    func testTypingSelectsTheFirstRowStartingWithItAndUpAndDownStepThroughTheMatches() async throws {
        try await forEachViewKind { _ in
            let (adapter, find, rows, host) = try show()
            self.host = host
            let input = XInput(host: host)
            try input.key("c")
            try input.key("h")
            XCTAssertTrue(find.isOpen)
            XCTAssertEqual(find.query, "ch")
            XCTAssertEqual(selected(adapter), ["cherry"], "the header “Cherries” is never found")
            host.settle()
            XCTAssertNotNil(adapter.view(for: rows["cherry"]!), "scrolled to it")
            try input.key("Down")
            XCTAssertEqual(selected(adapter), ["Chestnut"], "case ignored")
            try input.key("Down")
            XCTAssertEqual(selected(adapter), ["cherry"], "wrapping round")
            try input.key("Up")
            XCTAssertEqual(selected(adapter), ["Chestnut"])
            try input.key("x")
            XCTAssertEqual(find.query, "chx")
            XCTAssertEqual(selected(adapter), ["Chestnut"], "no match: the selection stays")
            try input.key("BackSpace")
            XCTAssertEqual(selected(adapter), ["Chestnut"], "the row found still matches")
            try input.key("Escape")
            XCTAssertFalse(find.isOpen)
            host.settle()
            XCTAssertTrue(adapter.focusedGenerator === rows["Chestnut"], "the row found has the focus")
            host.destroy()
            self.host = nil
        }
    }

    func testTheEntryClosesWithItsViewAndTheKeysComeBackToTheView() async throws {
        let (adapter, find, rows, host) = try show()
        self.host = host
        let input = XInput(host: host)
        try input.key("c")
        XCTAssertTrue(find.isOpen)
        // The view leaves the screen (a stack's page switched away, its window closing): the entry
        // closes with it and lets go of the keyboard.
        gtk_widget_set_visible(adapter.scrolledWindow, 0)
        host.settle()
        XCTAssertFalse(find.isOpen, "the entry closed with its view")
        gtk_widget_set_visible(adapter.scrolledWindow, 1)
        host.settle()
        XCTAssertTrue(adapter.focus(rows["apple"]!))
        host.settle()
        try input.key("d")
        XCTAssertTrue(find.isOpen, "keys reach the view again")
        XCTAssertEqual(selected(adapter), ["date"])
        try input.key("Escape")
    }

    /// A window destroyed while its view's entry is open: the entry closes with the view, and the
    /// next window gets the keys (they went nowhere for the rest of the process before). In a
    /// child process without fatal warnings: GTK 4.8 itself logs two criticals then (a pointer
    /// update of the destroyed window's surface, after any popover of it closed during the
    /// destruction), which no code of the library runs.
    func testAWindowDestroyedWhileTheEntryIsOpenLeavesTheKeyboardToTheNextWindow() async throws {
        guard ChildProcess.isChild() else {
            let outcome = try ChildProcess.run(Self.self, environment: ["G_DEBUG": ""])
            XCTAssertFalse(outcome.failed, outcome.output)
            return
        }
        let (firstAdapter, find, _, first) = try show()
        try XInput(host: first).key("c")
        XCTAssertTrue(find.isOpen)
        first.destroy()
        XCTAssertFalse(find.isOpen, "the entry closed with its view")
        withExtendedLifetime(firstAdapter) {}
        let (adapter, next, _, second) = try show()
        host = second
        try XInput(host: second).key("d")
        XCTAssertTrue(next.isOpen, "keys reach the next window")
        XCTAssertEqual(selected(adapter), ["date"])
        try XInput(host: second).key("Escape")
    }

    func testAPauseClosesItAndKeysWithControlDoNotOpenIt() async throws {
        try await forEachViewKind { _ in
            let (adapter, find, rows, host) = try show()
            self.host = host
            find.closesAfter = 0.3
            let input = XInput(host: host)
            try input.key("ctrl+d")
            XCTAssertFalse(find.isOpen)
            try input.key("d")
            XCTAssertTrue(find.isOpen)
            XCTAssertEqual(selected(adapter), ["date"])
            XCTAssertTrue(MainContext.iterate(until: { !find.isOpen }), "closed after the pause")
            host.settle()
            XCTAssertTrue(adapter.focusedGenerator === rows["date"])
            // From code, as typing does; a text nothing starts with finds nothing.
            XCTAssertTrue(find.find("ban") === rows["banana"])
            XCTAssertNil(find.find("kiwi"))
            XCTAssertEqual(selected(adapter), ["banana"])
            host.destroy()
            self.host = nil
        }
    }
}
