import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The scroll anchor at 100k rows, on a real list and grid: rows inserted or removed above the
/// first row on screen leave that row where it was (the same row, its top edge within 1 px), by
/// single operations and by `setState`. Measured on the real widgets and adjustment.
final class ScrollAnchorTests: WidgetTestCase {
    /// 100 sections of 1,000 rows under headers: 100,100 rows in the store.
    private func hundredThousand() -> (BaseListManager, [LabelHeader], [[LabelRow]]) {
        let headers = (0..<100).map { LabelHeader(model: "Section \($0)", id: "h\($0)") }
        let rows = (0..<100).map { self.rows(1_000, prefix: "s\($0)") }
        let manager = BaseListManager()
        try! manager.setState(zip(headers, rows).map { Section(header: $0, rows: $1) })
        return (manager, headers, rows)
    }

    /// Shows `manager` scrolled so that the row at about `position` is the first on screen, 7 px
    /// of it scrolled out above.
    private func presentScrolled(_ manager: BaseListManager, to generator: any RowGenerator) throws -> (ListBaseAdapter, WindowHost) {
        let (adapter, host) = present(manager)
        try adapter.scrollTo(generator, at: .first)
        host.settle()
        let adjustment = ScrollGeometry.vadjustment(adapter)
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 7)
        host.settle()
        return (adapter, host)
    }

    /// Runs `change`, lets GTK lay it out, and checks that the first row on screen before it (found
    /// near `onScreen`, a row known to be on screen) is still first (a list) or still on the first
    /// line (a grid), its top edge within 1 px; and that the change happened above it (its position
    /// moved by `shift`). Returns that row.
    @discardableResult
    private func assertAnchorHolds(_ adapter: ListBaseAdapter, _ host: WindowHost, near onScreen: any RowGenerator,
                                   shift: Int, _ what: String, change: () throws -> Void) throws -> any RowGenerator {
        let manager = adapter.manager
        let position = try XCTUnwrap(manager.position(of: onScreen))
        let before = try XCTUnwrap(ScrollGeometry.firstVisible(adapter, near: (position - 200)..<(position + 200)), what)
        let first = try XCTUnwrap(manager.position(of: before.generator))
        XCTAssertLessThan(before.y, 0, "\(what): the first row is partly scrolled out")
        let valueBefore = gtk_adjustment_get_value(ScrollGeometry.vadjustment(adapter))
        try change()
        host.settle()
        let moved = try XCTUnwrap(manager.position(of: before.generator), what)
        XCTAssertEqual(moved - first, shift, "\(what): the change was above the first row on screen")
        let y = try XCTUnwrap(ScrollGeometry.bounds(of: before.generator, in: adapter)?.y, "\(what): still bound")
        XCTAssertEqual(y, before.y, accuracy: 1, "\(what): its top edge stays")
        let after = try XCTUnwrap(ScrollGeometry.firstVisible(adapter, near: (moved - 200)..<(moved + 200)), what)
        if viewKind == .list {
            XCTAssertTrue(after.generator === before.generator, "\(what): the same row is first on screen (now \(after.generator.diffID))")
        } else {
            XCTAssertEqual(after.y, y, accuracy: 1, "\(what): the tile stays on the first line on screen")
        }
        if viewKind == .list {   // (a grid's tile may stay on its line: then nothing scrolls)
            XCTAssertGreaterThan(abs(gtk_adjustment_get_value(ScrollGeometry.vadjustment(adapter)) - valueBefore), 0.5,
                                 "\(what): the adjustment followed the rows")
        }
        return before.generator
    }

    func testSingleInsertsAndRemovesAboveTheFirstRowOnScreenDoNotMoveIt() async throws {
        try await forEachViewKind { _ in
            let (manager, headers, rows) = hundredThousand()
            let (adapter, host) = try presentScrolled(manager, to: rows[50][0])
            defer { host.destroy() }
            var onScreen: any RowGenerator = rows[50][0]
            onScreen = try assertAnchorHolds(adapter, host, near: onScreen, shift: 10, "insert 10 above") {
                try manager.insert(self.rows(10, prefix: "new"), before: rows[3][5])
            }
            onScreen = try assertAnchorHolds(adapter, host, near: onScreen, shift: -7, "remove 7 above") {
                try manager.remove(Array(rows[2][100..<107]))
            }
            try assertAnchorHolds(adapter, host, near: onScreen, shift: -1_001, "remove a section above") {
                try manager.removeSection(with: headers[10])
            }
        }
    }

    func testWholeStateUpdatesThatInsertOrRemoveAboveDoNotMoveTheFirstRowOnScreen() async throws {
        try await forEachViewKind { _ in
            let (manager, headers, rows) = hundredThousand()
            let (adapter, host) = try presentScrolled(manager, to: rows[60][500])
            defer { host.destroy() }
            var state = manager.sections
            var onScreen: any RowGenerator = rows[60][500]
            onScreen = try assertAnchorHolds(adapter, host, near: onScreen, shift: 25 + 4, "setState inserting above") {
                state[10].rows.insert(contentsOf: self.rows(25, prefix: "a"), at: 3)
                state.insert(Section(header: LabelHeader(model: "Extra", id: "extra"), rows: self.rows(3, prefix: "x")), at: 20)
                try manager.setState(state)
            }
            onScreen = try assertAnchorHolds(adapter, host, near: onScreen, shift: -(1_001 + 40), "setState removing above") {
                state.removeAll { $0.header === headers[5] }
                state[29].rows.removeSubrange(0..<40)
                try manager.setState(state)
            }
            try assertAnchorHolds(adapter, host, near: onScreen, shift: 3, "setState inserting above and changing a row below") {
                state[0].rows.insert(contentsOf: self.rows(3, prefix: "b"), at: 0)
                let shown = state.firstIndex { $0.header === headers[60] }!
                state[shown].rows[510] = LabelRow(model: "changed", id: "changed")
                try manager.setState(state)
            }
        }
    }
}
