@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A whole-state update keeps the row list of every section whose rows did not change (no copy), and
/// a sectioned state's flat row list for the next update; sections that changed, moved or were edited
/// by single operations in between still show exactly their new rows, in the manager and in the store,
/// and a row a single operation removes is released at once.
@MainActor
final class UnchangedSectionTests: XCTestCase {
    private func names(_ manager: BaseListManager) -> [[String]] {
        manager.sections.map { section in section.rows.map { ($0 as! LabelRow).model } }
    }

    /// Sections "s0", "s1"… (headers) with rows of new generator instances.
    private func state(_ layout: [[String]]) -> [Section] {
        layout.enumerated().map { Section(header: header("s\($0.offset)"), rows: $0.element.map { LabelRow(model: $0, id: $0) }) }
    }

    /// The buffer of each section's row list (nil for a list of several chunks or none): a kept list
    /// has the same buffer, a copied one another.
    private func buffers(_ manager: BaseListManager) -> [UnsafeRawPointer?] {
        manager.state.map { section in section.rows.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil }
    }

    private func assertShows(_ manager: BaseListManager, _ layout: [[String]], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(names(manager), layout, file: file, line: line)
        XCTAssertEqual(storeTexts(manager), layout.enumerated().flatMap { ["#s\($0.offset)"] + $0.element },
                       file: file, line: line)
        XCTAssertEqual(manager.storeRows.map(\.section), layout.enumerated().flatMap { Array(repeating: $0.offset, count: $0.element.count + 1) },
                       file: file, line: line)
    }

    func testUnchangedAndChangedSectionsEachShowTheirNewRows() async throws {
        let manager = BaseListManager()
        let first: [[String]] = [["a", "b"], ["c", "d", "e"], ["f"]]
        try manager.setState(state(first))
        let objects = manager.store.objectAddresses
        let kept = buffers(manager)
        try manager.setState(state(first))
        XCTAssertEqual(manager.store.objectAddresses, objects)
        XCTAssertEqual(buffers(manager), kept, "every section kept its row list")
        XCTAssertNotNil(manager.flatCache, "a sectioned state's flat list is kept")
        assertShows(manager, first)

        // The middle section changes; the first and last do not.
        let second: [[String]] = [["a", "b"], ["e", "c", "x"], ["f"]]
        try manager.setState(state(second))
        let now = buffers(manager)
        XCTAssertEqual([now[0], now[2]], [kept[0], kept[2]], "the unchanged sections kept their row lists")
        XCTAssertNotEqual(now[1], kept[1])
        assertShows(manager, second)

        // A row moves from the first section to the last: both change, the middle one does not.
        let third: [[String]] = [["b"], ["e", "c", "x"], ["f", "a"]]
        try manager.setState(state(third))
        assertShows(manager, third)

        // Same rows, other section boundaries (the flat list of rows is the same, the sections are not).
        let fourth: [[String]] = [["b", "e"], ["c", "x", "f"], ["a"]]
        try manager.setState(state(fourth))
        assertShows(manager, fourth)
    }

    func testSingleOperationsAfterAKeptSectionEditOnlyThatSection() async throws {
        let manager = BaseListManager()
        let layout: [[String]] = [["a", "b"], ["c", "d"]]
        try manager.setState(state(layout))
        try manager.setState(state(layout))
        let anchors = manager.sections[0].rows
        try manager.insert(LabelRow(model: "n", id: "n"), after: anchors[0])
        assertShows(manager, [["a", "n", "b"], ["c", "d"]])
        // The next whole state drops the inserted row and keeps the second section.
        try manager.setState(state(layout))
        assertShows(manager, layout)
        try manager.remove(manager.sections[1].rows[0])
        assertShows(manager, [["a", "b"], ["d"]])
    }

    func testABatchWhoseInterimStateDiffersFromTheShownOne() async throws {
        let manager = BaseListManager()
        try manager.setState(state([["a", "b"], ["c", "d"], ["e"]]))
        try manager.batch { () throws(DataDisplayError) in
            try manager.setState(self.state([["a", "b"], ["d", "c"], ["e"]]))
            try manager.setState(self.state([["a", "b", "y"], ["c", "d"], ["e"]]))
        }
        assertShows(manager, [["a", "b", "y"], ["c", "d"], ["e"]])
    }

    func testRemovedRowsOfAChangedSectionAreReleased() async throws {
        let manager = BaseListManager()
        let before = Diagnostics.liveRowObjects
        try manager.setState(state([["a", "b"], ["c", "d"]]))
        try manager.setState(state([["a", "b"], ["c"]]))
        try manager.setState(state([["a", "b"], []]))
        XCTAssertEqual(Diagnostics.liveRowObjects - before, 4, "two headers and the two rows of the kept section")
        // A single removal after a whole-state update frees its row at once (nothing keeps the old rows).
        XCTAssertNotNil(manager.flatCache)
        try manager.remove(manager.sections[0].rows[0])
        XCTAssertNil(manager.flatCache, "a change of the sections drops the kept flat list")
        XCTAssertEqual(Diagnostics.liveRowObjects - before, 3)
        try manager.setState(state([["b"], []]))
        assertShows(manager, [["b"], []])
        withExtendedLifetime(manager) {}
    }
}
