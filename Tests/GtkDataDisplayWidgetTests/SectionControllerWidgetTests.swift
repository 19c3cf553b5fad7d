import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// A section controller that logs every event of its rows, named by the rows' text.
@MainActor
final class LoggingController: SectionController {
    var log: [String] = []
    var selectable: Bool?
    var height: Int?
    init(selectable: Bool? = nil, height: Int? = nil) {
        self.selectable = selectable
        self.height = height
    }
    private func name(_ g: any RowGenerator) -> String {
        (g as? LabelRow)?.model ?? (g as? LabelHeader).map { "#" + $0.model } ?? "?"
    }
    func didSelect(_ generator: any RowGenerator) { log.append("select " + name(generator)) }
    func didDeselect(_ generator: any RowGenerator) { log.append("deselect " + name(generator)) }
    func didActivate(_ generator: any RowGenerator) { log.append("activate " + name(generator)) }
    func willDisplay(_ generator: any RowGenerator) { log.append("show " + name(generator)) }
    func didEndDisplay(_ generator: any RowGenerator) { log.append("hide " + name(generator)) }
    func isSelectable(_ generator: any RowGenerator) -> Bool? { selectable }
    func heightHint(for generator: any RowGenerator) -> Int? { height }
}

/// A label view whose rows are 48 pixels high.
final class TallLabelView: ConfigurableRowView, FixedHeightRowView {
    static let rowHeight = 48
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> TallLabelView { TallLabelView() }
    func configure(with text: String) { label.text = text }
}

/// Section controllers in a real list view: they hear their own rows' events only, and what they
/// decide (selectable, height) reaches GTK.
final class SectionControllerWidgetTests: WidgetTestCase {
    private func twoSections(_ manager: BaseListManager, a: LoggingController, b: LoggingController) throws -> ([LabelRow], [LabelRow]) {
        let ra = rows(3, prefix: "a"), rb = rows(3, prefix: "b")
        try manager.setState([Section(header: LabelHeader(model: "A", id: "A"), rows: ra, controller: a),
                              Section(header: LabelHeader(model: "B", id: "B"), rows: rb, controller: b)])
        return (ra, rb)
    }

    private func sizeRequest(of generator: any RowGenerator, in adapter: ListViewAdapter) throws -> (height: Int32, container: UnsafeMutablePointer<GtkWidget>) {
        let container = try XCTUnwrap(adapter.view(for: generator)?.widget.parent, "the row is bound")
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_get_size_request(container, &width, &height)
        return (height, container)
    }

    func testAControllerHearsTheSelectionAndActivationOfItsOwnRowsOnly() async throws {
        let manager = BaseListManager()
        let a = LoggingController(), b = LoggingController()
        let (ra, rb) = try twoSections(manager, a: a, b: b)
        let (adapter, host) = show(manager, selection: .single)
        defer { host.destroy() }
        a.log.removeAll(); b.log.removeAll()

        adapter.select(ra[1])
        XCTAssertEqual(a.log, ["select a 1"])
        XCTAssertEqual(b.log, [])
        adapter.select(rb[0])
        XCTAssertEqual(a.log, ["select a 1", "deselect a 1"])
        XCTAssertEqual(b.log, ["select b 0"])

        let position = try XCTUnwrap(manager.position(of: rb[2]))
        _ = gtk_widget_activate_action_variant(adapter.listView.widget, "list.activate-item", g_variant_new_uint32(guint32(position)))
        XCTAssertEqual(b.log.last, "activate b 2")
        XCTAssertFalse(a.log.contains { $0.hasPrefix("activate") })
    }

    func testAControllerHearsTheDisplayOfItsOwnRowsHeaderIncluded() async throws {
        let manager = BaseListManager()
        let a = LoggingController(), b = LoggingController()
        let (ra, _) = try twoSections(manager, a: a, b: b)
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        XCTAssertEqual(Set(a.log), ["show #A", "show a 0", "show a 1", "show a 2"])
        XCTAssertEqual(Set(b.log), ["show #B", "show b 0", "show b 1", "show b 2"])

        a.log.removeAll(); b.log.removeAll()
        try manager.remove(ra[1])
        host.settle()
        adapter.flushUnbinds()
        XCTAssertEqual(a.log, ["hide a 1"])
        XCTAssertEqual(b.log, [])
    }

    func testAControllerRefusingSelectionMakesItsRowsUnselectable() async throws {
        let manager = BaseListManager()
        let a = LoggingController(selectable: false), b = LoggingController()
        let (ra, rb) = try twoSections(manager, a: a, b: b)
        let (adapter, host) = show(manager, selection: .multiple)
        defer { host.destroy() }

        adapter.select(ra[0])
        XCTAssertFalse(adapter.isSelected(ra[0]))
        let position = try XCTUnwrap(manager.position(of: ra[1]))
        gtk_selection_model_select_item(adapter.selectionModel.pointer, guint(position), 0)   // straight on GTK's model
        XCTAssertFalse(adapter.isSelected(position: position))

        adapter.selectAll()
        XCTAssertEqual(adapter.selectedGenerators.map { ObjectIdentifier($0) }, rb.map { ObjectIdentifier($0) })
        XCTAssertFalse(a.log.contains { $0.hasPrefix("select") })
        XCTAssertEqual(b.log.filter { $0.hasPrefix("select") }.count, 3)
    }

