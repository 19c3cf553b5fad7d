import CGtkDataDisplay
import GtkDataDisplay

// Scrolling and focusing rows of a list or grid shown in a test's window.

extension WindowHost {
    /// Scrolls `adapter` so `generator`'s row stands at `alignment` (`adapter.scrollTo(_:at:)`) and
    /// waits until the row is bound and drawn. Throws what `scrollTo` throws (a row not shown).
    /// Returns whether the row is bound afterwards.
    @discardableResult
    public func scroll(_ adapter: ListBaseAdapter, to generator: any RowGenerator,
                       at alignment: ScrollAlignment = .nearest) throws(DataDisplayError) -> Bool {
        try adapter.scrollTo(generator, at: alignment)
        let bound = MainContext.iterate(until: { adapter.view(for: generator) != nil })
        waitForDraw()
        settle()
        return bound && adapter.view(for: generator) != nil
    }

    /// Gives the keyboard focus to `generator`'s row as a click does (GTK's row widget), scrolling
    /// to it first when it is not bound. Returns whether the row has the focus now.
    @discardableResult
    public func focus(_ generator: any RowGenerator, in adapter: ListBaseAdapter) -> Bool {
        if adapter.rowWidget(for: generator) == nil { _ = try? scroll(adapter, to: generator) }
        guard let rowWidget = adapter.rowWidget(for: generator) else { return false }
        _ = gtk_widget_grab_focus(rowWidget)
        settle()
        return adapter.focusedGenerator === generator
    }
}
