import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// Folding and activation in a box: a foldable row's children appear and disappear as box
/// children (the foldable keeps its widget), its expander button and a click on the row fold it,
/// and a click on an activatable row fires the activation events.
final class BoxFoldingTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: BoxAdapter!
    private var host: WindowHost!
    private var advanced: Folder!
    private var inner: Folder!

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        manager = nil
    }

    /// general ; advanced ─ (a, b, inner ─ (x, y)) ; last
    private func showTree(expanded: Bool = false) throws {
        inner = Folder(model: "inner", id: "inner", children: [LabelRow(model: "x", id: "x"), LabelRow(model: "y", id: "y")])
        advanced = Folder(model: "advanced", id: "advanced",
                          children: [LabelRow(model: "a", id: "a"), LabelRow(model: "b", id: "b"), inner], expanded: expanded)
        manager = BaseListManager()
        try manager.addSection(header: LabelHeader(model: "Settings", id: "h"),
                               rows: [LabelRow(model: "general", id: "general"), advanced, LabelRow(model: "last", id: "last")])
        adapter = BoxAdapter(manager: manager)
        host = WindowHost(child: adapter.box)
    }

    private func texts() -> [String] {
        adapter.rowWidgets.map { BoxChecks.shownText(inRowWidget: $0) ?? "?" }
    }

    /// The x of the view a row shows, in the box's coordinates.
    private func labelX(_ generator: any RowGenerator) throws -> Float {
        let view = try XCTUnwrap(adapter.view(for: generator))
        var bounds = graphene_rect_t()
        XCTAssertTrue(gtk_widget_compute_bounds(view.widget.pointer, adapter.box, &bounds) != 0)
        return bounds.origin.x
    }

    func testALeafChildStartsPastItsParentsExpander() async throws {
        try showTree(expanded: true)
        host.settle()
        let indent = Float(adapter.indentPerLevel)
        XCTAssertEqual(try labelX(manager.flatGenerators[3]), try labelX(advanced) + indent, accuracy: 0.5,
                       "a (a leaf child) starts one level right of its parent's title")
        XCTAssertEqual(try labelX(inner), try labelX(advanced) + indent, accuracy: 0.5, "as its folding sibling does")
        adapter.indentPerLevel = 30
        host.settle()
        XCTAssertEqual(try labelX(manager.flatGenerators[3]) - (try labelX(advanced)), 30, accuracy: 0.5)
    }

    func testExpandAndCollapseAddAndRemoveChildrenAroundKeptWidgets() async throws {
        try showTree()
        XCTAssertEqual(texts(), ["Settings", "general", "advanced", "last"])
        let folderWidget = adapter.rowWidget(for: advanced)
        var snapshot = BoxSnapshot(adapter)
        adapter.resetStatistics()
        try manager.expand(advanced)
        BoxChecks.assertMatches(adapter, "expand")
        snapshot.assertKept(adapter)
        XCTAssertEqual(texts(), ["Settings", "general", "advanced", "a", "b", "inner", "last"])
        XCTAssertEqual(adapter.statistics.viewsCreated, 3)
        XCTAssertEqual(adapter.rowWidget(for: advanced), folderWidget)
        XCTAssertEqual(gtk_widget_get_margin_start(adapter.rowWidget(for: inner)), Int32(adapter.indentPerLevel))

        snapshot = BoxSnapshot(adapter)
        try manager.expandSubtree(advanced)
        BoxChecks.assertMatches(adapter, "expandSubtree")
        snapshot.assertKept(adapter)
        XCTAssertEqual(texts(), ["Settings", "general", "advanced", "a", "b", "inner", "x", "y", "last"])
        XCTAssertEqual(gtk_widget_get_margin_start(adapter.rowWidget(for: manager.flatGenerators[6])), Int32(2 * adapter.indentPerLevel))

        snapshot = BoxSnapshot(adapter)
        adapter.resetStatistics()
        try manager.collapse(advanced)
        BoxChecks.assertMatches(adapter, "collapse")
        snapshot.assertKept(adapter)
        XCTAssertEqual(adapter.statistics.destroyed, 5)
        XCTAssertEqual(texts(), ["Settings", "general", "advanced", "last"])

        // Re-expanding restores the inner state (inner stays expanded).
        try manager.expand(advanced)
        BoxChecks.assertMatches(adapter, "expand again")
        XCTAssertEqual(texts(), ["Settings", "general", "advanced", "a", "b", "inner", "x", "y", "last"])

        try manager.collapseSubtree(advanced)
        BoxChecks.assertMatches(adapter, "collapseSubtree")
        XCTAssertFalse(inner.isExpanded)

        // setState may expand a kept foldable: its arrow turns, its widget stays.
        snapshot = BoxSnapshot(adapter)
        advanced.isExpanded = true
        try manager.setState(manager.sections)
        BoxChecks.assertMatches(adapter, "setState expanding")
        snapshot.assertKept(adapter)
    }

    func testExpandingAFoldableWithoutChildrenTurnsItsArrow() async throws {
        let empty = Folder(model: "empty", id: "empty", children: [])
        manager = BaseListManager()
        try manager.add([empty])
        adapter = BoxAdapter(manager: manager)
        host = WindowHost(child: adapter.box)
        try manager.expand(empty)
        BoxChecks.assertMatches(adapter, "expanded, no rows came")
        try manager.collapse(empty)
        BoxChecks.assertMatches(adapter, "collapsed")
    }

    func testTheExpanderButtonFolds() async throws {
        try showTree()
        let expander = try XCTUnwrap(adapter.expander(for: advanced))
        XCTAssertEqual(gtk_widget_get_focusable(expander), 1, "the keyboard reaches the expander")
        gtk_widget_activate(expander)    // what Space on the button does (clicked follows shortly)
        XCTAssertTrue(MainContext.iterate(until: { self.advanced.isExpanded }))
        BoxChecks.assertMatches(adapter, "after the expander")
        gtk_widget_activate(expander)
        XCTAssertTrue(MainContext.iterate(until: { !self.advanced.isExpanded }))
        BoxChecks.assertMatches(adapter, "after the expander again")
    }

    func testAClickOnARowActivatesItAndFoldsAFoldable() async throws {
        try showTree()
        host.settle()
        let general = manager.flatGenerators[1] as! LabelRow
        var activated: [String] = []
        var rowEvents = 0
        adapter.didActivate += { activated.append(BoxChecks.expectedText($0) ?? "?") }
        general.didActivateEvent += { rowEvents += 1 }

        try click(adapter.rowWidget(for: general)!)
        XCTAssertTrue(MainContext.iterate(until: { rowEvents == 1 }), "a click on the row activates it")
        XCTAssertEqual(activated, ["general"])

        try click(adapter.rowWidget(for: advanced)!)
        XCTAssertTrue(MainContext.iterate(until: { self.advanced.isExpanded }), "a click on a foldable row expands it")
        BoxChecks.assertMatches(adapter, "after the click")

        // Headers are not activatable.
        try click(adapter.rowWidget(for: manager.flatGenerators[0])!)
        host.settle()
        XCTAssertEqual(activated, ["general", "advanced"])
    }

    func testAClickOnAnInteractiveWidgetInARowDoesNotActivateTheRow() async throws {
        manager = BaseListManager()
        let row = BaseRowGenerator<SwitchOnlyView>(model: false, id: "switch")
        try manager.add([row])
        adapter = BoxAdapter(manager: manager)
        host = WindowHost(child: adapter.box)
        var activations = 0
        adapter.didActivate += { _ in activations += 1 }
        let view = try XCTUnwrap(adapter.view(for: row) as? SwitchOnlyView)
        try click(view.toggle.gtkWidget)
        XCTAssertTrue(MainContext.iterate(until: { view.toggle.isActive }), "the switch takes the click")
        host.settle()
        XCTAssertEqual(activations, 0, "the row is not activated by a click its switch took")
        // Beside the switch, the same row activates.
        try click(adapter.rowWidget(for: row)!, atX: 0.1)
        XCTAssertTrue(MainContext.iterate(until: { activations == 1 }))
    }

    /// A real pointer click (X events through xdotool) in the middle of `widget`.
    private func click(_ widget: UnsafeMutablePointer<GtkWidget>, atX fraction: Float = 0.5) throws {
        var center = graphene_point_t(x: Float(gtk_widget_get_width(widget)) * fraction, y: Float(gtk_widget_get_height(widget)) / 2)
        var inWindow = graphene_point_t()
        XCTAssertEqual(gtk_widget_compute_point(widget, host.window, &center, &inWindow), 1)
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(host.window), &dx, &dy)
        let title = "gdd-box-click-\(UInt(bitPattern: host.window))"
        gtk_window_set_title(gdd_window(UnsafeMutableRawPointer(host.window)), title)
        host.settle()
        let x = Int(Double(inWindow.x) + dx), y = Int(Double(inWindow.y) + dy)
        for arguments in [["search", "--sync", "--name", title, "mousemove", "--window", "%1", "\(x)", "\(y)"],
                          ["click", "1"]] {
            let xdotool = Process()
            xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            xdotool.arguments = arguments
            try xdotool.run()
            xdotool.waitUntilExit()
        }
    }
}

/// A row view that is one switch at the end of the row (it shows the model's state).
@MainActor
final class SwitchOnlyView: ConfigurableRowView {
    let toggle = Switch()
    private let box: Box
    var widget: OwnedWidget { box.widget }

    static func make() -> SwitchOnlyView { SwitchOnlyView() }

    private init() {
        toggle.halign = .end
        toggle.hexpand = true
        box = Box(.horizontal, spacing: 0, toggle)
    }

    func configure(with model: Bool) { toggle.isActive = model }
}
