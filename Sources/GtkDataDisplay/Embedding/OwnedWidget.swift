import CGtkDataDisplay

/// A GTK widget owned by Swift: it holds one (sunk) reference, so the widget lives while it moves
/// between list items, and is freed when the last Swift owner lets go.
///
/// It adds types, it does not hide GTK: `pointer` is the `GtkWidget *` for any GTK call.
@MainActor
public final class OwnedWidget {
    /// The widget.
    public let pointer: UnsafeMutablePointer<GtkWidget>
    private let reference: ObjectReference

    /// Takes ownership of a widget fresh from a `gtk_*_new` call (or any widget: a floating
    /// reference is sunk, a normal one is retained).
    public init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
        self.reference = ObjectReference(sinking: untyped(pointer))
        WidgetCounter.track(untyped(pointer))
    }

    /// The widget as an untyped pointer, for casts to its own GTK type.
    public var raw: UnsafeMutableRawPointer { untyped(pointer) }

    /// Adds a CSS class.
    public func addCSSClass(_ name: String) { name.withGString { gtk_widget_add_css_class(pointer, $0) } }
    /// Removes a CSS class.
    public func removeCSSClass(_ name: String) { name.withGString { gtk_widget_remove_css_class(pointer, $0) } }
    /// Whether the widget has a CSS class.
    public func hasCSSClass(_ name: String) -> Bool { name.withGString { gtk_widget_has_css_class(pointer, $0) } != 0 }
    /// The widget's parent, if any.
    public var parent: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_parent(pointer) }
}
