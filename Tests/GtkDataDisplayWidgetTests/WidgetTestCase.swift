import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The item view a test shows its manager in. Behaviour the list and the grid share is tested on
/// both with the same code: a shared test runs its body in `forEachViewKind` and builds its views
/// with `present` (XCTest on Linux finds no inherited test methods, so no subclass per kind).
enum ViewKind: String, CaseIterable, Sendable {
    case list, grid, column
}

/// Base for tests that need a real display (run under `xvfb-run -a`). Without a display they
/// skip — unless `GDD_REQUIRE_DISPLAY=1`, which the README's test command sets, so that CI can
/// never pass by skipping them.
@MainActor
class WidgetTestCase: XCTestCase {
    /// The view `present` builds: a list, or the kind `forEachViewKind` is running.
    private(set) var viewKind: ViewKind = .list
    /// Put before failure messages while `forEachViewKind` runs (read by the nonisolated
    /// `recordFailure`; tests run on the main thread).
    nonisolated(unsafe) private var failurePrefix = ""

    /// Runs `body` once per kind of view (of `kinds`), the list first, with `viewKind` set; a failure
    /// names the kind it happened in.
    func forEachViewKind(_ kinds: [ViewKind] = ViewKind.allCases, _ body: (ViewKind) async throws -> Void) async throws {
        for kind in kinds {
            viewKind = kind
            failurePrefix = "[\(kind)] "
            try await body(kind)   // on a throw, the prefix stays set for the failure's message
        }
        viewKind = .list
        failurePrefix = ""
    }

    override func recordFailure(withDescription description: String, inFile filePath: String,
                                atLine lineNumber: Int, expected: Bool) {
        super.recordFailure(withDescription: failurePrefix + description, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    override func setUp() async throws {
        WidgetCounter.keepsAddresses = true   // a leak's report can say what is left (`describeLive`)
        guard WindowHost.initializeGTK() else {
            if ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1" {
                XCTFail("no display: run widget tests under xvfb-run -a")
            }
            throw XCTSkip("no display (run under xvfb-run -a)")
        }
        before = (Self.rowsInUse, Diagnostics.liveWidgets, WidgetCounter.liveAddresses)
    }

    /// The rows in use and the row widgets alive when the test began (nil: it was skipped).
    private var before: (rows: Int, widgets: Int, addresses: [UInt: Int])?

    /// Rows in use: those of the stores alive, and the rows that ended while a store still showed
    /// them. (Not the row objects GTK still holds after their row ended, `Diagnostics.liveRowObjects`'
    /// other part: they name no row and keep nothing of the app; GTK 4.18 keeps one such item after
    /// some list views are destroyed.)
    private static var rowsInUse: Int { RowRecords.liveCount.load(ordering: .relaxed) }

    /// What a test class destroys after each test (its windows, its views, the managers it keeps):
    /// override it instead of `tearDown`, which checks after it that the test let go of its rows.
    func tearDownViews() async throws {}

    /// Every test lets go of the rows and the row widgets it made, its windows destroyed (after
    /// `tearDownViews`): a view, an adapter or a manager kept alive — a listener holding its own
    /// manager, say — fails the test that kept it, not a later one that counts. GTK gets a few turns
    /// of the main loop to let go of what it holds.
    override func tearDown() async throws {
        try await tearDownViews()
        if let before {
            self.before = nil
            let freed = MainContext.iterate(until: {
                Self.rowsInUse <= before.rows && Diagnostics.liveWidgets <= before.widgets
            }, timeout: 2)
            if !freed {
                let left = WidgetCounter.describeLive(excluding: before.addresses).prefix(5).joined(separator: "; ")
                XCTFail("the test left rows (\(Self.rowsInUse - before.rows)) and row widgets "
                        + "(\(Diagnostics.liveWidgets - before.widgets)) alive: \(left)")
            }
        }
        // (XCTestCase's own does nothing, and is not the main actor's.)
    }

    /// Text rows whose ids are their texts.
    func rows(_ count: Int, prefix: String = "row") -> [LabelRow] {
        (0..<count).map { LabelRow(model: "\(prefix) \($0)", id: "\(prefix) \($0)") }
    }

    /// A list of `rows` in one section under a header, shown in a real window.
    func show(_ manager: BaseListManager, selection: SelectionMode = .single) -> (ListViewAdapter, WindowHost) {
        let adapter = ListViewAdapter(manager: manager, selection: selection)
        let host = WindowHost(child: adapter.scrolledWindow)
        return (adapter, host)
    }

    /// A list view with these plugins over `manager`, shown in a real window.
    func show(_ manager: BaseListManager, plugins: [ListViewPlugin]) -> (ListViewAdapter, WindowHost) {
        let adapter = ListViewAdapter(manager: manager, plugins: plugins)
        return (adapter, WindowHost(child: adapter.scrolledWindow))
    }

    /// A view of this test's `viewKind` over `manager` with the given selection, in a real window.
    func present(_ manager: BaseListManager, selection: SelectionMode = .single) -> (ListBaseAdapter, WindowHost) {
        present(manager, plugins: [.selectable(selection)])
    }

    /// A view of this test's `viewKind` with these plugins over `manager`, in a real window.
    func present(_ manager: BaseListManager, plugins: [ListViewPlugin]) -> (ListBaseAdapter, WindowHost) {
        let adapter: ListBaseAdapter = switch viewKind {
        case .list: ListViewAdapter(manager: manager, plugins: plugins)
        case .grid: GridViewAdapter(manager: manager, plugins: plugins)
        case .column: ColumnViewAdapter(manager: manager, plugins: plugins, columns: tableColumns())
        }
        return (adapter, WindowHost(child: adapter.scrolledWindow))
    }

    /// A view of this test's `viewKind` made by its builder (`listViewBuilder`, `gridViewBuilder`).
    func build(_ manager: BaseListManager, plugins: [ListViewPlugin]) -> ListBaseAdapter {
        switch viewKind {
        case .list: plugins.reduce(manager.listViewBuilder) { $0.add(plugin: $1) }.build()
        case .grid: plugins.reduce(manager.gridViewBuilder) { $0.add(plugin: $1) }.build()
        case .column: plugins.reduce(manager.columnViewBuilder(columns: tableColumns())) { $0.add(plugin: $1) }.build()
        }
    }

    /// The columns a table of a shared test has: one, of the rows' own views.
    func tableColumns() -> [TableColumn] { [TableColumn(id: "rows", title: "Rows")] }

    /// The container (`gdd-row`: expander and view) in GTK's row widget `rowWidget`: its child in a
    /// list or grid, the child of its first cell in a table.
    func rowContainer(in rowWidget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var widget = gtk_widget_get_first_child(rowWidget)
        while let current = widget, gtk_widget_has_css_class(current, "gdd-row") == 0 {
            widget = gtk_widget_get_first_child(current)
        }
        return widget
    }

    /// The generators currently bound to a widget.
    func boundGenerators(_ adapter: ListBaseAdapter) -> [any RowGenerator] {
        adapter.manager.flatGenerators.filter { adapter.view(for: $0) != nil }
    }
}
