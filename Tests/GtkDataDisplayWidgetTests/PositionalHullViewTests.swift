import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A whole-state update that replaces thousands of rows with one splice (a shuffle, a re-sort) is
/// shown in place: GTK keeps every list item where it is, each realised row rebinds once to the row
/// now at its position, and the view stays where it was scrolled. A selected row or a focused list
/// item keeps the update on the path that moves row objects with their ids.
final class PositionalHullViewTests: WidgetTestCase {
    private let count = 5_000

    private func rows(_ ids: [Int], version: Int = 0) -> [LabelRow] {
        ids.map { LabelRow(model: "row \($0) v\(version)", id: $0) }
    }

    /// `0 ..< n` in a seeded random order.
    private func shuffled(_ n: Int, seed: UInt64) -> [Int] {
        var order = Array(0..<n)
        var state = seed
        for i in stride(from: n - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            order.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
        }
        return order
    }

    /// A manager showing rows `0 ..< count` (the generators returned) in a presented view, laid out.
    private func presentRows(selection: SelectionMode = .single) throws -> (BaseListManager, [LabelRow], ListBaseAdapter, WindowHost) {
        let manager = BaseListManager()
        let old = rows(Array(0..<count))
        try manager.setState([Section(rows: old)])
        let (adapter, host) = present(manager, selection: selection)
        host.settle()
        return (manager, old, adapter, host)
    }

    /// Takes the keyboard focus out of the list, as a click on a sort button in the header bar does
    /// (GTK gives a shown window's list the focus, on its first row).
    private func focusElsewhere(_ host: WindowHost) {
        gtk_root_set_focus(OpaquePointer(host.window), nil)
        host.settle()
    }

    /// The store holds `target` in order and every bound row's view shows its own generator's model.
    private func checkScreen(_ adapter: ListBaseAdapter, _ manager: BaseListManager, _ target: [LabelRow], _ step: String) throws {
        XCTAssertTrue(manager.store.shows(target), "\(step): the store differs from the target")
        let bound = boundGenerators(adapter)
        XCTAssertFalse(bound.isEmpty, step)
        for generator in bound {
            let row = try XCTUnwrap(generator as? LabelRow, step)
            let view = try XCTUnwrap(adapter.view(for: row) as? LabelRowView, step)
            XCTAssertEqual(view.text, row.model, "\(step): a list item shows a stale row")
        }
    }

