import CGtkDataDisplay

extension Row {
    /// Asks GTK for this row's height hint on `container`, the widget holding the row's view, or
    /// drops a hint an earlier row left there. Touches GTK only when the request changes.
    func applyHeightHint(to container: UnsafeMutablePointer<GtkWidget>) {
        let wanted = Int32(clamping: heightHint ?? -1)
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_get_size_request(container, &width, &height)
        if height != wanted { gtk_widget_set_size_request(container, width, wanted) }
    }
}
