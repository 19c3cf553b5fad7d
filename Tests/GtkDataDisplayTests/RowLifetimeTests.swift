import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Row objects are freed when their rows leave the store and the manager.
@MainActor
final class RowLifetimeTests: XCTestCase {
    func testRowObjectsReturnToZeroAfterRemoveClearAndRelease() async throws {
        let baseline = Diagnostics.liveRowObjects
        var manager: BaseListManager? = BaseListManager()
        let r = (0..<1000).map { LabelRow(model: "\($0)", id: $0) }
        try manager!.addSection(header: header("H"), rows: r)
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 1001)
        try manager!.remove(Array(r[0..<500]))
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 501)
        try manager!.setState([Section(rows: (0..<300).map { LabelRow(model: "\($0)", id: $0) })])
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 300)
        manager!.clear()
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
        try manager!.add(rows("a", "b"))
        manager = nil
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
    }

    /// Whole states of thousands of new rows take row objects made a batch at a time: every object
    /// made is a row's, whether the rows fill the last batch or not. (Objects made for rows that borrow
    /// a leaving row's object instead need a view: `RowRecyclingTests`.)
    func testManyNewRowsInWholeStatesLeaveNoExtraObjects() async throws {
        let baseline = Diagnostics.liveRowObjects
        do {
            let manager = BaseListManager()
            for (round, count) in [5_000, 9_000, 4_097, 12_345].enumerated() {
                // Every id new, some old rows kept in between.
                let kept = round == 0 ? 0 : 100
                let ids = Array(0..<kept) + (0..<count).map { 100_000 * (round + 1) + $0 }
                try manager.setState([Section(rows: ids.map { LabelRow(model: "\($0)", id: $0) })])
                XCTAssertEqual(manager.store.count, ids.count)
                XCTAssertEqual(Diagnostics.liveRowObjects, baseline + ids.count, "round \(round)")
            }
            manager.clear()
            XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
        }
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
    }

    /// Splices of many rows, over a hundred of the row model's chunks: a first fill of ids in order
    /// (whose plan records no old indices), then as many rows inserted in the middle. Each is one emission, every store item is the row the state puts there,
    /// and no row object outlives the manager.
    func testSplicesOfManyRowsPutEveryRowInItsPlace() async throws {
        let baseline = Diagnostics.liveRowObjects
        do {
            let manager = BaseListManager()
            var splices: [[Int]] = []
            manager.store.onItemsChanged { position, removed, added in splices.append([position, removed, added]) }
            let count = 140_000
            func assertStore(_ generators: [LabelRow], _ round: String) {
                XCTAssertEqual(manager.store.count, generators.count, round)
                let wrong = generators.indices.first { manager.store.generator(at: $0) !== generators[$0] }
                XCTAssertNil(wrong, "\(round): the store's row at \(wrong ?? -1) is not the state's")
            }
            let first = (0..<count).map { LabelRow(model: "\($0)", id: 2 * $0) }
            try manager.setState([Section(rows: first)])
            XCTAssertEqual(splices, [[0, 0, count]])
            assertStore(first, "first fill")
            // Odd ids between the first rows 999 and 1000.
            let inserted = (0..<count).map { LabelRow(model: "new \($0)", id: 2 * $0 + 1) }
            let second = Array(first[..<1000]) + inserted + Array(first[1000...])
            try manager.setState([Section(rows: second)])
            XCTAssertEqual(splices, [[0, 0, count], [1000, 0, count]])
            assertStore(second, "insert")
            XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 2 * count)
        }
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
    }

    func testReplacedAndMovedRowsLeaveNoExtraObjects() async throws {
        let baseline = Diagnostics.liveRowObjects
        do {
            let manager = BaseListManager()
            let r = rows("a", "b", "c")
            try manager.add(r)
            try manager.replace(r[0], with: rows("x")[0])
            try manager.move(r[1], after: r[2])
            XCTAssertEqual(Diagnostics.liveRowObjects, baseline + 3)
        }
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
    }

    func testGeneratorsAreReleasedWithTheirRows() async throws {
        weak var weakGenerator: LabelRow?
        let manager = BaseListManager()
        do {
            let g = LabelRow(model: "temp")
            weakGenerator = g
            try manager.add(g)
            try manager.remove(g)
        }
        XCTAssertNil(weakGenerator)
    }
}
