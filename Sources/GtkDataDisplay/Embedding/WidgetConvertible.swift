// What a list library's views are to the rest of an app: one GTK widget, reachable as a raw
// pointer. The typed widget helpers of GtkDataDisplayShell and other Swift GTK bindings' widgets
// meet the library's adapters here.

import CGtkDataDisplay

/// Anything that is, or wraps, one GTK widget: the adapters (`ListViewAdapter`, `BoxAdapter`…),
/// `OwnedWidget`, the typed helpers of GtkDataDisplayShell (`Label`, `Box`…) and the raw
/// `UnsafeMutablePointer<GtkWidget>` GTK hands out. Containers (the shell's `Box`, `Window.child`)
/// take any of them; another binding takes `gtkWidget` (or `rawWidget`) as it is.
@MainActor
public protocol WidgetConvertible {
    /// The `GtkWidget *`, for any `gtk_widget_*` call the helpers do not cover.
    var gtkWidget: UnsafeMutablePointer<GtkWidget> { get }
}

/// A typed helper that owns its widget through an `OwnedWidget` (one sunk reference).
@MainActor
public protocol WidgetWrapper: AnyObject, WidgetConvertible {
    /// The wrapped widget: `widget.pointer` is the `GtkWidget *`, and a `ConfigurableRowView`
    /// can return it as its root.
    var widget: OwnedWidget { get }
}

extension WidgetWrapper {
    /// `widget.pointer`.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { widget.pointer }
}

extension OwnedWidget: WidgetConvertible {
    /// `pointer`.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { pointer }
}

/// A raw `GtkWidget *` is a widget too: API that takes `any WidgetConvertible` takes a pointer from a `gtk_*` call as it is.
extension UnsafeMutablePointer: WidgetConvertible where Pointee == GtkWidget {
    /// The pointer itself.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { self }
}

extension TypedObject: WidgetConvertible where Tag: GtkWidgetTypeTag {
    /// The instance as a `GtkWidget *`.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { widget }
}
