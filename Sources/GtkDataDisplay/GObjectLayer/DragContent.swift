import CGtkDataDisplay

/// What a drag carries, as GDK wants it: a string in a `GValue`, wrapped in a content provider.
enum DragContent {
    /// A new `GdkContentProvider` holding `text` as a string (transfer full: the drag source's
    /// `prepare` hands it to GTK).
    static func provider(string text: String) -> UnsafeMutableRawPointer {
        var value = GValue()
        g_value_init(&value, gdd_type_string())
        g_value_set_string(&value, text)
        let provider = gdk_content_provider_new_for_value(&value)!
        g_value_unset(&value)
        return UnsafeMutableRawPointer(provider)
    }

    /// The string a dropped `GValue *` holds, or nil when it holds something else.
    static func string(from value: UnsafeMutableRawPointer?) -> String? {
        guard let value else { return nil }
        let gvalue = value.assumingMemoryBound(to: GValue.self)
        guard gvalue.pointee.g_type == gdd_type_string(), let text = g_value_get_string(gvalue) else { return nil }
        return String(cString: text)
    }

    /// A paintable that draws `widget` as it looks now and follows it (the drag icon); transfer full.
    static func widgetPaintable(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        gtk_widget_paintable_new(widget)
    }
}
