@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `BaseListManager.insert(runs:)` (what `FilteredState.append` inserts with): several runs of new
/// rows, each after its anchor, in one operation, on the real store.
@MainActor
final class RunInsertionTests: XCTestCase {
    private func names(_ manager: BaseListManager, headers: Bool = false) -> [String] {
        (0..<manager.store.count).map { position in
            let row = manager.store.row(at: position)!
            if headers, let header = row.generator as? HeaderOrFooter { return "[\(header.model)]" }
            let name = (row.generator as? LabelRow)?.model ?? (row.generator as! Folder).model
            return row.depth == 0 ? name : "\(name)@\(row.depth)"
        }
    }

    private func rows(_ names: [String]) -> [LabelRow] { names.map { LabelRow(model: $0, id: $0) } }

    func testRunsLandAfterTheirAnchorsInOneEmissionWithAnExpandedFoldersChildren() async throws {
        try insertRunsWithAFolder(eachRun: false)
    }

    /// With a holder that needs each insertion told (row animations), a splice a run that only inserts.
    func testRunsLandOneSpliceEachWhenEachInsertionIsWanted() async throws {
        try insertRunsWithAFolder(eachRun: true)
    }

    private func insertRunsWithAFolder(eachRun: Bool) throws {
        let manager = BaseListManager()
        let old = rows((0..<400).map { "r\($0)" })
        try manager.add(old)
        if eachRun { manager.store.wantsEachInsertion.insert(ObjectIdentifier(self)) }
        let recorder = ItemsChangedRecorder(manager.store)
        let oldObjects = (0..<manager.store.count).map { manager.store.row(at: $0)!.record }
        let folder = Folder(model: "d", id: "d", children: rows(["d1", "d2"]), expanded: true)
        try manager.insert(runs: [
            .init(anchor: nil, generators: rows(["0"])),
            .init(anchor: old[0], generators: rows(["b", "b2"])),
            .init(anchor: old[1], generators: [folder]),
            .init(anchor: old[200], generators: rows(["h"])),
        ])
        let shown = names(manager)
        XCTAssertEqual(Array(shown.prefix(9)), ["0", "r0", "b", "b2", "r1", "d", "d1@1", "d2@1", "r2"])
        XCTAssertEqual(Array(shown[205...208]), ["r199", "r200", "h", "r201"])
        XCTAssertEqual(shown.count, 407)
        if eachRun {
            // A splice a run that inserts only (the rows between runs stay where they are).
            XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 0, added: 1), ItemsChange(position: 2, removed: 0, added: 2),
                                              ItemsChange(position: 5, removed: 0, added: 3), ItemsChange(position: 207, removed: 0, added: 1)])
        } else {
            // One emission over the hull: from the first new row to the last, the 201 old rows
            // between taken out and put back.
            XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 201, added: 208)])
        }
        XCTAssertEqual(recorder.invalidChanges, [])
        // The manager finds every row where the store shows it.
        for position in 0..<manager.store.count {
            let generator = try XCTUnwrap(manager.store.generator(at: position))
            let (s, i) = try manager.rowLocation(generator)
            XCTAssertEqual(manager.sectionOffset(s) + manager.state[s].rowsOffset + i, position)
        }
        // Every old row keeps its row object (a view keeps its list item).
        let oldPositions = (0..<manager.store.count).filter { !["0", "b", "b2", "d", "d1@1", "d2@1", "h"].contains(shown[$0]) }
        XCTAssertEqual(oldPositions.map { manager.store.row(at: $0)!.record }, oldObjects, "an old row keeps its row object")
        // Children are rows of their folder: folding it takes them out.
        try manager.collapse(folder)
        XCTAssertEqual(Array(names(manager).prefix(7)), ["0", "r0", "b", "b2", "r1", "d", "r2"])
    }

    func testARefusedRunChangesNothing() async throws {
        let manager = BaseListManager()
        let old = rows(["a", "c", "e"])
        try manager.add(old)
        let recorder = ItemsChangedRecorder(manager.store)
        let stranger = LabelRow(model: "x", id: "x")
        // An anchor not in the list, after a run that would fit.
        XCTAssertThrowsError(try manager.insert(runs: [.init(anchor: old[0], generators: rows(["b"])),
                                                       .init(anchor: stranger, generators: rows(["y"]))])) {
            guard case .generatorNotFound = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        // Anchors out of the list's order.
        XCTAssertThrowsError(try manager.insert(runs: [.init(anchor: old[1], generators: rows(["d"])),
                                                       .init(anchor: old[0], generators: rows(["b"]))])) {
            guard case .invalidAnchor = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        // A new row with the id of one shown, in the last run; and one generator in two runs.
        XCTAssertThrowsError(try manager.insert(runs: [.init(anchor: old[0], generators: rows(["b"])),
                                                       .init(anchor: old[2], generators: rows(["c"]))])) {
            guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        let twice = LabelRow(model: "t", id: "t")
        XCTAssertThrowsError(try manager.insert(runs: [.init(anchor: old[0], generators: [twice]),
                                                       .init(anchor: old[1], generators: [twice])]))
        XCTAssertEqual(names(manager), ["a", "c", "e"])
        XCTAssertEqual(recorder.changes, [], "no splice for a refused insertion")
        // Then a good one goes in, and runs with no rows are passed over.
        try manager.insert(runs: [.init(anchor: old[0], generators: []), .init(anchor: old[2], generators: rows(["f"]))])
        XCTAssertEqual(names(manager), ["a", "c", "e", "f"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 0, added: 1)])
    }

    func testARunWithoutAnAnchorOpensTheLastSectionAndNeedsOne() async throws {
        let manager = BaseListManager()
        XCTAssertThrowsError(try manager.insert(runs: [.init(anchor: nil, generators: rows(["a"]))])) {
            guard case .invalidAnchor = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(manager.store.count, 0)
        try manager.setState([Section(rows: rows(["x"])), Section(header: HeaderOrFooter(model: "H", id: "h"), rows: [])])
        try manager.insert(runs: [.init(anchor: nil, generators: rows(["a", "b"]))])
        XCTAssertEqual(names(manager, headers: true), ["x", "[H]", "a", "b"], "at the start of the last section's rows, after its header")
    }

    func testRowsLeaveAndAreFreed() async throws {
        let before = Diagnostics.liveRowObjects
        weak var inserted: LabelRow?
        do {
            let manager = BaseListManager()
            let old = rows(["a", "c"])
            try manager.add(old)
            let new = rows(["b", "d"])
            inserted = new[0]
            try manager.insert(runs: [.init(anchor: old[0], generators: [new[0]]), .init(anchor: old[1], generators: [new[1]])])
            XCTAssertEqual(names(manager), ["a", "b", "c", "d"])
            manager.clear()
        }
        XCTAssertNil(inserted, "the manager let the new generators go")
        XCTAssertEqual(Diagnostics.liveRowObjects, before, "every row was freed")
    }
}
