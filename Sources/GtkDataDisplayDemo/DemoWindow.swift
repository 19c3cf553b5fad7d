import CGtk
import GtkDataDisplay

/// The demo window: a header bar whose stack switcher picks one page per manager
/// (Base, Manual, Gravity, Folding, Grid, Box: a settings page in a `GtkBox`, Feed: pagination and the empty state,
/// Contacts: an address book as app code, and Stress: a million rows), and the `GtkStack` of those pages.
///
/// The window owns the pages, and each page owns its manager and adapter, which its list view
/// calls back into for as long as it shows rows. Pages that are not visible keep their state.
/// Alt+1…5 switch pages from the keyboard; Alt+letter presses a toolbar button (mnemonics).
@MainActor
final class DemoWindow {
    private let window: ObjectReference
    private let pages: [any DemoPage]
    private var controls: HeaderControls?

    /// The window as a widget (for a screenshot).
    var widget: UnsafeMutablePointer<GtkWidget> { gdd_widget(window.pointer) }

    init(application: UnsafeMutablePointer<GtkApplication>, initialPage: PageName) {
        DemoResources.installStylesheet()
        pages = [BasePage(), ManualPage(), GravityPage(), FoldingPage(), GridPage(), BoxPage(), FeedPage(), ContactsPage(), StressPage()]
        let window = gtk_application_window_new(application)!
        self.window = ObjectReference(retaining: UnsafeMutableRawPointer(window))
        gtk_window_set_title(gdd_window(window), "GtkDataDisplay Demo")
        gtk_window_set_icon_name(gdd_window(window), DemoResources.applicationID)
        gtk_window_set_default_size(gdd_window(window), 600, 760)
        gtk_widget_add_css_class(window, "demo")

        let stackWidget = gtk_stack_new()!
        let stack = gdd_stack(stackWidget)!
        for page in pages {
            gtk_stack_add_titled(stack, page.root.gtkWidget, page.name.rawValue, page.title)
        }
        gtk_stack_set_visible_child_name(stack, initialPage.rawValue)
        // GtkStackSwitcher and GtkHeaderBar are final types, which Swift sees as opaque
        // pointers; the widgets are fresh from their constructors, so the casts cannot be wrong.
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(OpaquePointer(switcher), stack)
        let header = gtk_header_bar_new()!
        gtk_header_bar_set_title_widget(OpaquePointer(header), switcher)
        controls = HeaderControls(header: OpaquePointer(header), application: application, window: window)
        gtk_window_set_titlebar(gdd_window(window), header)
        gtk_window_set_child(gdd_window(window), stackWidget)
        connectPageKeys(window: window, stack: stack, names: pages.map(\.name.rawValue))
    }

    /// The desktop switched between light and dark: show it on the header's toggle.
    func showDark(_ dark: Bool) {
        controls?.showDark(dark)
    }

    func present() {
        gtk_window_present(gdd_window(window.pointer))
    }

    /// Alt+1…5 show the pages in switcher order, as Alt+digit picks tabs in GNOME apps. The
    /// controller runs in the bubble phase, so a focused widget that wants the key gets it first.
    private func connectPageKeys(window: UnsafeMutablePointer<GtkWidget>, stack: OpaquePointer, names: [String]) {
        let controller = gtk_event_controller_key_new()!
        Signal.connect(UnsafeMutableRawPointer(controller), "key-pressed", key: { keyval, modifiers in
            let others = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_SUPER_MASK.rawValue
            guard modifiers & GDK_ALT_MASK.rawValue != 0, modifiers & others == 0 else { return false }
            let index = Int(keyval) - Int(GDK_KEY_1)
            guard names.indices.contains(index) else { return false }
            gtk_stack_set_visible_child_name(stack, names[index])
            return true
        })
        gtk_widget_add_controller(window, controller)  // takes the controller
    }
}
