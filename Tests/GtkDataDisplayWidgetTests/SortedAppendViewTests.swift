import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Rows arriving in batches into a searched, sorted list (`FilteredState.append`) that a view shows:
/// the new rows land where the sort puts them, in one `items-changed` over their hull (the rows
/// between taken out and put back in the same emission, as a GTK sort model does), the rows on screen
/// that stay keep their list items — only the rows newly shown are bound — and selected rows stay
/// selected, in GTK's selection model as in the adapter's.
final class SortedAppendViewTests: WidgetTestCase {
    /// `count` lower-case words of three to seven letters (seeded).
    private func words(_ count: Int) -> [String] {
        var state: UInt64 = 17
        func next(_ below: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(below))
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { _ in String((0..<(3 + next(5))).map { _ in letters[next(letters.count)] }) }
    }

    func testBatchesLandInSortedPlacesAndOnlyTheRowsNewlyShownAreBound() async throws {
        let words = words(6_000)
        let first = 4_200   // models at the start: about 740 rows shown, dozens of them realised
        try await forEachViewKind { kind in
            let manager = BaseListManager()
            let state = try FilteredState<Int>(manager: manager, models: Array(0..<first), text: { words[$0] }) {
                LabelRow(model: words[$0], id: $0)
            }
            try state.setQuery("a")
            try state.sort { words[$0] < words[$1] }
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            host.settle()
            // One selected row on screen, one far below it: both inside the batches' hulls.
            let chosen = [manager.store.generator(at: 3)!, manager.store.generator(at: manager.store.count * 2 / 3)!]
            adapter.select(chosen)
            host.settle()
            for batch in 0..<6 {
                let numbers = Array((first + batch * 300)..<(first + (batch + 1) * 300))
                let shownBefore = Set(boundGenerators(adapter).map(\.diffID))
                let recorder = ItemsChangedRecorder(manager.store)
                adapter.resetStatistics()
                try state.append(numbers)
                host.settle()
                // The store: every word so far with an "a", sorted, equal words in the order they came.
                let expected = (0..<(first + (batch + 1) * 300)).filter { words[$0].contains("a") }
                    .sorted { (words[$0], $0) < (words[$1], $1) }.map { words[$0] }
                let shown = (0..<manager.store.count).map { (manager.store.generator(at: $0) as! LabelRow).model }
                XCTAssertEqual(shown, expected, "\(kind) batch \(batch)")
                let added = numbers.filter { words[$0].contains("a") }.count
                XCTAssertEqual(recorder.changes.count, 1, "\(kind) batch \(batch): one emission")
                XCTAssertEqual(recorder.changes.reduce(0) { $0 + $1.added - $1.removed }, added, "\(kind) batch \(batch)")
                XCTAssertEqual(recorder.invalidChanges, [])
                // The selection: the same rows, in the adapter and in GTK's bitset.
                XCTAssertEqual(adapter.selectedGenerators.map(\.diffID), chosen.map(\.diffID), "\(kind) batch \(batch)")
                let bitset = gtk_selection_model_get_selection(adapter.selectionModel.pointer)!
                let selected = (0..<manager.store.count).filter { gtk_bitset_contains(bitset, guint($0)) != 0 }
                gtk_bitset_unref(bitset)
                XCTAssertEqual(selected.map { manager.store.generator(at: $0)!.diffID }, chosen.map(\.diffID),
                               "\(kind) batch \(batch): GTK's selection")
                // Rows that stay on screen keep their list items: only the rows newly shown are bound.
                let bound = boundGenerators(adapter)
                let newlyShown = bound.filter { !shownBefore.contains($0.diffID) }.count
                XCTAssertEqual(adapter.statistics.binds, newlyShown, "\(kind) batch \(batch): binds are the rows newly shown")
                for generator in bound {
                    let row = try XCTUnwrap(generator as? LabelRow)
                    let view = try XCTUnwrap(adapter.view(for: row) as? LabelRowView)
                    XCTAssertEqual(view.text, row.model, "\(kind) batch \(batch): a list item shows a stale row")
                }
            }
        }
    }
}