    /// A manager with one section, header "A" over three rows, shown with multiple selection.
    private func showSectionA() throws -> (BaseListManager, [LabelRow], LabelHeader, ListViewAdapter, WindowHost) {
        let manager = BaseListManager()
        let ra = rows(3, prefix: "a")
        let h = LabelHeader(model: "A", id: "A")
        try manager.setState([Section(header: h, rows: ra)])
        let (adapter, host) = show(manager, selection: .multiple)
        return (manager, ra, h, adapter, host)
    }

    func testAControllerSetLaterReachesTheRowsShown() async throws {
        let (manager, ra, h, adapter, host) = try showSectionA()
        defer { host.destroy() }
        try manager.setController(LoggingController(selectable: false, height: 60), forSectionWith: h)
        host.settle()
        adapter.selectAll()
        XCTAssertEqual(adapter.selectedCount, 0)
        XCTAssertEqual(try sizeRequest(of: ra[0], in: adapter).height, 60)

        try manager.setController(nil, forSectionWith: h)
        host.settle()
        XCTAssertEqual(try sizeRequest(of: ra[0], in: adapter).height, -1, "the hint is dropped with the controller")
        adapter.selectAll()
        XCTAssertEqual(adapter.selectedCount, 3)
    }

    /// Set inside a batch, the controller reaches the rows shown when the batch ends (its rows are
    /// rebound then, as outside a batch at once).
    func testAControllerSetInsideABatchReachesTheRowsShownAtItsEnd() async throws {
        let (manager, ra, h, adapter, host) = try showSectionA()
        defer { host.destroy() }
        let added = rows(1, prefix: "b")
        try manager.batch { () throws(DataDisplayError) in
            try manager.setController(LoggingController(selectable: false, height: 60), forSectionWith: h)
            try manager.add(added, toSectionWith: h)
        }
        host.settle()
        XCTAssertEqual(try sizeRequest(of: ra[0], in: adapter).height, 60)
        adapter.selectAll()
        XCTAssertEqual(adapter.selectedCount, 0)
    }

    func testANewControllerInAWholeStateRebindsTheSectionsShownRowsOnce() async throws {
        let manager = BaseListManager()
        let ra = rows(3, prefix: "a")
        try manager.setState([Section(header: LabelHeader(model: "A", id: "A"), rows: ra)])
        let (adapter, host) = show(manager, selection: .multiple)
        defer { host.destroy() }
        adapter.resetStatistics()

        let changed = LabelRow(model: "a 0 changed", id: ra[0].diffID)
        try manager.setState([Section(header: LabelHeader(model: "A", id: "A"), rows: [changed, ra[1], ra[2]],
                                      controller: LoggingController(selectable: false, height: 50))])
        host.settle()
        XCTAssertEqual(adapter.statistics.binds, 4, "header and three rows, the changed one once")
        XCTAssertEqual(try sizeRequest(of: ra[1], in: adapter).height, 50)
        adapter.selectAll()
        XCTAssertEqual(adapter.selectedCount, 0)
    }

    func testHeightHintsReachTheRowWidgetsSizeRequest() async throws {
        let manager = BaseListManager()
        let a = LoggingController(height: 64)
        let ra = rows(2, prefix: "a")
        let tall = BaseRowGenerator<TallLabelView>(model: "tall", id: "tall")
        let plain = LabelRow(model: "plain", id: "plain")
        try manager.setState([Section(header: LabelHeader(model: "A", id: "A"), rows: ra, controller: a),
                              Section(rows: [tall, plain])])
        let (adapter, host) = show(manager)
        defer { host.destroy() }

        let hinted = try sizeRequest(of: ra[0], in: adapter)
        XCTAssertEqual(hinted.height, 64)
        XCTAssertGreaterThanOrEqual(gtk_widget_get_height(hinted.container), 64, "GTK gave the row the height it asked for")
        XCTAssertEqual(try sizeRequest(of: tall, in: adapter).height, 48, "FixedHeightRowView's height")
        XCTAssertGreaterThanOrEqual(gtk_widget_get_height(try sizeRequest(of: tall, in: adapter).container), 48)
        XCTAssertEqual(try sizeRequest(of: plain, in: adapter).height, -1, "no hint: the natural height")
    }

    func testControllersAndTheirRowsLeaveNothingBehind() async throws {
        let rowsBefore = Diagnostics.liveRowObjects
        weak var weakController: LoggingController?
        do {
            let manager = BaseListManager()
            let a = LoggingController()
            weakController = a
            _ = try twoSections(manager, a: a, b: LoggingController())
            let (adapter, host) = show(manager, selection: .multiple)
            adapter.selectAll()
            host.destroy()
        }
        MainContext.drain()
        XCTAssertNil(weakController)
        XCTAssertEqual(Diagnostics.liveRowObjects, rowsBefore)
    }
}
