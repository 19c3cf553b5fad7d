import CGtk

/// The layout every page shares: its toolbar on top, the list filling the middle, the status
/// footer at the bottom.
@MainActor
enum PageLayout {
    static func make(toolbar: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>,
                     footer: StatusFooter) -> UnsafeMutablePointer<GtkWidget> {
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(gdd_box(page), toolbar)
        gtk_box_append(gdd_box(page), list)
        gtk_box_append(gdd_box(page), footer.widget)
        return page
    }
}
