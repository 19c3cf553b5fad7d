import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A whole-state update that takes rows out of the realised range and brings others in lends the
/// leaving rows' objects to the entering rows: GTK keeps its list items (no setup, no teardown) and
/// each cell rebinds to the row it shows now. Rows a selection holds keep their objects.
final class RowRecyclingTests: WidgetTestCase {
    /// Letter sections of `count` rows each, new generator instances; `keep` picks the rows.
    private func sections(_ letters: String, count: Int, keep: (Int) -> Bool = { _ in true }) -> [Section] {
        letters.enumerated().compactMap { s, letter in
            let rows = (0..<count).filter(keep).map { LabelRow(model: "\(letter) \($0)", id: "\(letter) \($0)") }
            return rows.isEmpty ? nil : Section(header: LabelHeader(model: String(letter), id: "header \(letter)"), rows: rows)
        }
    }

    /// Every bound row's view shows its generator's model, and the store holds `target` in order.
    private func checkScreen(_ adapter: ListBaseAdapter, _ manager: BaseListManager, target: [Section],
                             _ step: String) throws {
        let expected = target.flatMap { [$0.header].compactMap { $0 } + $0.rows }
        XCTAssertEqual(manager.store.count, expected.count, step)
        for (position, generator) in expected.enumerated() {
            XCTAssertTrue(manager.store.generator(at: position) === generator, "\(step): position \(position)")
        }
        let bound = boundGenerators(adapter)
        XCTAssertFalse(bound.isEmpty, step)
        for generator in bound {
            if let row = generator as? LabelRow {
                let view = try XCTUnwrap(adapter.view(for: row) as? LabelRowView, step)
                XCTAssertEqual(view.text, row.model, "\(step): a list item shows a stale row")
            }
        }
    }

    /// A sort order turned round (one splice over the whole list, every row re-added): the view shows
    /// rows after each update, each cell its own. GTK 4.8 follows the row it anchors the view on to
    /// wherever the update takes it, and after the first reversal here it drew nothing at all until
    /// the next scroll (the adapter now brings such a view back to the first row that was on screen).
    func testAReversedListStillShowsRows() async throws {
        try await forEachViewKind { kind in
            let manager = BaseListManager()
            let rows = (0..<2_000).map { LabelRow(model: "row \($0)", id: "row \($0)") }
            try manager.setState([Section(rows: rows)])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            host.settle()
            for (step, order) in [Array(rows.reversed()), rows, Array(rows.reversed())].enumerated() {
                let fresh = order.map { LabelRow(model: $0.model, id: $0.model) }
                try manager.setState([Section(rows: fresh)])
                host.settle()
                let first = try XCTUnwrap(adapter.scrollPosition, "\(kind) step \(step): no row on screen")
                XCTAssertTrue(manager.store.generator(at: first.position) === fresh[first.position], "\(kind) step \(step)")
                try checkScreen(adapter, manager, target: [Section(rows: fresh)], "\(kind) step \(step)")
            }
        }
    }

    func testFilterAndRestoreKeepListItems() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            // One section, and a filter leaving more rows than the view realises: every row entering
            // the realised range finds a row of its kind leaving it.
            let full = sections("A", count: 2_000)
            try manager.setState(full)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            host.settle()
            let realised = boundGenerators(adapter).count

