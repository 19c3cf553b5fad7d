import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A text row with a weight.
final class WeightedRow: BaseRowGenerator<LabelRowView>, GravityItem {
    let heaviness: Int
    init(_ name: String, _ heaviness: Int) {
        self.heaviness = heaviness
        super.init(model: name, id: name)
    }
}

/// A text header with a weight.
final class WeightedHeader: BaseHeaderGenerator<LabelRowView>, GravityItem {
    let heaviness: Int
    init(_ name: String, _ heaviness: Int) {
        self.heaviness = heaviness
        super.init(model: name, id: "header:" + name)
    }
}

/// GravityListManager, after RDDM's GravityTableManagerTests, plus a test per RDDM bug fixed.
@MainActor
final class GravityManagerTests: XCTestCase {
    func names(_ manager: BaseListManager) -> [String] {
        manager.store.generators.map { ($0 as? WeightedHeader).map { "#" + $0.model } ?? ($0 as! LabelRow).model }
    }

    func testRowsAreOrderedByHeavinessInsideTheirSection() async throws {
        let manager = GravityListManager()
        let h = WeightedHeader("H", 0)
        try manager.addSection(header: h)
        for row in [WeightedRow("c", 30), WeightedRow("a", 10), WeightedRow("b", 20)] {
            try manager.add([row], toSectionWith: h)
        }
        XCTAssertEqual(names(manager), ["#H", "a", "b", "c"])
    }

    func testEqualHeavinessKeepsInsertionOrderAndDropsNothing() async throws {
        // RDDM drops a generator whose heaviness already exists anywhere.
        let manager = GravityListManager()
        try manager.add([WeightedRow("first", 5)])
        try manager.add([WeightedRow("second", 5)])
        try manager.add([WeightedRow("light", 1)])
        try manager.add([WeightedRow("third", 5)])
        XCTAssertEqual(names(manager), ["light", "first", "second", "third"])
    }

