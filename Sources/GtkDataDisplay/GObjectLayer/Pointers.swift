// The one place where GTK pointers change type.
//
// GTK's public structs (GObject, GtkWidget, GtkWindow…) import as typed pointers, its types
// with a private struct (GtkListItem, GtkListView, interfaces…) as OpaquePointer:
// the public API gives those a type back with `TypedObject` (see TypedObject.swift). Everything
// else in the library converts through these helpers, which go through GObject's checked casts.

import CGtkDataDisplay

/// A GObject instance of any type, as an untyped pointer.
public typealias GObjectPointer = UnsafeMutableRawPointer

@inline(__always) package func untyped<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(pointer)
}

@inline(__always) package func untyped(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(pointer)
}

@inline(__always) package func untyped<Tag>(_ object: TypedObject<Tag>) -> UnsafeMutableRawPointer {
    object.raw
}

extension UnsafeMutableRawPointer {
    /// This instance as a `GObject *` (checked cast).
    @inline(__always) package var asObject: UnsafeMutablePointer<GObject> { gdd_object(self) }
    /// This instance as a `GtkWidget *` (checked cast).
    @inline(__always) package var asWidget: UnsafeMutablePointer<GtkWidget> { gdd_widget(self) }
    /// This instance as a `GListModel *` (checked cast).
    @inline(__always) var asListModel: OpaquePointer { gdd_list_model(self) }
    /// This instance as a `GtkSelectionModel *` (checked cast).
    @inline(__always) var asSelectionModel: OpaquePointer { gdd_selection_model(self) }
    /// This instance as a `GtkListItem *` (checked cast).
    @inline(__always) var asListItem: OpaquePointer { gdd_list_item(self) }
}

/// Whether `widget` is an instance of `type` or of a subtype (`G_TYPE_CHECK_INSTANCE_TYPE`).
@inline(__always) package func isInstance(_ widget: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// Takes a new reference on a GObject.
@inline(__always) package func retainObject(_ object: UnsafeMutableRawPointer) {
    g_object_ref(object)
}

/// Drops a reference on a GObject.
@inline(__always) package func releaseObject(_ object: UnsafeMutableRawPointer) {
    g_object_unref(object)
}

extension String {
    /// Runs `body` with a C string, for GTK calls that copy it.
    @inline(__always) package func withGString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        withCString(body)
    }
}
