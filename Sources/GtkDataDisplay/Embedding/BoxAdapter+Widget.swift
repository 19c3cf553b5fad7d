import CGtkDataDisplay

/// A box adapter stands for its box wherever a widget goes: `window.child = adapter` shows the
/// rows, and the window keeps the adapter (the Swift side of the box) alive with it.
extension BoxAdapter: WidgetConvertible {
    /// The `GtkBox` holding the rows.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { box }
}
