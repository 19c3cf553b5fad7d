import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Reordering as a user does it, on a real list and grid: Alt+arrow keys (real X key events) and a
/// real pointer drag (xdotool: press on a row, move, release on another).
final class ReorderingWidgetTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var plugin: ReorderingPlugin!
    private var host: WindowHost!

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        plugin = nil
        adapter = nil
        manager = nil
    }

    /// "Fruits": apple, pear, plum, fig — "Vegetables": leek, kale; in a list or a grid of `columns`.
    private func show(unmarked: MoveRule = .withinSection, columns: Int = 1) {
        manager = BaseListManager()
        try! manager.addSection(header: LabelHeader(model: "Fruits"), rows: rows(names: ["apple", "pear", "plum", "fig"]))
        try! manager.addSection(header: LabelHeader(model: "Vegetables"), rows: rows(names: ["leek", "kale"]))
        plugin = .reordering(unmarked: unmarked)
        switch viewKind {
        case .list:
            adapter = manager.listViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
        case .grid:
            let grid = manager.gridViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
            grid.maxColumns = columns
            adapter = grid
        case .column:
            adapter = manager.columnViewBuilder(columns: tableColumns()).add(plugin: .selectable()).add(plugin: plugin).build()
        }
        host?.destroy()
        host = WindowHost(child: adapter.widget)
    }

    private func rows(names: [String]) -> [LabelRow] { names.map { LabelRow(model: $0, id: $0) } }
    private func generator(_ name: String) -> any RowGenerator {
        manager.flatGenerators.first { ($0 as? LabelRow)?.model == name }!
    }
    private var order: [String] {
        manager.store.generators.map { ($0 as? LabelRow)?.model ?? "#" + (($0 as? LabelHeader)?.model ?? "?") }
    }
    private var focusedName: String? { (adapter.focusedGenerator as? LabelRow)?.model }

    func testAltArrowsMoveTheFocusedRowAndTheFocusStaysOnIt() async throws {
        try await forEachViewKind { _ in
            show()
            var moves: [RowMove] = []
            manager.didMove += { moves.append($0) }
            try focusRow(generator("pear"), in: adapter, host: host)
            adapter.select(generator("pear"))
            try pressKey("alt+Down", host: host)
            XCTAssertEqual(order, ["#Fruits", "apple", "plum", "pear", "fig", "#Vegetables", "leek", "kale"])
            XCTAssertEqual(focusedName, "pear", "the focus follows the moved row")
            XCTAssertEqual(adapter.selectedGenerators.compactMap { ($0 as? LabelRow)?.model }, ["pear"], "and it stays selected")
            try pressKey("alt+Up", host: host)
            try pressKey("alt+Up", host: host)
            XCTAssertEqual(order, ["#Fruits", "pear", "apple", "plum", "fig", "#Vegetables", "leek", "kale"])
            XCTAssertEqual(focusedName, "pear")
            try pressKey("alt+Up", host: host)
            XCTAssertEqual(order.prefix(2), ["#Fruits", "pear"], "the first row stays: unmarked rows keep their section")
            XCTAssertEqual(moves.map(\.to), [RowPosition(section: 0, index: 2), RowPosition(section: 0, index: 1),
                                             RowPosition(section: 0, index: 0)])
            // Plain arrows still move the cursor, not the row.
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "apple")
            XCTAssertEqual(order.prefix(3), ["#Fruits", "pear", "apple"])
        }
    }

    func testAltArrowsCrossSectionsWhenTheRowsAllowIt() async throws {
        try await forEachViewKind { _ in
            show(unmarked: .anywhere)
            try focusRow(generator("fig"), in: adapter, host: host)
            try pressKey("alt+Down", host: host)
            XCTAssertEqual(order, ["#Fruits", "apple", "pear", "plum", "#Vegetables", "fig", "leek", "kale"])
            XCTAssertEqual(focusedName, "fig")
            try pressKey("alt+Up", host: host)
            XCTAssertEqual(order, ["#Fruits", "apple", "pear", "plum", "fig", "#Vegetables", "leek", "kale"])
            XCTAssertEqual(focusedName, "fig")
        }
    }

    func testAltLeftAndRightMoveTilesInAGrid() async throws {
        try await forEachViewKind([.grid]) { _ in
            show(columns: 3)
            try focusRow(generator("apple"), in: adapter, host: host)
            try pressKey("alt+Right", host: host)
            XCTAssertEqual(order.prefix(4), ["#Fruits", "pear", "apple", "plum"])
            XCTAssertEqual(focusedName, "apple")
            try pressKey("alt+Left", host: host)
            XCTAssertEqual(order.prefix(4), ["#Fruits", "apple", "pear", "plum"])
        }
    }

    func testAPointerDragReordersAndShowsTheDropIndicatorOnTheWay() async throws {
        try await forEachViewKind { kind in
            show(columns: 2)
            var moves: [RowMove] = []
            manager.didMove += { moves.append($0) }
            let apple = try XCTUnwrap(rowWidget(of: "apple")), plum = try XCTUnwrap(rowWidget(of: "plum"))
            // Press on apple, move past the drag threshold, then to the second half of plum.
            let start = try screenPoint(apple, x: 0.5, y: 0.5)
            let end = kind != .grid ? try screenPoint(plum, x: 0.5, y: 0.75) : try screenPoint(plum, x: 0.75, y: 0.5)
            try xdotool(["mousemove", "\(start.x)", "\(start.y)"])
            host.settle()
            try xdotool(["mousedown", "1"])
            host.settle()
            for step in 1...8 {
                let x = start.x + (end.x - start.x) * step / 8, y = start.y + (end.y - start.y) * step / 8
                try xdotool(["mousemove", "\(x)", "\(y)"])
                MainContext.run(for: 0.05)
            }
            let shown = MainContext.iterate(until: { self.plugin.indicatorState != nil })
            XCTAssertTrue(shown, "the drop indicator shows during the drag")
            let indicator = plugin.indicatorState
            XCTAssertEqual((indicator?.row as? LabelRow)?.model, "plum", "on the row under the pointer")
            XCTAssertEqual(indicator?.cssClass, kind != .grid ? "gdd-drop-below" : "gdd-drop-after")
            if let widget = indicator?.widget {
                XCTAssertEqual(gtk_widget_has_css_class(widget, indicator!.cssClass), 1)
            }
            XCTAssertEqual(order.prefix(5), ["#Fruits", "apple", "pear", "plum", "fig"], "nothing moves before the drop")
            try xdotool(["mouseup", "1"])
            XCTAssertTrue(MainContext.iterate(until: { moves.count == 1 }), "the drop moves the row")
            host.settle()
            XCTAssertEqual(order, ["#Fruits", "pear", "plum", "apple", "fig", "#Vegetables", "leek", "kale"])
            XCTAssertEqual(moves.first?.from, RowPosition(section: 0, index: 0))
            XCTAssertEqual(moves.first?.to, RowPosition(section: 0, index: 2))
            XCTAssertNil(plugin.indicatorState, "the indicator goes away after the drop")
            XCTAssertEqual(gtk_widget_has_css_class(plum, "gdd-drop-below"), 0)
            XCTAssertEqual(gtk_widget_has_css_class(plum, "gdd-drop-after"), 0)
        }
    }

    func testChildRowsMoveAmongTheirSiblingsAndAFoldableCarriesThem() async throws {
        try await forEachViewKind { _ in
            manager = BaseListManager()
            let folder = FoldableRowGenerator<LabelRowView>(model: "F", id: "F", children: rows(names: ["c1", "c2", "c3"]), expanded: true)
            try manager.addSection(header: LabelHeader(model: "Fruits"), rows: [LabelRow(model: "a", id: "a"), folder, LabelRow(model: "z", id: "z")])
            plugin = .reordering(unmarked: .anywhere)
            adapter = build(manager, plugins: [.selectable(), .foldable()])
            adapter.install(plugin)
            host = WindowHost(child: adapter.widget)
            try focusRow(generator("c1"), in: adapter, host: host)
            try pressKey("alt+Up", host: host)
            XCTAssertEqual(order, ["#Fruits", "a", "F", "c1", "c2", "c3", "z"], "the first child stays in its parent")
            try pressKey("alt+Down", host: host)
            XCTAssertEqual(order, ["#Fruits", "a", "F", "c2", "c1", "c3", "z"])
            XCTAssertEqual(folder.children.compactMap { ($0 as? LabelRow)?.model }, ["c2", "c1", "c3"])
            XCTAssertEqual(focusedName, "c1")
            try pressKey("alt+Down", host: host)
            try pressKey("alt+Down", host: host)
            XCTAssertEqual(order, ["#Fruits", "a", "F", "c2", "c3", "c1", "z"], "the last child stays in its parent")
            try focusRow(folder, in: adapter, host: host)
            try pressKey("alt+Up", host: host)
            XCTAssertEqual(order, ["#Fruits", "F", "c2", "c3", "c1", "a", "z"], "the foldable carries its children")
            XCTAssertTrue(adapter.focusedGenerator === folder)
            host.destroy()
        }
    }

    func testTheAdapterAndThePluginGoAwayAfterADrag() async throws {
        weak var weakAdapter: ListBaseAdapter?
        weak var weakPlugin: ReorderingPlugin?
        do {
            show()
            weakAdapter = adapter
            weakPlugin = plugin
            // A drag run through the plugin's own path (prepare sets the dragged row; the indicator holds a widget).
            plugin.dragged = generator("apple")
            let plum = try XCTUnwrap(rowWidget(of: "plum"))
            var bounds = graphene_rect_t()
            XCTAssertEqual(gtk_widget_compute_bounds(plum, adapter.itemView, &bounds), 1)
            let destination = plugin.destination(x: Double(bounds.origin.x) + 5, y: Double(bounds.origin.y + bounds.size.height) - 2)
            plugin.showIndicator(destination)
            XCTAssertEqual(plugin.indicatorState?.cssClass, "gdd-drop-below")
            host.destroy()
            host = nil
            adapter = nil
            plugin = nil
            manager = nil
        }
        MainContext.drain()
        XCTAssertNil(weakPlugin, "the plugin dies with its adapter")
        XCTAssertNil(weakAdapter, "the plugin does not keep its adapter alive")
    }

    // MARK: Pointer

    private func rowWidget(of name: String) -> UnsafeMutablePointer<GtkWidget>? {
        adapter.rowWidget(for: generator(name))
    }

    /// A point of `widget` (fractions of its size) in root-window (screen) coordinates.
    private func screenPoint(_ widget: UnsafeMutablePointer<GtkWidget>, x: Float, y: Float) throws -> (x: Int, y: Int) {
        var point = graphene_point_t(x: Float(gtk_widget_get_width(widget)) * x, y: Float(gtk_widget_get_height(widget)) * y)
        var inWindow = graphene_point_t()
        XCTAssertEqual(gtk_widget_compute_point(widget, host.window, &point, &inWindow), 1)
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(host.window), &dx, &dy)
        let title = "gdd-reorder-\(UInt(bitPattern: host.window))"
        gtk_window_set_title(gdd_window(UnsafeMutableRawPointer(host.window)), title)
        host.settle()
        let origin = try windowOrigin(title: title)
        return (origin.x + Int(Double(inWindow.x) + dx), origin.y + Int(Double(inWindow.y) + dy))
    }

    /// Where the window titled `title` sits on the screen.
    private func windowOrigin(title: String) throws -> (x: Int, y: Int) {
        let output = try xdotool(["search", "--sync", "--name", title, "getwindowgeometry", "--shell"])
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        return (try XCTUnwrap(values["X"]), try XCTUnwrap(values["Y"]))
    }

    @discardableResult
    private func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }
}
