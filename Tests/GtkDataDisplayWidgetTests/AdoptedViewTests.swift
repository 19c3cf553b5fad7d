import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// An adapter over a list or grid view the app made itself (another binding's widget, a view from
/// the app's own `.ui`): it gives the view its factory and model, keeps the app's scrolled window,
/// and refuses what it cannot drive with a typed error, changing nothing.
final class AdoptedViewTests: WidgetTestCase {
    private func names(_ count: Int) -> [LabelRow] { rows(count, prefix: "name") }

    private func newView(_ kind: ViewKind) -> UnsafeMutablePointer<GtkWidget> {
        kind == .list ? gtk_list_view_new(nil, nil) : gtk_grid_view_new(nil, nil)
    }

    private func adopt(_ view: UnsafeMutablePointer<GtkWidget>, _ manager: BaseListManager) throws(ViewAdoptionError) -> ListBaseAdapter {
        switch viewKind {
        case .list: try ListViewAdapter(manager: manager, adopting: OpaquePointer(view))
        case .grid: try GridViewAdapter(manager: manager, adopting: OpaquePointer(view))
        case .column: preconditionFailure("tables do not adopt an app's view (yet): these tests run on lists and grids")
        }
    }

    func testAViewInTheAppsScrolledWindowShowsTheRowsThere() async throws {
        try await forEachViewKind([.list, .grid]) { kind in
            let scroller = gtk_scrolled_window_new()!
            let view = newView(kind)
            gtk_scrolled_window_set_child(gdd_scrolled_window(UnsafeMutableRawPointer(scroller)), view)
            let manager = BaseListManager()
            try manager.add(names(30))
            let adapter = try adopt(view, manager)
            XCTAssertTrue(adapter.itemView == view)
            XCTAssertTrue(adapter.scrolledWindow == scroller, "the app's scrolled window is kept")
            let host = WindowHost(child: scroller)
            defer { host.destroy() }
            host.settle()
            XCTAssertGreaterThan(adapter.statistics.binds, 0)
            XCTAssertNotNil(adapter.view(for: manager.flatGenerators[0]), "the first row is bound")
            try manager.remove(manager.flatGenerators[0])
            host.settle()
            XCTAssertEqual(boundGenerators(adapter).first.map { ($0 as! LabelRow).model }, "name 1", "updates reach the adopted view")
        }
    }

    func testAViewWithNoParentGetsAScrolledWindowFromTheAdapter() async throws {
        try await forEachViewKind([.list, .grid]) { kind in
            let manager = BaseListManager()
            try manager.add(names(10))
            let adapter = try adopt(newView(kind), manager)
            XCTAssertTrue(gtk_widget_get_parent(adapter.itemView) == adapter.scrolledWindow)
            XCTAssertEqual(adapter.rawWidget, OpaquePointer(adapter.gtkWidget))
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            host.settle()
            XCTAssertGreaterThan(adapter.statistics.binds, 0)
        }
    }

    func testWhatCannotBeDrivenIsATypedErrorAndTheViewIsLeftAlone() async throws {
        let manager = BaseListManager()
        let label = gtk_label_new("not a view")!
        g_object_ref_sink(UnsafeMutableRawPointer(label))
        defer { g_object_unref(UnsafeMutableRawPointer(label)) }
        XCTAssertThrowsError(try ListViewAdapter(manager: manager, adopting: OpaquePointer(label))) { error in
            XCTAssertEqual(error as? ViewAdoptionError, .wrongType(expected: "GtkListView", found: "GtkLabel"))
        }
        let grid = gtk_grid_view_new(nil, nil)!
        g_object_ref_sink(UnsafeMutableRawPointer(grid))
        defer { g_object_unref(UnsafeMutableRawPointer(grid)) }
        XCTAssertThrowsError(try ListViewAdapter(manager: manager, adopting: OpaquePointer(grid))) { error in
            XCTAssertEqual(error as? ViewAdoptionError, .wrongType(expected: "GtkListView", found: "GtkGridView"))
        }
        XCTAssertNil(gtk_grid_view_get_factory(gdd_grid_view(UnsafeMutableRawPointer(grid))), "no factory was set")

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        g_object_ref_sink(UnsafeMutableRawPointer(box))
        defer { g_object_unref(UnsafeMutableRawPointer(box)) }
        let boxed = gtk_list_view_new(nil, nil)!
        gtk_box_append(gdd_box(UnsafeMutableRawPointer(box)), boxed)
        XCTAssertThrowsError(try ListViewAdapter(manager: manager, adopting: OpaquePointer(boxed))) { error in
            XCTAssertEqual(error as? ViewAdoptionError, .notInAScrolledWindow(parent: "GtkBox"))
        }
        XCTAssertNil(gtk_list_view_get_model(gdd_list_view(UnsafeMutableRawPointer(boxed))), "no model was set")
    }

    func testOneViewIsDrivenByOneAdapterAtATime() async throws {
        let view = gtk_list_view_new(nil, nil)!
        g_object_ref_sink(UnsafeMutableRawPointer(view))
        defer { g_object_unref(UnsafeMutableRawPointer(view)) }
        var first: ListViewAdapter? = try ListViewAdapter(manager: BaseListManager(), adopting: OpaquePointer(view))
        XCTAssertThrowsError(try ListViewAdapter(manager: BaseListManager(), adopting: OpaquePointer(view))) { error in
            XCTAssertEqual(error as? ViewAdoptionError, .alreadyDriven)
        }
        weak var gone = first
        first = nil
        MainContext.drain()
        XCTAssertNil(gone)
        XCTAssertNoThrow(try ListViewAdapter(manager: BaseListManager(), adopting: OpaquePointer(view)),
                         "once its adapter is gone, another may drive the view")
    }
}
