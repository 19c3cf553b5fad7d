// A widget rendered by GTK itself into a PNG file: the widget's paintable snapshotted into a
// render node, rendered to a texture by the widget's own renderer (GL or Cairo), saved as PNG.

import CGtkDataDisplay
import GtkDataDisplay

enum WidgetSnapshot {
    /// Renders `widget` (realised, with a size) at its current size and saves it to `path`;
    /// returns what went wrong, or nil on success.
    static func savePNG(_ widget: UnsafeMutablePointer<GtkWidget>, to path: String) -> String? {
        guard gtk_widget_get_realized(widget) != 0, let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else {
            return "the widget is not realised (present its window and let it draw once)"
        }
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0 else { return "the widget has no size yet" }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return "the widget drew nothing" }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t()
        graphene_rect_init(&viewport, 0, 0, Float(width), Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else {
            return "the renderer made no texture"
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { return "cannot write \(path)" }
        return nil
    }
}
