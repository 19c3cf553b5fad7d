import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Selection and activation through the real selection model and list view.
final class SelectionTests: WidgetTestCase {
    func testHeaderRowCannotBeSelected() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let h = LabelHeader(model: "H")
            let r = rows(5)
            try manager.addSection(header: h, rows: r, footer: LabelFooter(model: "F"))
            let (adapter, host) = present(manager, selection: .single)
            defer { host.destroy() }

            adapter.select(r[1])
            gtk_selection_model_select_item(adapter.selectionModel.pointer, 0, 1)   // the header, straight on the model
            host.settle()
            XCTAssertFalse(adapter.isSelected(position: 0))
            XCTAssertTrue(adapter.isSelected(position: 2), "the previous selection is restored")

            gtk_selection_model_select_item(adapter.selectionModel.pointer, 6, 1)   // the footer
            XCTAssertFalse(adapter.isSelected(position: 6))
        }
    }

    func testHeaderRowsAreNotSelectableInMultipleSelectionEither() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.addSection(header: LabelHeader(model: "A"), rows: rows(3))
            try manager.addSection(header: LabelHeader(model: "B"), rows: rows(3, prefix: "b"))
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            gtk_selection_model_select_all(adapter.selectionModel.pointer)
            XCTAssertEqual(adapter.selectedGenerators.count, 6)
            XCTAssertFalse(adapter.selectedGenerators.contains { $0 is LabelHeader })
        }
    }

    func testSelectEventsFirePerGeneratorInSingleMode() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(4)
            try manager.add(r)
            let (adapter, host) = present(manager, selection: .single)
            defer { host.destroy() }
            var log: [String] = []
            for g in r {
                g.didSelectEvent += { log.append("select \(g.model)") }
                g.didDeselectEvent += { log.append("deselect \(g.model)") }
            }
            adapter.select(r[1])
            adapter.select(r[3])
            XCTAssertEqual(log, ["select row 1", "deselect row 1", "select row 3"])
        }
    }

    func testDeselectAfterSelect() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(3)
            r[0].isNeedDeselect = true
            try manager.add(r)
            let (adapter, host) = present(manager, selection: .single)
            defer { host.destroy() }
            var selected = 0
            r[0].didSelectEvent += { selected += 1 }
            adapter.select(r[0])
            XCTAssertEqual(selected, 1)
            XCTAssertFalse(adapter.isSelected(position: 0))
        }
    }

    func testActivationReachesRowsButNotHeaders() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let r = rows(3)
            try manager.addSection(header: LabelHeader(model: "H"), rows: r)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            var activated: [String] = []
            adapter.didActivate += { activated.append(($0 as? LabelRow)?.model ?? "header") }
            var rowEvent = 0
            r[1].didActivateEvent += { rowEvent += 1 }
            for position: UInt32 in [0, 2] {
                _ = gtk_widget_activate_action_variant(adapter.rowsView,
                                                       "list.activate-item", g_variant_new_uint32(position))
            }
            XCTAssertEqual(activated, ["row 1"])
            XCTAssertEqual(rowEvent, 1)
        }
    }
}
