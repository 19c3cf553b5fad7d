import CGtkDataDisplay
@testable import GtkDataDisplay  // scrollVertically(by:): the scroll a menu's row revealed takes
import GtkDataDisplayTesting
import XCTest

/// GTK 4.8's views keep their rows' heights from their last allocation: a scroll in the frame of a
/// change, before its layout, looked rows up by stale heights and logged a warning (fatal under
/// `G_DEBUG=fatal-warnings`): a grid "ran out of items" after tiles shifted by less than a line (the
/// list's "failed to scroll to given position" came only from a real drag's autoscroll in the soak).
/// The adapter allocates its view before it scrolls it (before GTK 4.10); the lookup then finds every tile.
final class StaleLayoutTests: WidgetTestCase {
    /// That allocation can hide the focused row; GTK 4.8's window then holds a reference on it until
    /// the frame's after-paint phase, and stored a second one, dropping neither, when the row was also
    /// removed before that phase: the row's widget and its row object were never freed.
    func testAFocusedRowHiddenByThatAllocationAndRemovedAtOnceIsFreed() async throws {
        for grid in [false, true] {
            MainContext.drain()
            let objectsBefore = Diagnostics.liveRowObjects
            weak var weakManager: BaseListManager?
            do {
                let manager = BaseListManager()
                weakManager = manager
                try manager.add(rows(300))
                let adapter: ListBaseAdapter = grid ? GridViewAdapter(manager: manager) : ListViewAdapter(manager: manager)
                let host = WindowHost(child: adapter.scrolledWindow, width: 300, height: 300)
                host.settle()
                let first = manager.flatGenerators[0]
                XCTAssertTrue(adapter.focus(first), "the first row takes the focus")
                host.settle()
                // Scrolled far by the user, then by the library in the same turn of the main loop: the
                // view is allocated first (GTK before 4.10), which hides the focused row ...
                let adjustment = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(UnsafeMutableRawPointer(adapter.scrolledWindow))))
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) / 2)
                adapter.scrollTo(position: 200)
                // ... and the row goes before the frame.
                try manager.remove(first)
                host.settle()
                host.destroy()
                MainContext.drain()
            }
            _ = MainContext.iterate(until: { Diagnostics.liveRowObjects == objectsBefore }, timeout: 3)
            XCTAssertNil(weakManager, "grid \(grid): the manager is freed")
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore,
                           "grid \(grid): the focused row, hidden and removed before the frame, is freed with its window")
        }
    }

    func testAScrollRightAfterTilesShiftByLessThanALineFindsEveryTile() async throws {
        GLibLogCounter.install()
        let before = GLibLogCounter.counts
        let manager = BaseListManager()
        try manager.add(rows(600))
        let grid = GridViewAdapter(manager: manager)
        grid.minColumns = 3
        grid.maxColumns = 3
        let host = WindowHost(child: grid.scrolledWindow, width: 400, height: 500)
        defer { host.destroy() }
        host.settle()
        let adjustment = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(UnsafeMutableRawPointer(grid.scrolledWindow))))
        gtk_adjustment_set_value(adjustment, (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)) / 2)
        host.settle()
        let top = gtk_adjustment_get_value(adjustment)
        XCTAssertGreaterThan(top, 0, "scrolled into the middle")
        for step in 0..<12 {
            // One tile in or out at the top: every line shifted by one tile.
            if step % 3 == 2 {
                try manager.remove(manager.flatGenerators[0])
            } else {
                try manager.insert(rows(1, prefix: "new-\(step)-"), before: manager.flatGenerators[0])
            }
            // The library scrolls in the same turn of the main loop (as revealing a menu's row does).
            grid.scrollVertically(by: step % 2 == 0 ? 7 : -5)
            // A whole-state update that moves every tile by two, then a scroll.
            if step % 4 == 3 {
                try manager.setState([Section(rows: rows(2, prefix: "state-\(step)-") + manager.flatGenerators)])
                grid.scrollVertically(by: 11)
            }
            host.settle()
        }
        let after = GLibLogCounter.counts
        XCTAssertEqual(after.warnings, before.warnings, "GTK warned (\"ran out of items\")")
        XCTAssertEqual(after.criticals, before.criticals)
        XCTAssertEqual(manager.store.count, 600 + 8 - 4 + 6)
        withExtendedLifetime(grid) {}
    }

    /// GTK itself moves the adjustment between a change and the frame's layout: its autoscroll while
    /// a drag or a rubberband nears an edge (a tick of the frame clock, which goes on after a drop),
    /// kinetic scrolling, a scroll event. The view's stale heights are not read then either: the
    /// adapter's handler of the adjustment, connected before the view's, allocates the view first,
    /// and the new value stands.
    func testGTKMovingTheAdjustmentRightAfterTilesShiftFindsEveryTileAndKeepsTheValue() async throws {
        GLibLogCounter.install()
        let before = GLibLogCounter.counts
        for grid in [true, false] {
            let manager = BaseListManager()
            try manager.add(rows(600))
            let adapter: ListBaseAdapter = grid ? GridViewAdapter(manager: manager) : ListViewAdapter(manager: manager)
            (adapter as? GridViewAdapter)?.minColumns = 3
            (adapter as? GridViewAdapter)?.maxColumns = 3
            let host = WindowHost(child: adapter.scrolledWindow, width: 400, height: 500)
            let adjustment = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(UnsafeMutableRawPointer(adapter.scrolledWindow))))
            gtk_adjustment_set_value(adjustment, (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)) / 2)
            host.settle()
            for step in 0..<12 {
                // One row in or out at the top: every line of tiles shifted by one tile.
                if step % 3 == 2 {
                    try manager.remove(manager.flatGenerators[0])
                } else {
                    try manager.insert(rows(1, prefix: "new-\(step)-"), before: manager.flatGenerators[0])
                }
                // The adjustment moved as GTK's autoscroll moves it, in the same turn of the main loop.
                let target = gtk_adjustment_get_value(adjustment) + (step % 2 == 0 ? 23 : -17)
                gtk_adjustment_set_value(adjustment, target)
                XCTAssertEqual(gtk_adjustment_get_value(adjustment), target, accuracy: 1, "grid \(grid), step \(step): the scroll stands")
                host.settle()
            }
            host.destroy()
        }
        let after = GLibLogCounter.counts
        XCTAssertEqual(after.warnings, before.warnings, "GTK warned (\"ran out of items\" or \"failed to scroll\")")
        XCTAssertEqual(after.criticals, before.criticals)
    }
}
