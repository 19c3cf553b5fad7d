import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Saving a scroll position by row id and restoring it: after a whole new state of new generator
/// instances, in a new adapter over a new manager, and when the saved first row is gone.
final class ScrollPositionTests: WidgetTestCase {
    private func scrolled(_ manager: BaseListManager, to generator: any RowGenerator) throws -> (ListBaseAdapter, WindowHost) {
        let (adapter, host) = present(manager)
        try adapter.scrollTo(generator, at: .first)
        host.settle()
        let adjustment = ScrollGeometry.vadjustment(adapter)
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 9)
        host.settle()
        return (adapter, host)
    }

    /// The generator with diff id `id` in the manager.
    private func generator(_ id: String, in manager: BaseListManager) -> (any RowGenerator)? {
        manager.flatGenerators.first { $0.diffID == AnyHashable(id) }
    }

    func testTheSavedPositionNamesTheFirstRowOnScreenAndItsOffset() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let rows = rows(3_000)
            try manager.add(rows)
            let (adapter, host) = try scrolled(manager, to: rows[1_500])
            defer { host.destroy() }
            let saved = try XCTUnwrap(adapter.scrollPosition)
            let first = try XCTUnwrap(ScrollGeometry.firstVisible(adapter, near: 1_300..<1_700))
            XCTAssertEqual(saved.id, first.generator.diffID)
            XCTAssertEqual(saved.role, .row)
            XCTAssertEqual(saved.offset, first.y, accuracy: 0.5)
            XCTAssertEqual(saved.position, manager.position(of: first.generator))
        }
    }

    func testRestoreAfterAWholeNewStateOfNewInstances() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(5_000))
            let (adapter, host) = try scrolled(manager, to: manager.flatGenerators[2_500])
            defer { host.destroy() }
            let saved = try XCTUnwrap(adapter.scrollPosition)
            // New instances with the same ids, 300 new rows in front, then scrolled away.
            try manager.setState([Section(rows: rows(300, prefix: "front") + rows(5_000))])
            adapter.scrollTo(position: 0)
            host.settle()
            XCTAssertTrue(adapter.restore(saved))
            host.settle()
            let row = try XCTUnwrap(generator("\(saved.id)", in: manager))
            let y = try XCTUnwrap(ScrollGeometry.bounds(of: row, in: adapter)?.y)
            XCTAssertEqual(y, saved.offset, accuracy: 1)
            XCTAssertEqual(adapter.scrollPosition?.id, saved.id)
        }
    }

    func testRestoreInANewAdapterOverANewManager() async throws {
        try await forEachViewKind { _ in
            var saved: ScrollPosition?
            do {
                let manager = BaseListManager()
                try manager.add(rows(4_000))
                let (adapter, host) = try scrolled(manager, to: manager.flatGenerators[3_100])
                saved = adapter.scrollPosition
                host.destroy()
            }
            let position = try XCTUnwrap(saved)
            let manager = BaseListManager()
            try manager.add(rows(4_000))
            let adapter = build(manager, plugins: [.selectable()])
            XCTAssertTrue(adapter.restore(position), "restored before the view is shown")
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            host.settle()
            let row = try XCTUnwrap(generator("\(position.id)", in: manager))
            XCTAssertEqual(try XCTUnwrap(ScrollGeometry.bounds(of: row, in: adapter)?.y), position.offset, accuracy: 1)
        }
    }

    func testRestoreFallsBackToTheNextRowThatWasOnScreen() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let rows = rows(3_000)
            try manager.add(rows)
            let (adapter, host) = try scrolled(manager, to: rows[2_000])
            defer { host.destroy() }
            let saved = try XCTUnwrap(adapter.scrollPosition)
            let first = try XCTUnwrap(generator("\(saved.id)", in: manager))
            let second = try XCTUnwrap(manager.store.generator(at: saved.position + 1))
            let secondY = try XCTUnwrap(ScrollGeometry.bounds(of: second, in: adapter)?.y)
            try manager.remove(first)
            adapter.scrollTo(position: 0)
            host.settle()
            XCTAssertTrue(adapter.restore(saved))
            host.settle()
            XCTAssertEqual(try XCTUnwrap(ScrollGeometry.bounds(of: second, in: adapter)?.y), secondY, accuracy: 1)
        }
    }

    func testRestoreWithNoSavedRowLeftUsesThePosition() async throws {
        let manager = BaseListManager()
        try manager.add(rows(3_000))
        let (adapter, host) = try scrolled(manager, to: manager.flatGenerators[1_000])
        defer { host.destroy() }
        let saved = try XCTUnwrap(adapter.scrollPosition)
        try manager.setState([Section(rows: rows(3_000, prefix: "other"))])
        adapter.scrollTo(position: 0)
        host.settle()
        XCTAssertFalse(adapter.restore(saved))
        host.settle()
        XCTAssertEqual(adapter.scrollPosition?.position, saved.position)
    }
}
