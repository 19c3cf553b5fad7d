import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Selection kept by id across whole-state updates — a search that hides selected rows and shows
/// them again — and who caused each change (`SelectionChange.cause`), checked against GTK's own
/// selection model (its bitset) after every step.
@MainActor
final class SelectionAcrossSearchTests: XCTestCase {
    /// An app's search: every render makes new generators, diffed by id.
    @MainActor
    private struct Words {
        let manager = BaseListManager()
        let words = ["apple", "apricot", "banana", "blueberry", "cherry", "grape", "lemon", "lime"]
        func show(matching query: String) throws {
            try manager.setState([Section(rows: words.filter { query.isEmpty || $0.contains(query) }
                .map { LabelRow(model: $0, id: $0) })])
        }
        func row(_ word: String) -> (any RowGenerator)? { manager.flatGenerators.first { $0.diffID == AnyHashable(word) } }
    }

    private func record(_ adapter: HeadlessAdapter) -> () -> [SelectionChange] {
        var changes: [SelectionChange] = []
        adapter.selectionChanged += { changes.append($0) }
        return { defer { changes = [] }; return changes }
    }

    func testAQueryThatMatchesNothingThenClearedGivesTheSelectionBack() async throws {
        let words = Words()
        try words.show(matching: "")
        let adapter = HeadlessAdapter(manager: words.manager, plugins: [.selectable(.multiple)])
        let changes = record(adapter)
        XCTAssertTrue(adapter.click(try XCTUnwrap(words.row("banana"))))
        XCTAssertTrue(adapter.controlClick(try XCTUnwrap(words.row("lime"))))
        XCTAssertEqual(changes().map(\.cause), [.user, .user], "clicks are the user's")
        XCTAssertEqual(adapter.modelSelectedIDs, ["banana", "lime"])

        try words.show(matching: "b")         // lime leaves
        var step = changes()
        XCTAssertEqual(step.map(\.cause), [.update])
        XCTAssertEqual(step.first?.deselected.map(\.diffID), ["lime"])
        XCTAssertEqual(adapter.modelSelectedIDs, ["banana"])

        try words.show(matching: "xyz")       // nothing matches: banana leaves too
        step = changes()
        XCTAssertEqual(step.map(\.cause), [.update])
        XCTAssertEqual(adapter.selectedCount, 0)
        XCTAssertEqual(adapter.modelSelectedIDs, [])

        try words.show(matching: "")          // cleared: both come back selected, in one change
        step = changes()
        XCTAssertEqual(step.count, 1)
        XCTAssertEqual(step.first?.cause, .update)
        XCTAssertEqual(Set(step.first?.selected.map(\.diffID) ?? []), ["banana", "lime"])
        XCTAssertEqual(adapter.modelSelectedIDs, ["banana", "lime"], "GTK's bitset holds them again")
        XCTAssertEqual(adapter.selectedGenerators.map(\.diffID), ["banana", "lime"])
        XCTAssertTrue(adapter.isSelected(try XCTUnwrap(words.row("lime"))))

        try words.show(matching: "")          // nothing remembered any more: no change
        XCTAssertTrue(changes().isEmpty)
    }

    func testTheAppsSelectionIsCodeAndRowsBackThroughAnUpdateAreTheUpdates() async throws {
        let words = Words()
        try words.show(matching: "")
        let adapter = HeadlessAdapter(manager: words.manager, plugins: [.selectable(.multiple)])
        let changes = record(adapter)
        adapter.select([try XCTUnwrap(words.row("cherry")), try XCTUnwrap(words.row("grape"))])
        XCTAssertEqual(changes().map(\.cause), [.code])
        try words.show(matching: "ch")
        XCTAssertEqual(changes().map(\.cause), [.update])
        adapter.deselect(try XCTUnwrap(words.row("cherry")))
        XCTAssertEqual(changes().map(\.cause), [.code])
        try words.show(matching: "")
        XCTAssertTrue(changes().isEmpty, "the app deselected: grape, hidden, is forgotten too")
        XCTAssertEqual(adapter.modelSelectedIDs, [])
    }

    func testRowsTakenOutByARemoveDoNotComeBackSelected() async throws {
        let words = Words()
        try words.show(matching: "")
        let adapter = HeadlessAdapter(manager: words.manager, plugins: [.selectable(.multiple)])
        adapter.select([try XCTUnwrap(words.row("apple"))])
        try words.manager.remove(try XCTUnwrap(words.row("apple")))
        XCTAssertEqual(adapter.selectedCount, 0)
        try words.show(matching: "")
        XCTAssertEqual(adapter.modelSelectedIDs, [], "a removed row is gone, not hidden")
    }

    func testARestoreCanBeTurnedOff() async throws {
        let words = Words()
        try words.show(matching: "")
        let adapter = HeadlessAdapter(manager: words.manager, plugins: [.selectable(.multiple)])
        adapter.restoresSelectionByID = false
        adapter.select([try XCTUnwrap(words.row("lemon"))])
        try words.show(matching: "b")
        try words.show(matching: "")
        XCTAssertEqual(adapter.modelSelectedIDs, [])
    }

    func testSingleSelectionRestoresOnlyWhenNothingElseWasChosen() async throws {
        let words = Words()
        try words.show(matching: "")
        let adapter = HeadlessAdapter(manager: words.manager, plugins: [.selectable(.single)])
        XCTAssertTrue(adapter.click(try XCTUnwrap(words.row("grape"))))
        try words.show(matching: "l")       // grape leaves
        try words.show(matching: "")
        XCTAssertEqual(adapter.modelSelectedIDs, ["grape"], "back, as nothing else was chosen")

        try words.show(matching: "l")       // grape leaves again; the user picks lemon meanwhile
        XCTAssertTrue(adapter.click(try XCTUnwrap(words.row("lemon"))))
        try words.show(matching: "")
        XCTAssertEqual(adapter.modelSelectedIDs, ["lemon"], "the user's new choice stands")
    }

    func testABackgroundUpdateRestoresToo() async throws {
        let words = Words()
        try words.show(matching: "")
        let adapter = HeadlessAdapter(manager: words.manager, plugins: [.selectable(.multiple)])
        adapter.select([try XCTUnwrap(words.row("blueberry"))])
        let hidden = try await words.manager.setStateInBackground([Section(rows: [LabelRow(model: "apple", id: "apple")])])
        XCTAssertTrue(hidden)
        XCTAssertEqual(adapter.selectedCount, 0)
        let all = try await words.manager.setStateInBackground([Section(rows: words.words.map { LabelRow(model: $0, id: $0) })])
        XCTAssertTrue(all)
        MainContext.drain()
        XCTAssertEqual(adapter.modelSelectedIDs, ["blueberry"])
    }
}
