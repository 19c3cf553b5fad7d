import CGtkDataDisplay

/// A list or grid view adapter stands for its scrolled window wherever a widget goes:
/// `window.child = adapter` shows the view, and the window keeps the adapter (the Swift side of the
/// view) alive with it.
extension ListBaseAdapter: WidgetConvertible {
    /// `widget`: the overlay over the scrolled window holding the view.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { widget }
}
