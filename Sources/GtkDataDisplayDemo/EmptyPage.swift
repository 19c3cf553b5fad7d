import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell

/// The "Empty" page: an inbox that starts with no messages, to show the empty-state plugin on its
/// own. The placeholder, libadwaita's status page (icon, title, description, a Refresh button), stands where the rows would be
/// while the list has none, and goes as soon as a row arrives; clearing the list brings it back.
///
/// Every change is an ordinary manager call (`add`, `remove`, `clear`): the plugin watches the
/// store, so the page never shows or hides the placeholder itself.
@MainActor
final class EmptyPage: DemoPage {
    let name = PageName.empty
    let title = "Empty"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: makeToolbar(), list: adapter.widget, footer: footer)
    let manager = BaseListManager()
    private let adapter: ListViewAdapter
    let empty: EmptyStatePlugin
    private let footer: StatusFooter
    private var received = 0

    private static let senders = ["Ada", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances"]
    private static let subjects = ["Lunch on Friday?", "Build is green again", "Slides for the review",
                                   "Re: the list view", "Holiday photos", "Release notes draft"]

    init() {
        empty = .statusPage(iconName: "mail-unread-symbolic", title: "No Messages",
                            description: "New messages appear here.", actionLabel: "Refresh")
        adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).add(plugin: empty).add(plugin: .animatedChanges()).build()
        adapter.accessibleName = "Messages"
        footer = StatusFooter(adapter: adapter) { [manager] in plural(manager.flatGenerators.count, "message") }
        empty.actionActivated += { [weak self] in self?.receive(3) }
        footer.perform { () throws(DataDisplayError) in "Inbox empty: the placeholder shows" }
    }

    private func makeToolbar() -> Box {
        Toolbar.make([[
            ToolbarAction("_Receive", "A new message arrives at the top") { [weak self] in self?.receive(1) },
            ToolbarAction("_Archive", "Remove the oldest message") { [weak self] in self?.archiveOldest() },
            ToolbarAction("_Clear", "Remove every message: the placeholder comes back") { [weak self] in self?.clear() },
        ]], hint: "The empty-state plugin shows its placeholder while the list has no rows, and hides it when one arrives.")
    }

    func receive(_ count: Int) {
        footer.perform { () throws(DataDisplayError) in
            var rows: [TextRow] = []
            for _ in 0..<count {
                received += 1
                let sender = Self.senders[received % Self.senders.count]
                let subject = Self.subjects[received % Self.subjects.count]
                rows.append(TextRow(model: Produce(name: subject, note: "From \(sender)"), id: "message \(received)"))
            }
            if let first = manager.flatGenerators.first {
                try manager.insert(rows, before: first)                  // one splice
            } else {
                try manager.addSection(rows: rows)
            }
            return count == 1 ? "Received “\(rows[0].title)”" : "Received \(count) messages"
        }
    }

    func archiveOldest() {
        footer.perform { () throws(DataDisplayError) in
            guard let oldest = manager.flatGenerators.last else { return "Nothing to archive" }
            try manager.remove(oldest, removeEmptySection: true)
            return "Archived the oldest message"
        }
    }

    func clear() {
        footer.perform { () throws(DataDisplayError) in
            manager.clear()
            return "Cleared: the placeholder is back"
        }
    }
}
