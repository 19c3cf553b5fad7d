import GtkDataDisplay
import GtkDataDisplayShell

/// The demo's pages, in the order the sidebar lists them. The raw value is the page's name in
/// the window's `Stack` and on the command line (`--page folding`).
enum PageName: String, CaseIterable {
    case base, manual, gravity, folding, files, grid, box, feed, empty, contacts, stress
}

/// One page of the demo window: a manager, the adapter that shows it, and the widgets around
/// the list. A page owns its manager and adapter, so it must live as long as the window.
@MainActor
protocol DemoPage: AnyObject {
    /// Which page this is.
    var name: PageName { get }
    /// The page's title in the sidebar.
    var title: String { get }
    /// The page's root widget, put into the window's `Stack`.
    var root: any WidgetConvertible { get }
}
