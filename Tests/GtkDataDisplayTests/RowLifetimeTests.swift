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
