import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A `SelectableItem` of the app's own, not a `BaseRowGenerator`: the library cannot watch its
/// events or `isNeedDeselect`, so every selection change must still visit it.
@MainActor
private final class CustomSelectableRow: RowGenerator, SelectableItem {
    let name: String
    let didSelectEvent = Event<Void>()
    let didDeselectEvent = Event<Void>()
    let didActivateEvent = Event<Void>()
    var isNeedDeselect = false
    var selectable = true

    init(_ name: String) { self.name = name }

    var isSelectable: Bool { selectable }
    var reuseIdentifier: ReuseIdentifier { .of(LabelRowView.self) }
    var diffID: AnyHashable { name }
    func makeView() -> any RowView { LabelRowView.make() }
    func bind(_ view: any RowView) { (view as! LabelRowView).configure(with: name) }
}

/// A row that is neither a `SelectableItem` nor selectable.
@MainActor
private final class PlainRow: RowGenerator {
    let name: String
    init(_ name: String) { self.name = name }
    var isSelectable: Bool { false }
    var reuseIdentifier: ReuseIdentifier { .of(LabelRowView.self) }
    var diffID: AnyHashable { name }
    func makeView() -> any RowView { LabelRowView.make() }
    func bind(_ view: any RowView) { (view as! LabelRowView).configure(with: name) }
}

/// Selection changes skip the per-row walk only when nobody can listen per row: every kind of
/// listener, `isNeedDeselect` and custom `SelectableItem` types still get their events, and the
/// change's counts and rows stay right either way.
final class SelectionDispatchTests: WidgetTestCase {
    private func name(_ generator: any RowGenerator) -> String {
        switch generator {
        case let row as LabelRow: return row.model
        case let row as CustomSelectableRow: return row.name
        case let row as PlainRow: return row.name
        default: return "?"
        }
    }

    /// The tests of changes nobody listens to per row must take the path without a row walk:
    /// nothing left over from other tests may make the library think someone listens.
    private func requireNoRowListeners(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(SelectionDispatch.rowsMayListen, "per-row listeners counted: \(SelectionDispatch.listenedEvents.load(ordering: .relaxed)) events, \(SelectionDispatch.needDeselectGenerators.load(ordering: .relaxed)) isNeedDeselect, \(SelectionDispatch.uncountedRows.load(ordering: .relaxed)) custom rows", file: file, line: line)
    }

    private func selectAllAction(_ adapter: ListBaseAdapter) {
        _ = gtk_widget_activate_action_variant(adapter.rowsView, "list.select-all", nil)
    }

    func testACustomSelectableItemGetsItsEventsOnSelectAllWithNobodyElseListening() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let custom = (0..<3).map { CustomSelectableRow("custom \($0)") }
            let deselecting = CustomSelectableRow("custom deselecting")
            deselecting.isNeedDeselect = true
            let r = rows(40)
            try manager.addSection(header: LabelHeader(model: "A"), rows: Array(r[0..<20]) + [custom[0], deselecting])
            try manager.addSection(header: LabelHeader(model: "B"), rows: [custom[1]] + Array(r[20...]) + [custom[2]],
                                   footer: LabelFooter(model: "F"))
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            var log: [String] = []
            for item in custom + [deselecting] {
                item.didSelectEvent += { log.append("+" + item.name) }
                item.didDeselectEvent += { log.append("-" + item.name) }
            }

            adapter.selectAll()
            XCTAssertEqual(log, ["+custom 0", "+custom deselecting", "+custom 1", "+custom 2", "-custom deselecting"])
            XCTAssertEqual(adapter.selectedCount, 43, "isNeedDeselect of a custom row is honoured")
            XCTAssertFalse(adapter.isSelected(deselecting))
            XCTAssertTrue(adapter.isSelected(custom[1]))

            log = []
            adapter.unselectAll()
            XCTAssertEqual(log, ["-custom 0", "-custom 1", "-custom 2"])

