import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// How a manager weighs a whole-state update's splices follows whether a view shows its rows: while
/// a list or grid view does, each emission costs GTK a walk over its list items too, and changes a few
/// rows apart share one splice (`SplicePlanOptions.default`); before a view shows them and once it is
/// gone, only changes at most three rows apart do (`SplicePlanOptions.headless`).
final class SpliceWeighingTests: WidgetTestCase {
    private let count = 1_000
    /// Rows 10 and 16 (five unchanged rows between: one splice while shown) and 200 (always its own).
    private let changed: Set<Int> = [10, 16, 200]

    private func all() -> [LabelRow] { rows(count) }
    private func withoutChanged() -> [LabelRow] {
        all().enumerated().filter { !changed.contains($0.offset) }.map(\.element)
    }

    /// Applies `rows` as a whole-state update and returns its splice count, checking the store.
    private func update(_ manager: BaseListManager, to rows: [LabelRow], _ name: String) throws -> Int? {
        try manager.setState([Section(rows: rows)])
        XCTAssertTrue(manager.store.generators.elementsEqual(rows, by: { $0 === $1 }), "\(name): the store is not the new state")
        return manager.lastUpdate?.splices
    }

    func testSplicesMergeAcrossFewerUnchangedRowsWhileNoViewShowsTheRows() async throws {
        try await forEachViewKind { _ in
            // Another manager's view shows its rows the whole time: what counts is a view of this one.
            let other = BaseListManager()
            try other.setState([Section(rows: rows(50, prefix: "other"))])
            let (otherAdapter, otherHost) = present(other)
            defer { otherHost.destroy() }
            otherHost.settle()
            XCTAssertFalse(boundGenerators(otherAdapter).isEmpty, "the other view shows no rows")

            let manager = BaseListManager()
            try manager.setState([Section(rows: all())])
            XCTAssertEqual(try update(manager, to: withoutChanged(), "no view yet, removed"), 3)
            XCTAssertEqual(try update(manager, to: all(), "no view yet, back"), 3)

            let (adapter, host) = present(manager)
            host.settle()
            XCTAssertFalse(boundGenerators(adapter).isEmpty, "the view shows no rows")
            XCTAssertEqual(try update(manager, to: withoutChanged(), "shown, removed"), 2)
            host.settle()
            XCTAssertEqual(try update(manager, to: all(), "shown, back"), 2)
            host.settle()

            host.destroy()
            host.settle()
            XCTAssertEqual(try update(manager, to: withoutChanged(), "view gone, removed"), 3)
            XCTAssertEqual(try update(manager, to: all(), "view gone, back"), 3)
        }
    }
}
