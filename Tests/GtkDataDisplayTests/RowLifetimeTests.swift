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
