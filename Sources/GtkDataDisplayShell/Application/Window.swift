import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkApplicationWindow`: a toplevel window that belongs to an `Application` (the application
/// runs while it is open).
///
///     window.title = "Contacts"
///     window.setDefaultSize(width: 480, height: 640)
///     window.child = adapter        // shows its scrolled window and keeps the adapter alive
///     window.present()
@MainActor
public final class Window: WidgetConvertible {
    /// The window as a widget, for any `gtk_widget_*` / `gtk_window_*` call (cast with `gdd_window`).
    public let pointer: UnsafeMutablePointer<GtkWidget>
    private let reference: ObjectReference
    private var window: UnsafeMutablePointer<GtkWindow> { gdd_window(reference.pointer) }
    /// The Swift value given as `child`, kept while it is the content (a `ListViewAdapter` must
    /// outlive its list view's rows).
    private var content: (any WidgetConvertible)?
    /// The Swift value given as `titlebar`, kept while it is the title bar.
    private var titlebarContent: (any WidgetConvertible)?
    /// How a window that draws no title bar of its own (libadwaita's `AdwApplicationWindow`) takes
    /// its one content widget; nil for GTK's window (a child and a title bar).
    private let setContent: (@MainActor (UnsafeMutablePointer<GtkWidget>) -> Void)?
    /// The vertical box holding the title bar above the child, in such a window.
    private var contentBox: ObjectReference?

    /// A new window of `application` (GTK must be initialised: create windows from `onActivate`).
    public init(application: Application) {
        pointer = gtk_application_window_new(application.pointer)
        // GTK's list of toplevels owns the window until it is destroyed; this reference lets Swift
        // use it until then and a little longer.
        reference = ObjectReference(retaining: UnsafeMutableRawPointer(pointer))
        setContent = nil
    }

    /// `window`, a `GtkApplicationWindow` of a subclass that shows one content widget given by
    /// `setContent` and draws no title bar (libadwaita's `AdwApplicationWindow`): `titlebar` and
    /// `child` then stand in a vertical box, the title bar on top, as libadwaita lays a window out.
    package init(window: UnsafeMutablePointer<GtkWidget>, setContent: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void) {
        pointer = window
        reference = ObjectReference(retaining: UnsafeMutableRawPointer(pointer))
        self.setContent = setContent
    }

    /// `pointer`.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { pointer }

    /// The title bar's text.
    public var title: String? {
        get { gtk_window_get_title(window).map { String(cString: $0) } }
        set { gtk_window_set_title(window, newValue) }
    }

    /// The themed icon that stands for the window (its application's id, usually), shown by
    /// window lists and the task switcher.
    public var iconName: String? {
        get { gtk_window_get_icon_name(window).map { String(cString: $0) } }
        set { gtk_window_set_icon_name(window, newValue) }
    }

    /// The widget shown in place of the system title bar: a `HeaderBar`, usually. The window
    /// keeps the value alive while it is the title bar; nil brings back the system's.
    public var titlebar: (any WidgetConvertible)? {
        get { titlebarContent ?? gtk_window_get_titlebar(window) }
        set {
            titlebarContent = newValue
            if setContent != nil { return composeContent() }
            gtk_window_set_titlebar(window, newValue?.gtkWidget)
        }
    }

    /// The size the window opens with, in pixels.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, Int32(clamping: width), Int32(clamping: height))
    }

    /// The window's content: a `ListViewAdapter` (its scrolled window), any widget helper,
    /// `OwnedWidget`, or a raw widget pointer; nil empties the window. The window keeps the value
    /// alive while it is the content, so `window.child = adapter` is all an adapter needs.
    public var child: (any WidgetConvertible)? {
        get { content ?? gtk_window_get_child(window) }
        set {
            content = newValue
            if setContent != nil { return composeContent() }
            gtk_window_set_child(window, newValue?.gtkWidget)
        }
    }

    /// A window with one content widget: the title bar above the child (which takes the height
    /// left), in a box made once.
    private func composeContent() {
        guard let setContent else { return }
        let box: UnsafeMutablePointer<GtkWidget>
        if let contentBox {
            box = contentBox.pointer.assumingMemoryBound(to: GtkWidget.self)
        } else {
            box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
            contentBox = ObjectReference(sinking: UnsafeMutableRawPointer(box))
            setContent(box)
        }
        while let old = gtk_widget_get_first_child(box) { gtk_box_remove(gdd_box(UnsafeMutableRawPointer(box)), old) }
        if let bar = titlebarContent?.gtkWidget { gtk_box_append(gdd_box(UnsafeMutableRawPointer(box)), bar) }
        if let child = content?.gtkWidget {
            gtk_widget_set_vexpand(child, 1)
            gtk_box_append(gdd_box(UnsafeMutableRawPointer(box)), child)
        }
    }

    /// Shows the window and brings it to the front.
    public func present() { gtk_window_present(window) }

    /// Asks the window to close, as its close button does (the application quits when its last
    /// window closes).
    public func close() { gtk_window_close(window) }

    /// Destroys the window now, without asking (as `close()` does), and lets go of its
    /// content and title bar: an adapter shown only by this window is freed with it.
    public func destroy() {
        gtk_window_destroy(window)
        releaseContent()
    }

    /// Lets go of the content's and the title bar's Swift owners (the window is gone).
    func releaseContent() {
        content = nil
        titlebarContent = nil
        contentBox = nil
    }
}
