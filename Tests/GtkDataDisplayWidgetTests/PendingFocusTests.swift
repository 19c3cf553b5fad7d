import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// GTK hides a row it scrolls out of the view (`gtk_widget_set_child_visible`); when that row has the
/// keyboard focus, GtkWindow keeps a reference on it until the frame's after-paint phase, and before
/// GTK 4.24 a second such reference — the row removed before that phase — overwrites the first
/// without dropping it: the row's widget and its row object were never freed (the widget soak met it
/// on GTK 4.8 and 4.18). The adapter settles the waiting focus before each change of its rows.
final class PendingFocusTests: WidgetTestCase {
    func testAFocusedRowHiddenAndRemovedBeforeTheFrameIsFreedWithItsWindow() async throws {
        try await forEachViewKind { kind in
            MainContext.drain()
            let objectsBefore = Diagnostics.liveRowObjects, widgetsBefore = Diagnostics.liveWidgets
            weak var weakManager: BaseListManager?
            do {
                let manager = BaseListManager()
                weakManager = manager
                try manager.add(rows(300))
                let (adapter, host) = present(manager)
                host.settle()
                let first = manager.flatGenerators[0]
                XCTAssertTrue(adapter.focus(first), "\(kind): the first row takes the focus")
                host.settle()
                let root = try XCTUnwrap(gtk_widget_get_root(adapter.itemView))
                let focus = try XCTUnwrap(gtk_root_get_focus(root))
                // The row hidden as GTK hides a row scrolled out of the view (its widget below the view) ...
                var hidden: UnsafeMutablePointer<GtkWidget> = focus
                while let parent = gtk_widget_get_parent(hidden), parent != adapter.itemView { hidden = parent }
                XCTAssertEqual(gtk_widget_get_parent(hidden), adapter.itemView, "\(kind): the focus is in a row of the view")
                gtk_widget_set_child_visible(hidden, 0)
                // ... and removed before the frame.
                try manager.remove(first)
                host.settle()
                host.destroy()
                MainContext.drain()
            }
            _ = MainContext.iterate(until: {
                Diagnostics.liveRowObjects == objectsBefore && Diagnostics.liveWidgets == widgetsBefore
            }, timeout: 3)
            XCTAssertNil(weakManager, "\(kind): the manager is freed")
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "\(kind): the focused row's object is freed")
            XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore, "\(kind): the focused row's widgets are freed")
        }
    }
}
