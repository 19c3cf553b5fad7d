// The host framework's own widget types, with the generic names other Swift GTK frameworks use.

import CGtk

/// The host's widget base: one `GtkWidget *`.
@MainActor
open class Widget {
    public let pointer: UnsafeMutablePointer<GtkWidget>
    public init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
        g_object_ref_sink(UnsafeMutableRawPointer(pointer))
    }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// A vertical box.
@MainActor
public final class Box: Widget {
    public init() { super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)) }
    /// Appends any raw widget (another library's too).
    public func append(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_append(host_box(pointer), child) }
}

/// A label.
@MainActor
public final class Label: Widget {
    public init(_ text: String) { super.init(gtk_label_new(text)) }
}

/// A button.
@MainActor
public final class Button: Widget {
    public init(_ text: String) { super.init(gtk_button_new_with_label(text)) }
}

/// A toplevel window.
@MainActor
public final class Window: Widget {
    public init(title: String) {
        super.init(gtk_window_new())
        gtk_window_set_title(host_window(pointer), title)
        gtk_window_set_default_size(host_window(pointer), 400, 500)
    }
    public func setChild(_ child: Widget) { gtk_window_set_child(host_window(pointer), child.pointer) }
    public func present() { gtk_window_present(host_window(pointer)) }
    public func destroy() { gtk_window_destroy(host_window(pointer)) }
}