    func testAShuffleBindsOnlyTheRowsNewlyShownAndKeepsEveryListItem() async throws {
        try await forEachViewKind { kind in
            let (manager, _, adapter, host) = try presentRows()
            defer { host.destroy() }
            focusElsewhere(host)
            let items = manager.store.objectAddresses

            // A shuffle keeping the content (rows shown before and after keep their list items), a
            // reversal with new content (every shown row rebinds), back in order; then rows inserted
            // and deleted here and there (many splices, shown in place too: the longer list splices
            // its last rows in).
            var scattered = Array(0..<count)
            for k in stride(from: 7, to: count - 100, by: 97) { scattered.remove(at: k) }
            for k in stride(from: 3, to: scattered.count, by: 89) { scattered.insert(count + k, at: k) }
            let steps = [(shuffled(count, seed: 1), 0), (Array((0..<count).reversed()), 1), (Array(0..<count), 1),
                         (scattered, 1)]
            var version = 0
            for (step, (order, newVersion)) in steps.enumerated() {
                let shownBefore = Set(boundGenerators(adapter).map(\.diffID))
                adapter.resetStatistics()
                let target = rows(order, version: newVersion)
                try manager.setState([Section(rows: target)])
                host.settle()
                let shownAfter = boundGenerators(adapter).map(\.diffID)
                let newlyShown = newVersion == version ? shownAfter.filter { !shownBefore.contains($0) }.count : shownAfter.count
                version = newVersion
                let lengthSplices = order.count == count ? 0 : 1
                XCTAssertLessThanOrEqual(manager.lastUpdate?.splices ?? 9, 1 + lengthSplices, "\(kind) step \(step): the window's trade and the length")
                XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, count / 2, "\(kind) step \(step)")
                XCTAssertTrue(Set(items).isSubset(of: manager.store.objectAddresses), "\(kind) step \(step): the store keeps its items")
                XCTAssertEqual(adapter.statistics.setups, 0, "\(kind) step \(step): GTK made list items")
                XCTAssertEqual(adapter.statistics.teardowns, 0, "\(kind) step \(step): GTK tore list items down")
                XCTAssertEqual(adapter.statistics.binds, newlyShown, "\(kind) step \(step): binds are the rows newly shown")
                XCTAssertEqual(adapter.scrollPosition?.position, 0, "\(kind) step \(step): the view stays at the top")
                try checkScreen(adapter, manager, target, "\(kind) step \(step)")
            }
            // (The length changes where the last change is, 4,898: rows after it shift by five.)
            XCTAssertTrue(manager.store.objectAddresses[1_000..<4_800] == items[1_000..<4_800],
                          "\(kind): rows no view shows keep their items in place")
        }
    }

    /// The shown generators themselves in other orders (as `FilteredState.sort` gives them): the row
    /// objects pass the generators round with their references, and the window's list items keep
    /// the rows they showed. Every generator lives while it is shown, and goes when nothing shows it.
    func testAReSortOfTheShownGeneratorsPassesThemRoundAndKeepsTheListItems() async throws {
        try await forEachViewKind { kind in
            let manager: BaseListManager, adapter: ListBaseAdapter, host: WindowHost
            var old: [LabelRow]
            (manager, old, adapter, host) = try presentRows()
            defer { host.destroy() }
            focusElsewhere(host)
            let weak = old.map { WeakGenerator($0) }
            var shown = old
            for (step, order) in [shuffled(count, seed: 21), Array((0..<count).reversed()), shuffled(count, seed: 22),
                                  Array(0..<count)].enumerated() {
                let shownBefore = Set(boundGenerators(adapter).map(\.diffID))
                adapter.resetStatistics()
                shown = order.map { old[$0] }
                try manager.setState([Section(rows: shown)])
                host.settle()
                let newlyShown = boundGenerators(adapter).map(\.diffID).filter { !shownBefore.contains($0) }.count
                XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, count / 2, "\(kind) step \(step): shown in place")
                XCTAssertEqual(adapter.statistics.setups, 0, "\(kind) step \(step): GTK made list items")
                XCTAssertEqual(adapter.statistics.binds, newlyShown, "\(kind) step \(step): binds are the rows newly shown")
                try checkScreen(adapter, manager, shown, "\(kind) step \(step)")
            }
            old = []
            shown = []
            XCTAssertTrue(weak.allSatisfy { $0.generator != nil }, "\(kind): the rows hold every generator they show")
            manager.clear()
            host.settle()
            XCTAssertTrue(weak.allSatisfy { $0.generator == nil }, "\(kind): no generator is held once nothing shows it")
        }
    }

    /// A weak reference to a generator.
    private final class WeakGenerator {
        weak var generator: LabelRow?
        init(_ generator: LabelRow) { self.generator = generator }
    }

    func testAViewScrolledDownKeepsItsFirstRowOnScreen() async throws {
        try await forEachViewKind { kind in
            let (manager, _, adapter, host) = try presentRows()
            defer { host.destroy() }
            adapter.scrollTo(position: 3_000)
            host.settle()
            focusElsewhere(host)
            let first = try XCTUnwrap(adapter.scrollPosition?.position, kind.rawValue)
            XCTAssertGreaterThan(first, 2_000, kind.rawValue)

            // Its first row on screen moves: the rows keep their objects (GTK follows that row).
            let shuffledTarget = rows(shuffled(count, seed: 9))
            try manager.setState([Section(rows: shuffledTarget)])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.repurposed, 0, "\(kind): a scrolled view's first row moved")
            try checkScreen(adapter, manager, shuffledTarget, "\(kind) scrolled, shuffled")

            // Its first row on screen keeps its place, every other row moves: shown in place, and the
            // view stays on the rows around it.
            let firstNow = try XCTUnwrap(adapter.scrollPosition?.position, kind.rawValue)
            let keptID = try XCTUnwrap(manager.store.generator(at: firstNow)?.diffID.base as? Int)
            var order = shuffled(count, seed: 10)
            order.swapAt(firstNow, order.firstIndex(of: keptID)!)
            let target = rows(order)
            try manager.setState([Section(rows: target)])
            host.settle()
            XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, 0, "\(kind): shown in place")
            XCTAssertEqual(adapter.scrollPosition?.position, firstNow, "\(kind): the view stays at its rows")
            try checkScreen(adapter, manager, target, "\(kind) scrolled, first row kept")

            // Rows inserted above it and a few below (many splices): what it shows stays on screen.
            let firstRow = try XCTUnwrap(manager.store.generator(at: firstNow)?.diffID.base as? Int)
            var inserted = order
            for k in stride(from: 0, to: firstNow, by: 50) { inserted.insert(count + k, at: k) }
            inserted.insert(-1, at: firstNow + 2_000)
            let insertedTarget = rows(inserted)
            try manager.setState([Section(rows: insertedTarget)])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.repurposed, 0, "\(kind): its first row moved down")
            let shownFirst = try XCTUnwrap(adapter.scrollPosition?.position)
            XCTAssertEqual(manager.store.generator(at: shownFirst)?.diffID, AnyHashable(firstRow), "\(kind): the same first row")
            try checkScreen(adapter, manager, insertedTarget, "\(kind) scrolled, rows inserted above")
        }
    }

    func testASelectedRowKeepsItsObjectAndItsSelection() async throws {
        try await forEachViewKind { kind in
            let (manager, old, adapter, host) = try presentRows(selection: .single)
            defer { host.destroy() }
            adapter.select(old[2])
            host.settle()
            focusElsewhere(host)
            let selectedObject = manager.store.objectAddresses[2]

            let order = shuffled(count, seed: 4)
            let target = rows(order)
            try manager.setState([Section(rows: target)])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.repurposed, 0, "\(kind): a selection keeps rows with their objects")
            let position = try XCTUnwrap(order.firstIndex(of: 2))
            XCTAssertEqual(manager.store.objectAddresses[position], selectedObject, kind.rawValue)
            XCTAssertEqual(adapter.selectedGenerators.map(\.diffID), [AnyHashable(2)], "\(kind): the selection stays with its row")
            try checkScreen(adapter, manager, target, "\(kind) selected")
        }
    }

    func testAFocusedRowKeepsTheUpdateOnThePathThatMovesObjects() async throws {
        try await forEachViewKind([.list]) { _ in
            let (manager, old, adapter, host) = try presentRows()
            defer { host.destroy() }
            let view = try XCTUnwrap(adapter.view(for: old[1]))
            let container = try XCTUnwrap(view.widget.parent)
            let rowWidget = try XCTUnwrap(gtk_widget_get_parent(container))
            XCTAssertTrue(gtk_widget_grab_focus(rowWidget) != 0)
            host.settle()

            let target = rows(shuffled(count, seed: 6))
            try manager.setState([Section(rows: target)])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.repurposed, 0, "the focused row follows its id")
            try checkScreen(adapter, manager, target, "focused")

            // The focused row and the first row on screen keep their places (GTK followed the focused
            // row's neighbourhood), every other row moves: shown in place, the focus stays.
            let focusedID = try XCTUnwrap(adapter.focusedGenerator?.diffID.base as? Int)
            let focusedAt = try XCTUnwrap(manager.position(of: adapter.focusedGenerator!))
            let firstAt = try XCTUnwrap(adapter.scrollPosition?.position)
            let firstID = try XCTUnwrap(manager.store.generator(at: firstAt)?.diffID.base as? Int)
            var order = shuffled(count, seed: 8)
            for (position, id) in [(focusedAt, focusedID), (firstAt, firstID)] {
                order.swapAt(position, order.firstIndex(of: id)!)
            }
            let around = rows(order)
            try manager.setState([Section(rows: around)])
            host.settle()
            XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, 0, "shown in place")
            XCTAssertTrue(adapter.focusedGenerator === around[focusedAt], "the focus stays on its row")
            try checkScreen(adapter, manager, around, "focused row kept")
        }
    }

    func testARowWhoseMenuIsOpenKeepsItsObjectAndItsMenu() async throws {
        try await forEachViewKind([.list]) { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: (0..<count).map { MenuRow("row \($0)") })])
            let plugin = RowActionsPlugin.rowActions()
            let adapter = manager.listViewBuilder.add(plugin: plugin).build()
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            host.settle()
            focusElsewhere(host)
            let opened = try XCTUnwrap(manager.store.generator(at: 3))
            XCTAssertTrue(plugin.openMenu(for: opened))
            XCTAssertTrue(MainContext.iterate(until: { plugin.isMenuOpen }))

            // Every row moves while the menu is open: its row keeps its object, the menu its row.
            let order = shuffled(count, seed: 13)
            try manager.setState([Section(rows: order.map { MenuRow("row \($0)") })])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.repurposed, 0, "the menu's row is held")
            XCTAssertEqual(plugin.menuGenerator?.diffID, opened.diffID, "the menu is still its row's")
            plugin.closeMenu()
            XCTAssertTrue(MainContext.iterate(until: { !plugin.isMenuOpen }))

            // Closed, it holds nothing: with the view back at the top and the focus (which closing
            // gave back to the row) elsewhere, the next shuffle is shown in place.
            adapter.scrollTo(position: 0)
            host.settle()
            focusElsewhere(host)
            try manager.setState([Section(rows: shuffled(count, seed: 14).map { MenuRow("row \($0)") })])
            XCTAssertGreaterThan(manager.lastUpdate?.repurposed ?? 0, 0, "nothing held once the menu closed")
        }
    }
}
