import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A whole-state update of several splices binds only what it must: the rows realised after it that
/// were not realised before with the same content. GTK 4.8 realises its window anew after each
/// splice, so splices that add rows inside the window and others that remove rows there must not
/// move the window's edge back and forth (a row pushed out and brought back, or brought in and pushed
/// out again, would be bound for nothing).
final class MultiSpliceBindTests: WidgetTestCase {
    private let count = 1_000

    /// The ids of the rows whose views are bound now.
    private func realisedIDs(_ adapter: ListBaseAdapter) -> Set<String> {
        adapter.flushUnbinds()
        return Set(boundGenerators(adapter).map { ($0 as! LabelRow).model })
    }

    /// Shows `count` rows from the top (or with row `scrolledTo` first on screen), applies `change` to
    /// a fresh copy of them as one whole-state update, and checks the binds against the minimum and
    /// the screen against the store. `change` gets the first and last realised positions.
    private func checkBindsAreMinimal(_ name: String, splices: Int, scrolledTo: Int? = nil,
                                      _ change: (_ rows: inout [LabelRow], _ realised: ClosedRange<Int>) -> Void) async throws {
        try await checkBindsAreMinimal(name, splices: { _ in splices }, scrolledTo: scrolledTo, change)
    }

    /// `checkBindsAreMinimal` with the number of splices meant given by the realised positions.
    private func checkBindsAreMinimal(_ name: String, splices: (_ realised: ClosedRange<Int>) -> Int, scrolledTo: Int? = nil,
                                      _ change: (_ rows: inout [LabelRow], _ realised: ClosedRange<Int>) -> Void) async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: rows(count))])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            host.settle()
            if let scrolledTo {
                try adapter.scrollTo(manager.flatGenerators[scrolledTo], at: .first)
                host.settle()
            }
            let before = realisedIDs(adapter)
            // The realised range around the first row on screen (GTK also realises the row its focus
            // tracker follows, which may lie elsewhere).
            let shown = manager.flatGenerators.map { before.contains(($0 as! LabelRow).model) }
            var low = scrolledTo ?? 0, high = low
            XCTAssertTrue(shown[low], "\(name): the first row on screen is not realised")
            while low > 0, shown[low - 1] { low -= 1 }
            while high + 1 < count, shown[high + 1] { high += 1 }
            let realised = low...high
            XCTAssertGreaterThan(realised.count, 40, "\(name): the view realises too few rows for this test")
            XCTAssertLessThan(realised.upperBound, count - 100, "\(name): the view realises the whole list")
            adapter.resetStatistics()

            var next = rows(count)
            change(&next, realised)
            try manager.setState([Section(rows: next)])
            host.settle()
            let after = realisedIDs(adapter)

            XCTAssertEqual(manager.lastUpdate?.splices, splices(realised), "\(name): the update is not the splices the test means")
            XCTAssertTrue(manager.store.generators.elementsEqual(next, by: { $0 === $1 }), "\(name): the store is not the new state")
            XCTAssertEqual(adapter.statistics.binds, after.subtracting(before).count,
                           "\(name): binds beyond the rows that came into the realised range")
            for generator in boundGenerators(adapter) {
                let row = generator as! LabelRow
                XCTAssertEqual((adapter.view(for: row) as? LabelRowView)?.text, row.model, "\(name): a list item shows a stale row")
            }
        }
    }

    /// A row added near the top, then (in the plan's order) one removed lower in the realised range:
    /// applied in that order, the first splice pushes the last realised row out and the second brings
    /// it back in another list item.
    func testInsertAboveADeleteInTheRealisedRangeBindsOnlyTheNewRow() async throws {
        try await checkBindsAreMinimal("insert, delete", splices: 2) { rows, realised in
            rows.remove(at: realised.upperBound / 2)
            rows.insert(LabelRow(model: "new", id: "new"), at: 3)
        }
    }

    /// A row removed near the top, then one added lower in the realised range: applied in that order,
    /// the first splice brings the next row in and the second pushes it out again.
    func testDeleteAboveAnInsertInTheRealisedRangeBindsOnlyTheNewRow() async throws {
        try await checkBindsAreMinimal("delete, insert", splices: 2) { rows, realised in
            rows.insert(LabelRow(model: "new", id: "new"), at: realised.upperBound / 2)
            rows.remove(at: 3)
        }
    }

    /// A row moved from near the top to far below the realised range, and one from far below into
    /// the middle of it: a move is a removal and an insertion, in splices of both kinds.
    func testRowsMovedAcrossTheRealisedRangeBindOnlyTheRowComingIn() async throws {
        try await checkBindsAreMinimal("moves", splices: 4) { rows, realised in
            let up = rows.remove(at: 800)
            rows.insert(up, at: realised.upperBound / 2)
            let down = rows.remove(at: 3)
            rows.insert(down, at: 600)
        }
    }

    /// The same two splices in a view scrolled to the middle of the list, inside its realised range:
    /// GTK's realised range follows its anchor row, and both of its edges move with the splices.
    func testInsertAndDeleteInAScrolledViewBindOnlyTheNewRow() async throws {
        try await checkBindsAreMinimal("scrolled: insert, delete", splices: 2, scrolledTo: 400) { rows, realised in
            rows.remove(at: realised.lowerBound + realised.count * 3 / 4)
            rows.insert(LabelRow(model: "new", id: "new"), at: realised.lowerBound + realised.count / 4)
        }
        try await checkBindsAreMinimal("scrolled: delete, insert", splices: 2, scrolledTo: 400) { rows, realised in
            rows.insert(LabelRow(model: "new", id: "new"), at: realised.lowerBound + realised.count * 3 / 4)
            rows.remove(at: realised.lowerBound + realised.count / 4)
        }
    }

    /// Every 21st row changed through the whole list of a scrolled view, the first row on screen (GTK's
    /// anchor) among them: deleted down to that row, a row added before each further down. Weighed against one splice over them all (`SplicePlanOptions.hullSpliceCost`) the
    /// gaps would be cheaper merged, but that splice would take out the realised rows, and GTK 4.8,
    /// its anchor row gone inside the splice, guesses the range's new place in proportion (the
    /// benchmark's binds worker caught rows bound for nothing that way). The changes above the
    /// realised rows become one splice, those below another, and each change among the realised rows
    /// (21 rows apart: not merged) a splice of its own.
    func testChangesAroundAScrolledViewSpliceBesideTheRealisedRows() async throws {
        let changed = Array(stride(from: 10, to: count - 10, by: 21))
        let anchor = changed[19]  // 409
        try await checkBindsAreMinimal("scrolled: splices beside the realised rows", splices: { realised in
            2 + changed.filter { realised.contains($0) }.count
        }, scrolledTo: anchor) { rows, _ in
            for index in changed.reversed() {
                if index <= anchor {
                    rows.remove(at: index)
                } else {
                    rows.insert(LabelRow(model: "new \(index)", id: "new \(index)"), at: index)
                }
            }
        }
    }
}
