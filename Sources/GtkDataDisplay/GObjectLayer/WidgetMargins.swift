import CGtkDataDisplay

/// Margins set on all four sides of a widget at once.
package enum WidgetMargins {
    /// Sets the same margin, in pixels, on all four sides of `widget`.
    @MainActor
    package static func set(_ widget: UnsafeMutablePointer<GtkWidget>, _ pixels: Int) {
        let value = Int32(clamping: pixels)
        gtk_widget_set_margin_start(widget, value)
        gtk_widget_set_margin_end(widget, value)
        gtk_widget_set_margin_top(widget, value)
        gtk_widget_set_margin_bottom(widget, value)
    }
}
