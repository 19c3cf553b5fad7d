import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell

/// The demo window: a sidebar listing one page per manager (Base, Manual, Gravity, Folding,
/// Files: a real folder tree read on demand, Grid, Box: a settings page in a `GtkBox`, Feed: pagination, Empty: the empty state, Contacts: an
/// address book as app code, and Stress: a million rows) beside the
/// `Stack` of those pages, under a header bar with the dark toggle and the main menu (inside libadwaita's
/// application window: the application uses libadwaita, `useAdwaita()`). On a narrow
/// window the sidebar folds away (libadwaita's leaflet): a page picked shows alone, and the
/// header's back button brings the list of pages back.
///
/// The window owns the pages, and each page owns its manager and adapter, which its list view
/// calls back into for as long as it shows rows. Pages that are not visible keep their state.
/// Alt+1…9 show the pages in sidebar order; Alt+letter presses a toolbar button (mnemonics).
@MainActor
final class DemoWindow {
    /// The application window.
    let window: Window
    /// The pages, one shown at a time.
    let stack = Stack()
    /// The list of pages beside the stack.
    let sidebar: StackSidebar
    /// The sidebar and the stack, folding on a narrow window.
    let layout: SidebarLayout
    /// Back to the list of pages, on a folded layout showing a page.
    let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: "Pages")
    /// How narrow a page may get (it scrolls sideways below its own width) before the sidebar folds.
    static let contentMinimumWidth = 360
    /// The title bar: the window's title, the dark toggle and the main menu.
    let header = HeaderBar()
    /// The header bar's toggle and menu, and the actions behind them.
    let controls: HeaderControls
    private let pages: [any DemoPage]

    /// The sidebar's width: room for the longest title, as GNOME sidebars leave.
    static let sidebarWidth = 160

    init(application: Application, window: Window, initialPage: PageName) {
        self.window = window
        DemoResources.installStylesheet(in: application)
        pages = [BasePage(), ManualPage(), GravityPage(), FoldingPage(), FilesPage(), GridPage(), BoxPage(), FeedPage(), EmptyPage(), ContactsPage(), StressPage()]
        window.title = DemoAbout.programName
        window.iconName = DemoResources.applicationID
        window.setDefaultSize(width: 760 + Self.sidebarWidth, height: 760)
        window.addCSSClass("demo")

        do {
            for page in pages {
                try stack.addPage(page.root, name: page.name.rawValue, title: page.title)
            }
            try stack.showPage(initialPage.rawValue)
        } catch {
            DemoResources.warn("pages: \(error)")
        }
        stack.hexpand = true
        sidebar = StackSidebar(stack: stack)
        sidebar.setSizeRequest(width: Self.sidebarWidth)
        layout = SidebarLayout(sidebar: sidebar, content: stack, contentMinimumWidth: Self.contentMinimumWidth)
        window.child = layout
        controls = HeaderControls(header: header, application: application, window: window)
        header.packStart(backButton)
        backButton.isVisible = false
        backButton.onClicked { [weak self] in self?.layout.showSidebar() }
        layout.changed += { [weak self] in self?.showBackButton() }
        layout.showContent()
        stack.onVisiblePageChanged { [weak self] _ in
            // Folded, a page picked in the sidebar shows alone.
            guard let self, self.layout.isFolded else { return }
            self.layout.showContent()
        }
        window.titlebar = header
        addPageKeys(names: pages.map(\.name.rawValue))
    }

    /// The back button shows while a folded layout shows a page.
    private func showBackButton() {
        backButton.isVisible = layout.isFolded && layout.showsContent
    }

    /// The desktop switched between light and dark: show it on the header's toggle.
    func showDark(_ dark: Bool) {
        controls.showDark(dark)
    }

    func present() {
        window.present()
    }

    /// Alt+1…9 show the pages in sidebar order, as Alt+digit picks tabs in GNOME apps. The
    /// shortcuts run after the focused widget has had the key, so a widget that wants it gets it
    /// first.
    private func addPageKeys(names: [String]) {
        for (index, name) in names.prefix(9).enumerated() {
            do {
                try window.addShortcut("<Alt>\(index + 1)") { [weak stack] in
                    (try? stack?.showPage(name)) != nil
                }
            } catch {
                DemoResources.warn("page keys: \(error)")
            }
        }
    }
}
