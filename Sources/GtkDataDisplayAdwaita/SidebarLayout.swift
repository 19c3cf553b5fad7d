import CAdwDataDisplay
import CGtkDataDisplay
import GtkDataDisplay

/// A sidebar beside the content that folds on a narrow window, as GNOME apps lay out their pages:
/// an `AdwLeaflet` (libadwaita 1.2's): sidebar, separator, content. Wide, both show; narrow, one at
/// a time — `showContent()` once a page is picked, `showSidebar()` (or the back key, or a swipe) to
/// go back.
///
///     let layout = SidebarLayout(sidebar: pageList, content: stack, contentMinimumWidth: 360)
///     layout.changed += { backButton.isVisible = layout.isFolded && layout.showsContent }
///     window.child = layout
///
/// The leaflet folds when the window cannot give both their minimum widths. Content wider than
/// that at its minimum (a table's columns) would fold it at any usual size: with
/// `contentMinimumWidth`, the content scrolls sideways below its own minimum width, down to that one.
@MainActor
public final class SidebarLayout: WidgetWrapper {
    /// The `AdwLeaflet`.
    public let widget: OwnedWidget
    /// Fires each time the layout folds or unfolds, or shows the other of the two while folded: once
    /// the main loop is idle after it, as the leaflet folds in the middle of its allocation, where
    /// showing or hiding a widget (a back button) is too late for the frame.
    public let changed = Event<Void>()
    private var changePending = false
    private let sidebar: UnsafeMutablePointer<GtkWidget>
    /// The content, or the scrolled window holding it.
    private let content: UnsafeMutablePointer<GtkWidget>
    /// The Swift objects of the sidebar and the content (adapters, helpers), kept while shown.
    private let owners: [AnyObject]

    /// `sidebar` beside `content`, with a separator between them; with `contentMinimumWidth`, the
    /// content scrolls sideways when the window gives it less than its own minimum width.
    public init(sidebar: any WidgetConvertible, content: any WidgetConvertible, contentMinimumWidth: Int? = nil) {
        Adwaita.registerTypes()
        widget = OwnedWidget(adw_leaflet_new())
        self.sidebar = sidebar.gtkWidget
        if let width = contentMinimumWidth {
            let scrolled = gtk_scrolled_window_new()!
            let window = gdd_adw_scrolled_window(UnsafeMutableRawPointer(scrolled))
            gtk_scrolled_window_set_policy(window, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
            gtk_scrolled_window_set_min_content_width(window, Int32(clamping: max(0, width)))
            gtk_scrolled_window_set_propagate_natural_width(window, 1)
            gtk_scrolled_window_set_propagate_natural_height(window, 1)
            gtk_scrolled_window_set_child(window, Self.adw(content.gtkWidget))
            InternalWidgetNames.nameScrollBars(of: scrolled)
            self.content = scrolled
        } else {
            self.content = content.gtkWidget
        }
        owners = [sidebar, content].compactMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil }
        let leaflet = gdd_adw_leaflet(widget.raw)
        // A layout, read by its parts: named, not announced by its type (GTK 4.8 names it so).
        AccessibleAttributes.setLabel(widget.pointer, "Sidebar and content")
        adw_leaflet_set_can_navigate_back(leaflet, 1)
        _ = adw_leaflet_append(leaflet, Self.adw(self.sidebar))
        let separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)!
        adw_leaflet_page_set_navigatable(adw_leaflet_append(leaflet, Self.adw(separator)), 0)
        _ = adw_leaflet_append(leaflet, Self.adw(self.content))
        gtk_widget_set_hexpand(self.content, 1)
        for property in ["notify::folded", "notify::visible-child"] {
            Signal.connect(widget.raw, property, pointer: { [weak self] _ in self?.noteChange() })
        }
    }

    private func noteChange() {
        guard !changePending else { return }
        changePending = true
        Timeout.once(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.changePending = false
            self.changed.invoke()
        }
    }

    /// Whether the window is too narrow for both: one of them shows at a time.
    public var isFolded: Bool { adw_leaflet_get_folded(gdd_adw_leaflet(widget.raw)) != 0 }

    /// Whether the content shows (always, unfolded).
    public var showsContent: Bool {
        !isFolded || adw_leaflet_get_visible_child(gdd_adw_leaflet(widget.raw)) == Self.adw(content)
    }

    /// Shows the content (folded: instead of the sidebar).
    public func showContent() {
        adw_leaflet_set_visible_child(gdd_adw_leaflet(widget.raw), Self.adw(content))
    }

    /// Shows the sidebar (folded: instead of the content).
    public func showSidebar() {
        adw_leaflet_set_visible_child(gdd_adw_leaflet(widget.raw), Self.adw(sidebar))
    }

    /// A widget pointer as the libadwaita module's C types spell it.
    private static func adw(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<CAdwDataDisplay.GtkWidget> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: CAdwDataDisplay.GtkWidget.self)
    }
}