            log = []
            selectAllAction(adapter)    // GTK's Ctrl+A
            XCTAssertEqual(log, ["+custom 0", "+custom deselecting", "+custom 1", "+custom 2", "-custom deselecting"])
            XCTAssertEqual(adapter.selectedCount, 43)
        }
    }

    func testALibraryRowsOwnListenerFiresAndStopsWhenRemoved() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(100)
            try manager.addSection(header: LabelHeader(model: "H"), rows: r)
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            var selects = 0, deselects = 0
            r[42].didSelectEvent.addListener(key: "test") { selects += 1 }
            r[57].didDeselectEvent += { deselects += 1 }

            adapter.selectAll()
            adapter.unselectAll()
            XCTAssertEqual(selects, 1)
            XCTAssertEqual(deselects, 1)

            r[42].didSelectEvent.removeListener(key: "test")
            r[57].didDeselectEvent.clear()
            adapter.selectAll()
            adapter.unselectAll()
            XCTAssertEqual(selects, 1)
            XCTAssertEqual(deselects, 1)

            // Listeners added back are heard again.
            r[42].didSelectEvent += { selects += 1 }
            adapter.select([r[41], r[42]])
            XCTAssertEqual(selects, 2)
        }
    }

    func testAdapterListenersHearEveryRow() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(30)
            try manager.addSection(header: LabelHeader(model: "H"), rows: r, footer: LabelFooter(model: "F"))
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            var selected: [String] = [], deselected: [String] = []
            adapter.didSelect += { selected.append(self.name($0)) }
            adapter.didDeselect += { deselected.append(self.name($0)) }
            selectAllAction(adapter)
            XCTAssertEqual(selected, r.map(\.model))
            adapter.deselect([r[3], r[7]])
            XCTAssertEqual(deselected, ["row 3", "row 7"])
        }
    }

    func testIsNeedDeselectOnALibraryRowHoldsOnSelectAll() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(20)
            r[3].isNeedDeselect = true
            try manager.add(r)
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            adapter.selectAll()
            XCTAssertEqual(adapter.selectedCount, 19)
            XCTAssertFalse(adapter.isSelected(r[3]))
            XCTAssertTrue(adapter.isSelected(r[4]))

            r[3].isNeedDeselect = false
            adapter.unselectAll()
            adapter.selectAll()
            XCTAssertEqual(adapter.selectedCount, 20)
            XCTAssertTrue(adapter.isSelected(r[3]))
        }
    }

    func testDeselectAfterSelectPluginWithNobodyListening() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(50)
            try manager.addSection(header: LabelHeader(model: "H"), rows: r)
            let (adapter, host) = present(manager, plugins: [.selectable(.multiple, deselectAfterSelect: true)])
            defer { host.destroy() }
            requireNoRowListeners()
            var changes: [(Int, Int)] = []
            adapter.selectionChanged += { changes.append(($0.selectedCount, $0.deselectedCount)) }
            adapter.selectAll()
            XCTAssertEqual(changes.map(\.0), [50, 0])
            XCTAssertEqual(changes.map(\.1), [0, 50])
            XCTAssertEqual(adapter.selectedCount, 0)
        }
    }

    func testRowsThatCannotBeSelectedStayUnselectedAfterSelectAllAndCtrlA() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(10)
            let stubborn = CustomSelectableRow("custom unselectable")
            stubborn.selectable = false
            let plain = PlainRow("plain")
            try manager.addSection(header: LabelHeader(model: "A"), rows: Array(r[0..<4]) + [plain] + Array(r[4..<6]),
                                   footer: LabelFooter(model: "FA"))
            try manager.addSection(rows: [stubborn] + Array(r[6...]))
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            var fromChange: [[String]] = []
            var counts: [Int] = []
            adapter.selectionChanged += { [unowned adapter] change in
                fromChange.append(change.selected.map(self.name))
                counts.append(adapter.selectedCount)
            }
            for select in [{ adapter.selectAll() }, { self.selectAllAction(adapter) }] {
                fromChange = []
                counts = []
                select()
                XCTAssertEqual(fromChange, [r.map(\.model)])
                XCTAssertEqual(counts, [10])
                XCTAssertEqual(adapter.selectedGenerators.map(name), r.map(\.model))
                XCTAssertFalse(adapter.isSelected(plain))
                XCTAssertFalse(adapter.isSelected(stubborn))
                let flat = manager.flatGenerators
                for (position, generator) in flat.enumerated() {
                    XCTAssertEqual(adapter.isSelected(position: position), generator is LabelRow,
                                   "\(name(generator)) at \(position)")
                }
                adapter.unselectAll()
                XCTAssertEqual(adapter.selectedCount, 0)
            }
        }
    }

    func testAChangeKeptPastItsListenerStillNamesItsRows() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: rows(10))])
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            requireNoRowListeners()
            var kept: [SelectionChange] = []
            adapter.selectionChanged += { kept.append($0) }
            let shown = manager.flatGenerators
            adapter.select([shown[2], shown[3]])
            adapter.deselect(shown[2])
            // A weak reference to the row object of "row 3" (a row is its row object).
            let row3 = WeakObjectReference(try XCTUnwrap(manager.store.row(at: 3)).item)
            // The list changes under the kept changes: other rows now stand at those positions.
            try manager.setState([Section(rows: rows(4, prefix: "new") + rows(10).filter { $0.model != "row 3" })])
            XCTAssertEqual(kept.count, 3)
            guard kept.count == 3 else { return }
            XCTAssertEqual(kept[0].selected.map(name), ["row 2", "row 3"])
            XCTAssertEqual(kept[1].deselected.map(name), ["row 2"])
            XCTAssertEqual(kept[2].deselected.map(name), ["row 3"], "row 3 left while selected")
            XCTAssertEqual(kept[2].selectedCount, 0)
            XCTAssertEqual(adapter.selectedCount, 0)
            adapter.select(manager.flatGenerators[3])
            XCTAssertEqual(kept.last?.selected.map(name), ["new 3"])
            // The kept changes name generators, and hold no row: the row of "row 3", which left, is gone.
            host.settle()
            adapter.flushUnbinds()
            XCTAssertNil(row3.withObject { $0 }, "a kept change keeps a row that left alive")
        }
    }

    func testSelectedRowsLeavingAndMovingInOneUpdate() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(header: LabelHeader(model: "A", id: "A"), rows: rows(200)),
                                  Section(header: LabelHeader(model: "B", id: "B"), rows: rows(50, prefix: "b"))])
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            requireNoRowListeners()
            adapter.selectAll()
            XCTAssertEqual(adapter.selectedCount, 250)
            var reports: [(deselected: [String], count: Int, stillSelected: Bool)] = []
            var next = rows(200).filter { !["row 5", "row 7"].contains($0.model) }
            next.append(next.removeFirst())      // "row 0" moves to the end: removed and put back in different splices
            let keptRow = next.last!
            adapter.selectionChanged += { [unowned adapter] change in
                reports.append((change.deselected.map(self.name), adapter.selectedCount, adapter.isSelected(keptRow)))
            }
            try manager.setState([Section(header: LabelHeader(model: "A", id: "A"), rows: next),
                                  Section(header: LabelHeader(model: "B", id: "B"), rows: Array(rows(50, prefix: "b")[10...]))])
            host.settle()
            XCTAssertEqual(reports.flatMap(\.deselected).sorted(), (["row 5", "row 7"] + (0..<10).map { "b \($0)" }).sorted())
            XCTAssertTrue(reports.allSatisfy { $0.stillSelected }, "the moved row counts as selected throughout")
            XCTAssertEqual(reports.last?.count, 238)
            XCTAssertEqual(adapter.selectedCount, 238)
            XCTAssertTrue(adapter.isSelected(keptRow))
            XCTAssertEqual(adapter.selectedGenerators.count, 238)
            XCTAssertFalse(adapter.isSelected(position: 0))
        }
    }

    func testRowsRemovedBySingleOperationsAreReportedDeselectedInListOrder() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let a = LabelHeader(model: "A")
            let r = rows(8)
            try manager.addSection(header: a, rows: Array(r[0..<4]))
            try manager.addSection(header: LabelHeader(model: "B"), rows: Array(r[4...]), footer: LabelFooter(model: "F"))
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            var deselected: [[String]] = []
            var counts: [Int] = []
            var rowEvents = 0
            r[6].didDeselectEvent += { rowEvents += 1 }
            adapter.selectionChanged += { [unowned adapter] change in
                deselected.append(change.deselected.map(self.name))
                counts.append(adapter.selectedCount)
            }
            adapter.select([r[1], r[2], r[5], r[6]])
            deselected = []
            counts = []
            try manager.removeSection(with: a)
            XCTAssertEqual(deselected, [["row 1", "row 2"]])
            XCTAssertEqual(counts, [2])
            try manager.replace(r[5], with: LabelRow(model: "five", id: "five"))
            XCTAssertEqual(deselected.last, ["row 5"])
            manager.clear()
            XCTAssertEqual(deselected.last, ["row 6"])
            XCTAssertEqual(counts, [2, 1, 0])
            XCTAssertEqual(rowEvents, 1)
            XCTAssertEqual(adapter.selectedCount, 0)
            XCTAssertEqual(adapter.selectedGenerators.count, 0)
        }
    }

    func testIsSelectedFollowsEveryChange() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(30)
            try manager.add(r)
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            requireNoRowListeners()
            adapter.select(r[4])
            XCTAssertTrue(adapter.isSelected(r[4]))
            XCTAssertFalse(adapter.isSelected(r[5]))
            try manager.insert([LabelRow(model: "new", id: "new")], before: r[0])   // positions shift, rows do not
            XCTAssertTrue(adapter.isSelected(r[4]))
            XCTAssertEqual(adapter.selectedGenerators.map(name), ["row 4"])
            adapter.deselect(r[4])
            XCTAssertFalse(adapter.isSelected(r[4]))
            adapter.selectAll()
            XCTAssertTrue(r.allSatisfy { adapter.isSelected($0) })
            try manager.remove(r[10])
            XCTAssertFalse(adapter.isSelected(r[10]))
            XCTAssertEqual(adapter.selectedCount, 30)
            adapter.selectionMode = .single
            XCTAssertEqual(adapter.selectedCount, 1)
            XCTAssertEqual(adapter.selectedGenerators.map(name), ["row 29"])
            XCTAssertTrue(adapter.isSelected(r[29]))
            XCTAssertFalse(adapter.isSelected(r[0]))
        }
    }

    /// A selected row that leaves in a splice during which the app switches to multiple selection (a
    /// display event of a row the same splice adds) is reported as deselected then, and counted no
    /// more: the new model never sees that splice's end, so the switch sorts the rows it took out.
    func testARowThatLeavesWhileTheModeSwitchesMidSpliceIsToldAtOnce() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(10)
            try manager.add(r)
            let (adapter, host) = present(manager, selection: .single)
            defer { host.destroy() }
            adapter.select(r[3])
            var deselected: [String] = []
            adapter.selectionChanged += { deselected += $0.deselected.map(self.name) }
            let fresh = LabelRow(model: "fresh", id: "fresh")
            var switched = false
            fresh.willDisplayEvent += { [unowned adapter] in   // (the row, in the manager, holds its handlers)
                guard !switched else { return }
                switched = true
                adapter.selectionMode = .multiple
                XCTAssertEqual(adapter.selectionMode, .multiple, "the getter answers the mode set")
            }
            try manager.setState([Section(rows: Array(r[0..<3]) + [fresh] + Array(r[4...]))])
            XCTAssertTrue(switched, "the new row was not shown during the update")
            XCTAssertEqual(deselected, ["row 3"])
            XCTAssertEqual(adapter.selectedCount, 0)
            XCTAssertFalse(adapter.isSelected(r[3]))
            try manager.remove(r[0])
            XCTAssertEqual(deselected, ["row 3"], "a row that left was told again, or late")
            adapter.select(r[5])
            adapter.select(r[6])
            XCTAssertEqual(adapter.selectedGenerators.map(name), ["row 5", "row 6"], "the switch took place after the update")
        }
    }
}