            for cycle in 0..<3 {
                adapter.resetStatistics()
                let filtered = sections("A", count: 2_000) { $0 % 4 == 3 }
                try manager.setState(filtered)
                host.settle()
                XCTAssertEqual(manager.lastUpdate?.splices, 1)
                XCTAssertEqual(boundGenerators(adapter).count, realised)
                XCTAssertEqual(adapter.statistics.setups, 0, "cycle \(cycle): filtering made new list items")
                XCTAssertEqual(adapter.statistics.teardowns, 0, "cycle \(cycle): filtering tore list items down")
                try checkScreen(adapter, manager, target: filtered, "filter \(cycle)")

                adapter.resetStatistics()
                let restored = sections("A", count: 2_000)
                try manager.setState(restored)
                host.settle()
                XCTAssertEqual(adapter.statistics.setups, 0, "cycle \(cycle): restoring made new list items")
                XCTAssertEqual(adapter.statistics.teardowns, 0, "cycle \(cycle): restoring tore list items down")
                XCTAssertEqual(boundGenerators(adapter).count, realised)
                try checkScreen(adapter, manager, target: restored, "restore \(cycle)")
            }
        }
    }

    /// A whole state of thousands of new rows makes their row objects a batch at a time; rows that
    /// borrow a leaving row's object leave the objects made for them, which are released.
    func testNewRowsBorrowingObjectsLeaveNoMadeObjectBehind() async throws {
        try await forEachViewKind { _ in
            let baseline = Diagnostics.liveRowObjects
            do {
                let manager = BaseListManager()
                try manager.setState([Section(rows: (0..<6_000).map { LabelRow(model: "old \($0)", id: $0) })])
                let (adapter, host) = present(manager)
                defer { host.destroy() }
                host.settle()
                // The first row stays (so the view keeps its place), every other id is new: the rows
                // leaving the realised range lend their objects to the rows entering it, the other
                // removed rows serve new rows too (`RemovedRowReuse`), and the rest, twice as many
                // rows as were removed, get objects made a batch at a time.
                let new = [LabelRow(model: "old 0", id: 0)] + (1..<12_000).map { LabelRow(model: "new \($0)", id: 10_000 + $0) }
                try manager.setState([Section(rows: new)])
                host.settle()
                XCTAssertEqual(manager.lastUpdate?.inserted, 11_999)
                XCTAssertGreaterThan(adapter.statistics.binds, 0)
                XCTAssertEqual(Diagnostics.liveRowObjects, baseline + manager.store.count, "every row object is a row's")
                try checkScreen(adapter, manager, target: [Section(rows: new)], "all new")
            }
        }
    }

    /// Rows removed outside the realised range serve the rows inserted by the same splice, those
    /// inside it or not: no row object is made, and every list item shows its own row.
    func testRowsRemovedOutsideTheViewServeInsertedRows() async throws {
        try await forEachViewKind { _ in
            Diagnostics.releaseSpareRowObjects()
            let manager = BaseListManager()
            let old = (0..<3_000).map { LabelRow(model: "old \($0)", id: $0) }
            try manager.setState([Section(rows: old)])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            host.settle()
            let live = Diagnostics.liveRowObjects
            let spare = Diagnostics.spareRowObjects
            let before = manager.store.objectAddresses
            // Rows 1..<1_000 (the realised ones among them) give way to 999 new rows: one splice.
            let new = [old[0]] + (1..<1_000).map { LabelRow(model: "new \($0)", id: 10_000 + $0) } + old[1_000...]
            try manager.setState([Section(rows: Array(new))])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.splices, 1)
            XCTAssertEqual(manager.lastUpdate?.inserted, 999)
            XCTAssertEqual(Diagnostics.liveRowObjects, live, "no row made or freed")
            XCTAssertEqual(Diagnostics.spareRowObjects, spare)
            XCTAssertTrue(Set(manager.store.objectAddresses[1..<1_000]) == Set(before[1..<1_000]), "the new rows have the removed rows' objects")
            try checkScreen(adapter, manager, target: [Section(rows: Array(new))], "replaced")
            // And back: the rows the view shows now are lent, the others reused.
            adapter.resetStatistics()
            let back = (0..<3_000).map { LabelRow(model: "again \($0)", id: $0) }
            try manager.setState([Section(rows: back)])
            host.settle()
            XCTAssertEqual(Diagnostics.liveRowObjects, live)
            try checkScreen(adapter, manager, target: [Section(rows: back)], "back")
        }
    }

    /// A box view of another manager (its own widget per row of that manager) does not stop this
    /// manager's rows from being lent and reused; a box view of this manager does: it keeps a
    /// widget per row, so each row keeps its object.
    func testOnlyABoxViewOfTheSameManagerStopsLending() async throws {
        try await forEachViewKind { kind in
            Diagnostics.releaseSpareRowObjects()
            let manager = BaseListManager(), other = BaseListManager()
            try other.setState([Section(rows: (0..<5).map { LabelRow(model: "other \($0)", id: $0) })])
            let elsewhere = BoxAdapter(manager: other)
            let old = (0..<3_000).map { LabelRow(model: "old \($0)", id: $0) }
            try manager.setState([Section(rows: old)])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            let boxHost = WindowHost(child: elsewhere.box)
            defer { boxHost.destroy() }
            host.settle()
            let live = Diagnostics.liveRowObjects
            let before = manager.store.objectAddresses
            adapter.resetStatistics()
            // Rows 1..<1_000 give way to 999 new rows: one splice, the realised ones lent.
            let new = [old[0]] + (1..<1_000).map { LabelRow(model: "new \($0)", id: 10_000 + $0) } + old[1_000...]
            try manager.setState([Section(rows: Array(new))])
            host.settle()
            XCTAssertEqual(Diagnostics.liveRowObjects, live, "\(kind): as many row objects alive as before (none left behind)")
            XCTAssertTrue(Set(manager.store.objectAddresses[1..<1_000]) == Set(before[1..<1_000]), "\(kind): the removed rows' objects")
            XCTAssertEqual(adapter.statistics.setups, 0, "\(kind): lent rows keep their list items")
            XCTAssertEqual(adapter.statistics.teardowns, 0, "\(kind)")
            try checkScreen(adapter, manager, target: [Section(rows: Array(new))], "\(kind) beside another manager's box")
            XCTAssertEqual(elsewhere.rowWidgets.count, 5, "\(kind): the other box keeps its rows")

            // A box view of this manager: every row keeps its own object.
            let here = BoxAdapter(manager: manager)
            let hereHost = WindowHost(child: here.box)
            defer { hereHost.destroy() }
            let kept = manager.store.objectAddresses
            // Held until compared: the object of a row that ends is freed, and a new row's could take its address.
            let held = (0..<manager.store.count).map { g_list_model_get_item(manager.store.listModel, guint($0))! }
            let back = [old[0]] + (1..<1_000).map { LabelRow(model: "back \($0)", id: $0) } + old[1_000...]
            try manager.setState([Section(rows: Array(back))])
            host.settle()
            XCTAssertTrue(Set(manager.store.objectAddresses[1..<1_000]).isDisjoint(with: kept[1..<1_000]),
                          "\(kind): with a box view of this manager, new rows get new objects")
            held.forEach { g_object_unref($0) }
            XCTAssertEqual(here.rowWidgets.count, back.count, "\(kind)")
            try checkScreen(adapter, manager, target: [Section(rows: Array(back))], "\(kind) beside its own box")
        }
    }

    func testSelectedRowKeepsItsObjectAndItsSelection() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let old = (0..<400).map { LabelRow(model: "row \($0)", id: $0) }
            try manager.setState([Section(rows: old)])
            let (adapter, host) = present(manager, selection: .single)
            defer { host.destroy() }
            host.settle()
            adapter.select(old[2])
            host.settle()

            // The first row stays; rows 1..<200 (the selected one among them) go down, reversed and
            // interleaved with rows from 200 on, which come up into the realised range: moves all
            // over the list, one splice, rows lent.
            var order = [0]
            for (up, down) in zip(200..<400, (1..<200).reversed()) { order += [up, down] }
            order.append(399)
            let reordered = order.map { LabelRow(model: "row \($0)", id: $0) }
            adapter.resetStatistics()
            try manager.setState([Section(rows: reordered)])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.splices, 1)
            XCTAssertGreaterThan(adapter.statistics.binds, 0)
            XCTAssertEqual(adapter.selectedGenerators.map(\.diffID), [AnyHashable(2)], "the selection stays with its row")
            try checkScreen(adapter, manager, target: [Section(rows: reordered)], "reordered")
        }
    }
}
