import CGtkDataDisplay
import GtkDataDisplay

/// Reads GTK's own widget tree in a test: what a composite widget (a header bar, a stack
/// sidebar) really made of the children it was given.
@MainActor
enum WidgetTree {
    /// Every widget below `widget`, depth first, in child order.
    static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result.append(current)
            result += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    /// The descendants of `widget` that are instances of `type` (or a subtype).
    static func descendants(of widget: UnsafeMutablePointer<GtkWidget>, type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
        descendants(of: widget).filter { gdd_is_instance_of(UnsafeMutableRawPointer($0), type) != 0 }
    }

    /// The text of every label inside `widget`, in order.
    static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        descendants(of: widget, type: gtk_label_get_type()).map { String(cString: gtk_label_get_text(gdd_label(UnsafeMutableRawPointer($0)))) }
    }

    /// The x coordinate of `widget`'s left edge in `ancestor`'s coordinates (nil when it is not inside it).
    static func x(of widget: UnsafeMutablePointer<GtkWidget>, in ancestor: UnsafeMutablePointer<GtkWidget>) -> Float? {
        var origin = graphene_point_t(x: 0, y: 0)
        var result = graphene_point_t()
        guard gtk_widget_compute_point(widget, ancestor, &origin, &result) != 0 else { return nil }
        return result.x
    }

    /// The open toplevel windows that are instances of `type`.
    static func toplevels(of type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_window_get_toplevels()!
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            if gdd_is_instance_of(item, type) != 0 { result.append(gdd_widget(item)) }
            g_object_unref(item)
        }
        return result
    }
}
