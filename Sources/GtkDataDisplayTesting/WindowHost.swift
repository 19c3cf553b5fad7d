import CGtkDataDisplay
import GtkDataDisplay

/// A real toplevel window showing one widget, for widget tests under a display (Xvfb).
@MainActor
public final class WindowHost {
    /// The `GtkWindow` as a widget.
    public let window: UnsafeMutablePointer<GtkWidget>
    /// What `init(showing:)` shows, kept while the window is.
    private var keptContent: Any?
    private var destroyed = false

    private static var initialized: Bool?

    /// Whether GTK can open a display here (`gtk_init_check`, asked once: GTK must not be
    /// initialised again after a failed attempt).
    public static func initializeGTK() -> Bool {
        if let initialized { return initialized }
        let result = gtk_init_check() != 0
        initialized = result
        return result
    }

    /// A window of the given size showing `child`, presented and laid out.
    public init(child: UnsafeMutablePointer<GtkWidget>, width: Int32 = 400, height: Int32 = 600) {
        window = gtk_window_new()
        g_object_ref_sink(UnsafeMutableRawPointer(window))
        let asWindow = gdd_window(UnsafeMutableRawPointer(window))
        gtk_window_set_default_size(asWindow, width, height)
        gtk_window_set_child(asWindow, child)
        gtk_window_present(asWindow)
        MainContext.iterate(until: { gtk_widget_get_mapped(self.window) != 0 })
        settle()
    }

    /// A window of the given size showing `content`: a list or grid view adapter (its `widget`), a
    /// `BoxAdapter` (its box) or any widget helper, presented and laid out; the host keeps `content`
    /// (the Swift side of what it shows) until it is destroyed. Call `WindowHost.initializeGTK()`
    /// first (it needs a display: run under `xvfb-run -a`).
    public convenience init(showing content: some WidgetConvertible, width: Int32 = 400, height: Int32 = 600) {
        self.init(child: content.gtkWidget, width: width, height: height)
        keptContent = content
    }

    /// Waits until GTK has drawn the window once more (`gtk_test_widget_wait_for_draw`): every
    /// change made before it is laid out, bound and painted.
    public func waitForDraw() {
        gtk_test_widget_wait_for_draw(window)
        MainContext.drain()
    }

    /// Lets GTK lay out and bind whatever changed.
    public func settle() {
        MainContext.run(for: 0.15)
        MainContext.drain()
    }

    /// Destroys the window and drops the test's reference.
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        gtk_window_destroy(gdd_window(UnsafeMutableRawPointer(window)))
        g_object_unref(UnsafeMutableRawPointer(window))
        keptContent = nil
        MainContext.drain()
    }
}
