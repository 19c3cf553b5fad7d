import CGtk

/// A list view adapter stands for its scrolled window wherever a widget goes: `window.child = adapter`
/// shows the list, and the window keeps the adapter (the Swift side of the list) alive with it.
extension ListViewAdapter: WidgetConvertible {
    /// The scrolled window holding the list view.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { scrolledWindow }
}
