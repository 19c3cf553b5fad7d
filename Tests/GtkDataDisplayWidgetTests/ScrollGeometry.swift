import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Where rows sit on screen, measured by the tests themselves from the real widgets (not through
/// the library's own viewport code): a row's top edge relative to the top of the visible area.
@MainActor
enum ScrollGeometry {
    /// The vertical `GtkAdjustment` of the adapter's scrolled window.
    static func vadjustment(_ adapter: ListBaseAdapter) -> UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(gdd_scrolled_window(UnsafeMutableRawPointer(adapter.scrolledWindow)))
    }

    /// The bounds of the row widget (GTK's list row or grid child) showing `generator`, relative to
    /// the item view (whose top is the top of the visible area); nil when it is not bound.
    static func bounds(of generator: any RowGenerator, in adapter: ListBaseAdapter) -> (x: Double, y: Double, height: Double)? {
        guard let rowWidget = adapter.rowWidget(for: generator),
              gtk_widget_get_mapped(rowWidget) != 0 else { return nil }
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(rowWidget, adapter.rowsView, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.height))
    }

    /// The height of the visible area.
    static func viewportHeight(_ adapter: ListBaseAdapter) -> Double {
        Double(gtk_widget_get_height(adapter.rowsView))
    }

    /// Whether some pixel of the row showing `generator` is inside the visible area.
    static func isVisible(_ generator: any RowGenerator, in adapter: ListBaseAdapter) -> Bool {
        guard let b = bounds(of: generator, in: adapter) else { return false }
        return b.y + b.height > 0.5 && b.y < viewportHeight(adapter) - 0.5
    }

    /// The first row (in store order) with a pixel in the visible area and its top edge, searched
    /// among the store positions `near` (GTK realises only the rows around the visible area).
    /// In a grid: the leftmost tile of the top line.
    static func firstVisible(_ adapter: ListBaseAdapter, near: Range<Int>) -> (generator: any RowGenerator, y: Double)? {
        let store = adapter.manager.store
        for position in max(0, near.lowerBound)..<min(store.count, near.upperBound) {
            guard let g = store.generator(at: position), isVisible(g, in: adapter),
                  let b = bounds(of: g, in: adapter) else { continue }
            return (g, b.y)
        }
        return nil
    }
}
