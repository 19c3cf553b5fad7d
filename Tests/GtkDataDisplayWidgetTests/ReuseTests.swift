import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Rows of different kinds share recycled list items but only take widgets of their own kind.
final class ReuseTests: WidgetTestCase {
    func testRowsOfTwoKindsReuseWidgetsOfTheirOwnKind() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let mixed: [any RowGenerator] = (0..<2_000).map { i in
                i % 3 == 0 ? CounterRow(model: i, id: i) as any RowGenerator : LabelRow(model: "\(i)", id: i)
            }
            try manager.addSection(header: LabelHeader(model: "Mixed"), rows: mixed)
            let (adapter, host) = present(manager)
            defer { host.destroy() }

            for position in [0, 400, 1_200, 1_999, 700, 0] {
                adapter.scrollTo(position: position)
                host.settle()
                let bound = boundGenerators(adapter)
                XCTAssertFalse(bound.isEmpty)
                for g in bound {
                    let view = try XCTUnwrap(adapter.view(for: g))
                    if let counter = g as? CounterRow {
                        let counterView = try XCTUnwrap(view as? CounterRowView, "a counter row got a \(type(of: view))")
                        XCTAssertEqual(counterView.value, counter.model)
                    } else if let label = g as? LabelRow {
                        let labelView = try XCTUnwrap(view as? LabelRowView, "a label row got a \(type(of: view))")
                        XCTAssertEqual(labelView.text, label.model)
                    }
                }
            }
            // Scrolling through 2,000 rows built views for a few hundred list items at most.
            XCTAssertLessThan(adapter.statistics.viewsCreated, 600)
            XCTAssertGreaterThan(adapter.statistics.binds, adapter.statistics.viewsCreated)
        }
    }

    func testNonReusableRowKeepsItsOwnWidget() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let keeper = NonReusableRowGenerator<LabelRowView>(model: "keeper")
            var all: [any RowGenerator] = rows(3)
            all.append(keeper)
            all.append(contentsOf: rows(600, prefix: "tail") as [any RowGenerator])
            try manager.add(all)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            XCTAssertTrue(adapter.view(for: keeper) === keeper.view)
            adapter.scrollTo(position: 599)
            host.settle()
            adapter.scrollTo(position: 0)
            host.settle()
            XCTAssertTrue(adapter.view(for: keeper) === keeper.view)
            XCTAssertEqual(keeper.view.text, "keeper")
            for g in boundGenerators(adapter) where g !== keeper {
                XCTAssertFalse(adapter.view(for: g) === keeper.view)
            }
        }
    }
}
