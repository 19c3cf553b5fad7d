import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `BaseListManager.sort(by:)`: rows sorted within sections and parents as one diffed update of
/// moves, kept sorted through later whole states and loaded children.
@MainActor
final class RowOrderTests: XCTestCase {
    private func names(_ manager: BaseListManager) -> [String] {
        manager.store.generators.map { g in
            let depth = manager.depth(of: g) ?? -1
            let name = (g as? LabelRow)?.model ?? (g as? LabelHeader).map { "#" + $0.model } ?? "?"
            return String(repeating: ".", count: depth) + name
        }
    }

    private let byName = RowOrder(id: "name", model: String.self) { $0 }

    func testRowsSortWithinTheirSectionAndHeadersStay() async throws {
        let manager = BaseListManager()
        try manager.setState([
            Section(header: LabelHeader(model: "B", id: "B"), rows: rows("pear", "apple", "fig")),
            Section(header: LabelHeader(model: "A", id: "A"), rows: rows("kiwi", "date")),
        ])
        let before = Set(manager.store.objectAddresses)
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.sort(by: byName)
        XCTAssertEqual(names(manager), ["#B", "apple", "fig", "pear", "#A", "date", "kiwi"])
        XCTAssertEqual(manager.rowOrder?.id, "name")
        // Only moves: every row object stays, nothing is rebound.
        XCTAssertEqual(Set(manager.store.objectAddresses), before)
        XCTAssertEqual(manager.lastUpdate?.inserted, 0)
        XCTAssertEqual(manager.lastUpdate?.updated, 0)
        XCTAssertEqual(manager.lastUpdate?.moves, 2)   // pear, and kiwi
        XCTAssertEqual(recorder.changes.count, manager.lastUpdate?.splices)
        try manager.sort(by: byName.reversed)
        XCTAssertEqual(names(manager), ["#B", "pear", "fig", "apple", "#A", "kiwi", "date"])
    }

    func testChildrenSortWithinTheirParentCollapsedOrNot() async throws {
        let inner = Folder(model: "m", id: "m", children: rows("z", "y"), expanded: false)
        let open = Folder(model: "k", id: "k", children: [LabelRow(model: "c", id: "c"), inner, LabelRow(model: "a", id: "a")],
                          expanded: true)
        let manager = BaseListManager()
        try manager.setState([Section(rows: [open, LabelRow(model: "b", id: "b")])])
        XCTAssertEqual(names(manager), ["k", ".c", ".m", ".a", "b"])
        try manager.sort(by: byName)
        XCTAssertEqual(names(manager), ["b", "k", ".a", ".c", ".m"])
        try manager.expand(inner)
        XCTAssertEqual(names(manager), ["b", "k", ".a", ".c", ".m", "..y", "..z"])
    }

    /// A sorted whole state sorts the app's foldables' children before the state is checked; an invalid
    /// one puts them back: nothing changes, the app's generators included.
    func testAnInvalidSortedStateLeavesTheAppsChildrenInTheirOrder() async throws {
        let manager = BaseListManager()
        try manager.sort(by: byName)
        let folder = Folder(model: "k", id: "k", children: rows("z", "y", "x"), expanded: true)
        let inner = Folder(model: "m", id: "m", children: rows("q", "p"), expanded: false)
        folder.children.append(inner)
        let given = folder.children.map(ObjectIdentifier.init), innerGiven = inner.children.map(ObjectIdentifier.init)
        let twin = LabelRow(model: "b", id: "b")
        XCTAssertThrowsError(try manager.setState([Section(rows: [folder, twin, LabelRow(model: "b2", id: "b")])])) {
            guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(folder.children.map(ObjectIdentifier.init), given, "the children as the app gave them")
        XCTAssertEqual(inner.children.map(ObjectIdentifier.init), innerGiven, "and theirs")
        XCTAssertEqual(manager.store.count, 0, "nothing shown")
        // The same generator twice, found before the background diff starts.
        do {
            _ = try await manager.setStateInBackground([Section(rows: [folder, twin, twin])])
            XCTFail("a generator given twice throws")
        } catch {
            guard case .duplicateGenerator = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(folder.children.map(ObjectIdentifier.init), given)
        XCTAssertEqual(inner.children.map(ObjectIdentifier.init), innerGiven)
        // A valid state sorts them.
        try manager.setState([Section(rows: [folder, twin])])
        XCTAssertEqual(names(manager), ["b", "k", ".m", ".x", ".y", ".z"])
    }

    func testEqualKeysKeepTheirOrderAndRowsWithoutAKeyComeLastInEitherDirection() async throws {
        // Files as number rows: the size is the model, the name the id.
        let files = [("a", 2), ("b", 1), ("c", 2), ("d", 1)].map { CounterRow(model: $0.1, id: $0.0) }
        let plain = LabelRow(model: "plain", id: "plain")
        let manager = BaseListManager()
        try manager.setState([Section(rows: [plain] + files)])
        func order() -> [String] { manager.store.generators.map { $0.diffID.base as! String } }
        let bySize = RowOrder(id: "size", model: Int.self) { $0 }
        try manager.sort(by: bySize)
        XCTAssertEqual(order(), ["b", "d", "a", "c", "plain"])
        try manager.sort(by: bySize.reversed)
        XCTAssertEqual(order(), ["a", "c", "b", "d", "plain"])
        // Sorting by name (descending), then by size, orders by size, then name descending.
        try manager.sort(by: RowOrder(id: "name", ascending: false) { ($0 as? CounterRow)?.diffID.base as? String })
        XCTAssertEqual(order(), ["d", "c", "b", "a", "plain"])
        try manager.sort(by: bySize)
        XCTAssertEqual(order(), ["d", "b", "c", "a", "plain"])
    }

    func testLaterWholeStatesComeInSortedUntilTheOrderIsCleared() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("b", "a"))])
        try manager.sort(by: byName)
        try manager.setState([Section(rows: rows("q", "c", "b"))])
        XCTAssertEqual(names(manager), ["b", "c", "q"])
        _ = try await manager.setStateInBackground([Section(rows: rows("x", "d"))])
        XCTAssertEqual(names(manager), ["d", "x"])
        try manager.sort(by: nil)
        XCTAssertNil(manager.rowOrder)
        XCTAssertEqual(names(manager), ["d", "x"])
        try manager.setState([Section(rows: rows("x", "d"))])
        XCTAssertEqual(names(manager), ["x", "d"])
    }

    func testLoadedChildrenComeInSorted() async throws {
        let folder = Folder(model: "f", id: "f", expanded: false) { rows("n", "b", "h") }
        let manager = BaseListManager()
        try manager.setState([Section(rows: [folder])])
        try manager.sort(by: byName.reversed)
        try manager.expand(folder)
        for _ in 0..<100 where manager.store.count < 4 { await Task.yield() }
        XCTAssertEqual(names(manager), ["f", ".n", ".h", ".b"])
    }

    func testSortingInsideABatchAppliesWithTheBatch() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("b", "a"))])
        try manager.batch {
            try manager.sort(by: self.byName)
            try manager.add(rows("0"))
        }
        XCTAssertEqual(names(manager), ["a", "b", "0"])
    }
}
