import GtkDataDisplay
import GtkDataDisplayShell

/// The layout every page shares: its toolbar on top, the list filling the middle, the status
/// footer at the bottom.
@MainActor
enum PageLayout {
    static func make(toolbar: any WidgetConvertible, list: any WidgetConvertible, footer: StatusFooter) -> Box {
        list.vexpand = true   // the list, or its empty-state placeholder, fills the page down to the footer
        return Box(.vertical, spacing: 0, toolbar, list, footer.box)
    }
}
