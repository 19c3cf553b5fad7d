import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// The search field as a search screen uses it, with real keys (xdotool): the user's typing reports
/// its searches, text set from code reports none, a placeholder can change, typing anywhere in the
/// window can start a search, and the focus can be put on the field from code (Ctrl+F).
final class SearchEntryTests: WidgetTestCase {
    private func waitForSearches(_ host: WindowHost) {
        MainContext.run(for: 0.5)   // GTK's search delay is about 150 ms
        host.settle()
    }

    func testTextSetFromCodeReportsNoSearchAndTheUsersTypingDoes() async throws {
        let entry = SearchEntry(placeholder: "Search files")
        var searches: [String] = []
        entry.onSearchChanged { searches.append($0) }
        let button = Button(label: "Elsewhere")
        let host = WindowHost(showing: Box(.vertical, spacing: 0, entry, button))
        defer { host.destroy() }
        host.settle()

        entry.text = "usr"
        waitForSearches(host)
        entry.text = ""
        waitForSearches(host)
        entry.text = "share"
        waitForSearches(host)
        XCTAssertEqual(searches, [], "setting the text from code is no search of the user's")
        XCTAssertEqual(entry.text, "share")

        XCTAssertTrue(button.grabFocus())
        host.settle()
        XCTAssertFalse(entry.hasFocus)
        XCTAssertTrue(entry.grabFocus())
        host.settle()
        XCTAssertTrue(entry.hasFocus, "the focus is in the field")
        XCTAssertFalse(button.hasFocus)
        let input = XInput(host: host)
        try input.key("ctrl+a")
        try input.xdotool(["type", "--delay", "20", "doc"])
        waitForSearches(host)
        XCTAssertEqual(searches.last, "doc", "the user's typing is reported")
        let typed = searches.count
        entry.text = "lib"
        waitForSearches(host)
        XCTAssertEqual(searches.count, typed, "again nothing for text from code")
        try input.key("End")
        try input.key("BackSpace")
        waitForSearches(host)
        XCTAssertEqual(entry.text, "li")
        XCTAssertEqual(searches.last, "li", "the user's edit after it is")
    }

    func testASearchTheAppStartsIsReportedOnceAtOnce() async throws {
        let entry = SearchEntry()
        var searches: [String] = []
        entry.onSearchChanged { searches.append($0) }
        let host = WindowHost(showing: entry)
        defer { host.destroy() }
        entry.search("tags:swift")
        XCTAssertEqual(searches, ["tags:swift"], "reported at once, as the user's search")
        waitForSearches(host)
        entry.search("")
        waitForSearches(host)
        XCTAssertEqual(searches, ["tags:swift", ""], "once each, GTK's own reports of the text swallowed")
        XCTAssertEqual(entry.text, "")
    }

    func testThePlaceholderCanChangeAndBeRemoved() async throws {
        let entry = SearchEntry()
        XCTAssertNil(entry.placeholder)
        entry.placeholder = "Search contacts"
        XCTAssertEqual(entry.placeholder, "Search contacts")
        entry.placeholder = nil
        XCTAssertNil(entry.placeholder)
    }

    func testTypingAnywhereInTheWindowStartsASearchWhenKeysAreCaptured() async throws {
        let entry = SearchEntry()
        var searches: [String] = []
        entry.onSearchChanged { searches.append($0) }
        let button = Button(label: "Focused")
        let box = Box(.vertical, spacing: 0, entry, button)
        let host = WindowHost(showing: box)
        defer { host.destroy() }
        entry.captureKeys(from: box)
        XCTAssertTrue(button.grabFocus())
        host.settle()
        try XInput(host: host).xdotool(["type", "--delay", "20", "etc"])
        waitForSearches(host)
        XCTAssertEqual(entry.text, "etc", "the keys went to the search field")
        XCTAssertEqual(searches.last, "etc")
    }
}
