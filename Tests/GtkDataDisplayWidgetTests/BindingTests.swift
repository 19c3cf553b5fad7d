import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// What a realised GtkListView binds, counted through the adapter's factory.
final class BindingTests: WidgetTestCase {
    func testInitialFillBindsOnlyRowsAroundTheViewport() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.addSection(header: LabelHeader(model: "H"), rows: rows(5_000))
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            XCTAssertGreaterThan(adapter.statistics.binds, 10)
            XCTAssertLessThanOrEqual(adapter.statistics.binds, 250, "GTK 4.8 realises at most ~200 rows")
        }
    }

    func testUpdatingOneVisibleRowRebindsThatRowOnly() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(100)
            try manager.add(r)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            let visible = boundGenerators(adapter)
            XCTAssertTrue(visible.contains { $0 === r[3] })
            let counts = visible.map { (adapter.view(for: $0) as! LabelRowView).configureCount }
            adapter.resetStatistics()

            r[3].model = "changed"
            try manager.update(r[3])
            host.settle()

            XCTAssertEqual(adapter.statistics.binds, 1)
            XCTAssertEqual(adapter.statistics.rebinds, 1)
            XCTAssertEqual((adapter.view(for: r[3]) as! LabelRowView).text, "changed")
            for (g, before) in zip(visible, counts) where g !== r[3] {
                XCTAssertEqual((adapter.view(for: g) as! LabelRowView).configureCount, before)
            }
        }
    }

    func testWholeStateUpdateWithNoChangeBindsNothing() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(header: LabelHeader(model: "H", id: "h"), rows: rows(300))])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            adapter.resetStatistics()
            let recorder = ItemsChangedRecorder(manager.store)

            try manager.setState([Section(header: LabelHeader(model: "H", id: "h"), rows: rows(300))])
            host.settle()

            XCTAssertEqual(recorder.changes, [])
            XCTAssertEqual(adapter.statistics.binds, 0)
            XCTAssertEqual(adapter.statistics.unbinds, 0)
        }
    }

    func testWholeStateUpdateRebindsOnlyChangedVisibleRows() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: rows(1_000))])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            adapter.resetStatistics()

            var next = rows(1_000)
            next[2] = LabelRow(model: "row 2 changed", id: "row 2")
            next[5] = LabelRow(model: "row 5 changed", id: "row 5")
            next[900] = LabelRow(model: "row 900 changed", id: "row 900")  // not realised
            try manager.setState([Section(rows: next)])
            host.settle()

            XCTAssertEqual(adapter.statistics.binds, 2)
            XCTAssertEqual((adapter.view(for: next[5]) as! LabelRowView).text, "row 5 changed")
        }
    }

    func testMovedRowKeepsItsWidget() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(50)
            try manager.add(r)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            let view = try XCTUnwrap(adapter.view(for: r[2]))
            adapter.resetStatistics()

            try manager.move(r[2], after: r[8])
            host.settle()

            XCTAssertTrue(adapter.view(for: r[2]) === view)
            XCTAssertEqual(adapter.statistics.binds, 0)
            XCTAssertEqual(storeTextsPrefix(manager, 10), ["row 0", "row 1", "row 3", "row 4", "row 5", "row 6", "row 7", "row 8", "row 2", "row 9"])
        }
    }

    func testRowMovedByWholeStateUpdateKeepsItsWidget() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: rows(50))])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            let moved = manager.flatGenerators[4]
            let view = try XCTUnwrap(adapter.view(for: moved))
            adapter.resetStatistics()

            var next = rows(50)
            next.insert(next.remove(at: 4), at: 10)
            try manager.setState([Section(rows: next)])
            host.settle()

            XCTAssertTrue(adapter.view(for: next[10]) === view)
            XCTAssertEqual(manager.lastUpdate?.moves, 1)
            XCTAssertEqual(adapter.statistics.binds, 0)
        }
    }

    private func storeTextsPrefix(_ manager: BaseListManager, _ n: Int) -> [String] {
        manager.store.generators.prefix(n).map { ($0 as! LabelRow).model }
    }
}

/// GTK 4.8 sends unbind + bind on every position or selection change; the adapter absorbs the
/// pair when nothing about the row changed, and still completes real unbinds.
final class DeferredUnbindTests: WidgetTestCase {
    func testSelectingARowDoesNotRebindIt() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(20)
            try manager.add(r)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            let view = try XCTUnwrap(adapter.view(for: r[4]) as? LabelRowView)
            let configured = view.configureCount
            adapter.resetStatistics()
            adapter.select(r[4])
            adapter.select(r[5])
            host.settle()
            XCTAssertEqual(adapter.statistics.binds, 0)
            XCTAssertEqual(view.configureCount, configured)
        }
    }

    func testInsertAtTopDoesNotRebindShiftedRows() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(40)
            try manager.add(r)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            adapter.resetStatistics()
            try manager.insert(LabelRow(model: "new"), before: r[0])
            host.settle()
            XCTAssertEqual(adapter.statistics.binds, 1, "only the new row is bound")
        }
    }

    func testRemovedRowIsUnboundAndEndsDisplay() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(10)
            try manager.add(r)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            var ended = 0
            r[3].didEndDisplayEvent += { ended += 1 }
            try manager.remove(r[3])
            host.settle()
            XCTAssertEqual(ended, 1)
            XCTAssertNil(adapter.view(for: r[3]))
            XCTAssertGreaterThanOrEqual(adapter.statistics.unbinds, 1)
        }
    }
}