    func testAddingAnArrayIsOrderedLikeSingleAdds() async throws {
        // RDDM skips sorting for arrays.
        let manager = GravityListManager()
        try manager.add([WeightedRow("m", 50)])
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.add([WeightedRow("z", 90), WeightedRow("a", 10), WeightedRow("n", 50)])
        XCTAssertEqual(names(manager), ["a", "m", "n", "z"])
        // One splice per place the rows take, the last first; rows of one place in one splice.
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 0, added: 2), ItemsChange(position: 0, removed: 0, added: 1)])
        recorder.reset()
        try manager.add([WeightedRow("y", 60), WeightedRow("x", 60), WeightedRow("b", 10)])
        XCTAssertEqual(names(manager), ["a", "b", "m", "n", "y", "x", "z"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 0, added: 2), ItemsChange(position: 1, removed: 0, added: 1)])
        assertStoreMatchesManager(manager)
    }

    func testSectionsAreOrderedByHeaderHeaviness() async throws {
        let manager = GravityListManager()
        try manager.addSection(header: WeightedHeader("C", 3), rows: [WeightedRow("c", 0)])
        try manager.addSection(header: WeightedHeader("A", 1), rows: [WeightedRow("a2", 2), WeightedRow("a1", 1)])
        try manager.addSection(header: WeightedHeader("B", 2))
        XCTAssertEqual(names(manager), ["#A", "a1", "a2", "#B", "#C", "c"])
    }

    func testHeaderWithoutHeavinessIsAnErrorNotALostSection() async throws {
        let manager = GravityListManager()
        try manager.addSection(header: WeightedHeader("A", 1))
        XCTAssertThrowsError(try manager.addSection(header: LabelHeader(model: "plain"))) { error in
            guard case DataDisplayError.missingHeaviness = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(names(manager), ["#A"])
        XCTAssertThrowsError(try manager.setState([Section(header: LabelHeader(model: "plain"))]))
        XCTAssertEqual(names(manager), ["#A"])
    }

    func testInsertAfterPlacesRightAfterAnchorWithoutRewritingHeaviness() async throws {
        // RDDM shifts everyone's heaviness and drifts on every expand/collapse.
        let manager = GravityListManager()
        let rowsIn = [WeightedRow("a", 10), WeightedRow("b", 20), WeightedRow("c", 30)]
        try manager.add(rowsIn)
        let inserted = WeightedRow("x", 99)
        try manager.insert(inserted, after: rowsIn[0])
        XCTAssertEqual(names(manager), ["a", "x", "b", "c"])
        XCTAssertEqual(rowsIn.map(\.heaviness), [10, 20, 30])
        XCTAssertEqual(inserted.heaviness, 99)
    }

    func testRemoveAndRemoveAllAsInBaseManager() async throws {
        let manager = GravityListManager()
        let h = WeightedHeader("H", 0)
        let r = [WeightedRow("a", 1), WeightedRow("b", 2)]
        try manager.addSection(header: h, rows: r)
        try manager.remove(r[0])
        XCTAssertEqual(names(manager), ["#H", "b"])
        try manager.removeAll(fromSectionWith: h)
        XCTAssertEqual(names(manager), ["#H"])
    }

    func testReplaceKeepsThePosition() async throws {
        let manager = GravityListManager()
        let r = [WeightedRow("a", 1), WeightedRow("b", 2), WeightedRow("c", 3)]
        try manager.add(r)
        try manager.replace(r[1], with: WeightedRow("B", 2))
        XCTAssertEqual(names(manager), ["a", "B", "c"])
    }

    func testWholeStateIsOrderedThenDiffed() async throws {
        let manager = GravityListManager()
        try manager.setState {
            Section(header: WeightedHeader("B", 2)) { WeightedRow("b2", 2); WeightedRow("b1", 1) }
            Section(header: WeightedHeader("A", 1)) { WeightedRow("a", 0) }
        }
        XCTAssertEqual(names(manager), ["#A", "a", "#B", "b1", "b2"])
    }

    func testFoldingInsideGravityOrdering() async throws {
        let manager = GravityListManager()
        final class WeightedFolder: FoldableRowGenerator<LabelRowView>, GravityItem {
            let heaviness: Int
            init(_ name: String, _ heaviness: Int, children: [any RowGenerator]) {
                self.heaviness = heaviness
                super.init(model: name, id: name, children: children)
            }
        }
        let folder = WeightedFolder("folder", 20, children: [WeightedRow("child-heavy", 99), WeightedRow("child-light", 0)])
        try manager.add([WeightedRow("z", 30), folder, WeightedRow("a", 10)])
        try manager.expand(folder)
        XCTAssertEqual(names(manager), ["a", "folder", "child-heavy", "child-light", "z"], "children keep their parent's order")
        try manager.add([WeightedRow("m", 25)])
        XCTAssertEqual(names(manager), ["a", "folder", "child-heavy", "child-light", "m", "z"], "a new row lands after the whole subtree")
        try manager.collapse(folder)
        XCTAssertEqual(names(manager), ["a", "folder", "m", "z"])
    }
}

/// Gravity headers need heaviness wherever one enters the manager.
@MainActor
final class GravityHeaderReplacementTests: XCTestCase {
    func testReplacingAHeaderWithOneWithoutHeavinessIsATypedError() async throws {
        let manager = GravityListManager()
        let header = WeightedHeader("h", 1)
        try manager.addSection(header: header, rows: [WeightedRow("a", 1)])
        let recorder = ItemsChangedRecorder(manager.store)
        XCTAssertThrowsError(try manager.replace(header, with: LabelHeader(model: "plain", id: "plain"))) {
            guard case .missingHeaviness = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(recorder.changes, [])
        XCTAssertTrue(manager.contains(header))
        try manager.replace(header, with: WeightedHeader("h2", 1))
        XCTAssertEqual(manager.store.count, 2)
    }
}
