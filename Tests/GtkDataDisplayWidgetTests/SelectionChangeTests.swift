import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The selection API: one `selectionChanged` per change, O(selected) reads, changes by generator,
/// selection that follows rows across whole-state updates, and a mode that changes at run time.
final class SelectionChangeTests: WidgetTestCase {
    private func names(_ generators: [any RowGenerator]) -> [String] {
        generators.map { ($0 as? LabelRow)?.model ?? "?" }
    }

    func testOneChangeEventPerChangeWithWhatWasAddedAndRemoved() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(5)
            try manager.addSection(header: LabelHeader(model: "H"), rows: r)
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            var changes: [([String], [String])] = []
            adapter.selectionChanged += { changes.append((self.names($0.selected), self.names($0.deselected))) }
            adapter.select([r[1], r[3]])
            adapter.deselect(r[1])
            adapter.select(r[4])
            adapter.unselectAll()
            XCTAssertEqual(changes.map(\.0), [["row 1", "row 3"], [], ["row 4"], []])
            XCTAssertEqual(changes.map(\.1), [[], ["row 1"], [], ["row 3", "row 4"]])
            XCTAssertEqual(adapter.selectedCount, 0)
        }
    }

    func testSelectAllSkipsHeadersAndTheListenerReadsTheCountInOneEvent() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.addSection(header: LabelHeader(model: "A"), rows: rows(300))
            try manager.addSection(header: LabelHeader(model: "B"), rows: rows(200, prefix: "b"), footer: LabelFooter(model: "F"))
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            var counts: [Int] = []
            adapter.selectionChanged += { [unowned adapter] _ in counts.append(adapter.selectedCount) }
            adapter.selectAll()
            XCTAssertEqual(counts, [500])
            XCTAssertFalse(adapter.selectedGenerators.contains { !($0 is LabelRow) })
            // GTK's own select-all (Ctrl+A) selects headers too; they are taken out again.
            adapter.unselectAll()
            counts = []
            _ = gtk_widget_activate_action_variant(adapter.rowsView, "list.select-all", nil)
            XCTAssertEqual(counts, [500])
            XCTAssertEqual(adapter.selectedCount, 500)
            XCTAssertFalse(adapter.isSelected(position: 0))
        }
    }

    func testARowThatLeavesWhileSelectedIsReportedDeselected() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: rows(6))])
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            let shown = manager.flatGenerators
            adapter.select([shown[1], shown[2]])
            var gone: [String] = []
            var rowEvents = 0
            (shown[2] as! LabelRow).didDeselectEvent += { rowEvents += 1 }
            adapter.selectionChanged += { gone += self.names($0.deselected) }
            try manager.setState([Section(rows: rows(6).filter { $0.model != "row 2" })])
            XCTAssertEqual(gone, ["row 2"])
            XCTAssertEqual(rowEvents, 1)
            XCTAssertEqual(adapter.selectedCount, 1)
            try manager.remove(manager.flatGenerators[1])   // a single operation too
            XCTAssertEqual(gone, ["row 2", "row 1"])
            XCTAssertEqual(adapter.selectedCount, 0)
        }
    }

    func testSelectionFollowsTheDiffIDAcrossWholeStateUpdates() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: rows(1_000))])
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            adapter.select([manager.flatGenerators[0], manager.flatGenerators[5]])
            var events = 0
            adapter.selectionChanged += { _ in events += 1 }
            // New instances, and "row 0" moves far (a remove and an insert in different splices).
            var next = rows(1_000)
            next.append(next.removeFirst())
            try manager.setState([Section(rows: next)])
            host.settle()
            XCTAssertTrue(adapter.isSelected(next.last!))
            XCTAssertTrue(adapter.isSelected(next[4]))
            XCTAssertEqual(adapter.selectedCount, 2)
            XCTAssertEqual(names(adapter.selectedGenerators), ["row 5", "row 0"])
            XCTAssertEqual(events, 0, "nothing changed for the user")
        }
    }

    func testTheSelectionModeChangesAtRunTime() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(5)
            try manager.add(r)
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            let view = adapter.itemView
            adapter.select([r[0], r[2], r[4]])
            var deselected: [String] = []
            adapter.selectionChanged += { deselected += self.names($0.deselected) }
            adapter.selectionMode = .single
            XCTAssertEqual(names(adapter.selectedGenerators), ["row 4"], "single keeps the row selected last")
            XCTAssertEqual(deselected, ["row 0", "row 2"])
            adapter.select(r[1])
            XCTAssertEqual(names(adapter.selectedGenerators), ["row 1"])
            adapter.selectionMode = .none
            XCTAssertEqual(adapter.selectedCount, 0)
            adapter.select(r[3])
            XCTAssertEqual(adapter.selectedCount, 0)
            adapter.selectionMode = .multiple
            adapter.select([r[0], r[1]])
            XCTAssertEqual(adapter.selectedCount, 2)
            XCTAssertEqual(adapter.itemView, view, "the same view")
            host.settle()
            XCTAssertNotNil(adapter.view(for: r[0]), "rows stay bound")
        }
    }
}
