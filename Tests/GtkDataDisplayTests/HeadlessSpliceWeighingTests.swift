import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A manager no view shows weighs its splices as `SplicePlanOptions.headless`: an emission then costs
/// GLib alone, so changes more than three rows apart stay apart, and changes over most of the list
/// still become one splice over their hull. (With a view: `SpliceWeighingTests` among the widget tests.)
@MainActor
final class HeadlessSpliceWeighingTests: XCTestCase {
    private func rows(_ ids: some Sequence<Int>) -> [LabelRow] { ids.map { LabelRow(model: "row \($0)", id: $0) } }

    func testChangesFiveRowsApartAreOneEmissionEach() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(0..<1_000))])
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(rows: rows((0..<1_000).filter { ![10, 16, 200].contains($0) }))])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 10, removed: 1, added: 0),
                                          ItemsChange(position: 15, removed: 1, added: 0),
                                          ItemsChange(position: 198, removed: 1, added: 0)])
        // Three rows apart they share one splice (the rows between come out and go back).
        try manager.setState([Section(rows: rows(0..<1_000))])
        recorder.reset()
        try manager.setState([Section(rows: rows((0..<1_000).filter { ![10, 14, 200].contains($0) }))])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 10, removed: 5, added: 3),
                                          ItemsChange(position: 198, removed: 1, added: 0)])
        XCTAssertEqual(manager.store.count, 997)
    }

    func testChangesOverTheWholeListAreStillOneSplice() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows(0..<1_000))])
        let recorder = ItemsChangedRecorder(manager.store)
        let kept = (0..<1_000).filter { $0 % 10 != 5 }
        try manager.setState([Section(rows: rows(kept))])
        XCTAssertEqual(recorder.changes.count, 1)
        XCTAssertEqual(manager.store.generators.compactMap { ($0 as? LabelRow)?.model }, kept.map { "row \($0)" })
    }
}
