import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell

/// The "Base" page: a `BaseListManager` of produce in three sections, and the list updates
/// every manager has (add, remove, update, and whole-state updates).
///
/// Every toolbar action reaches the store as a diffed update (a few splices), never as a full
/// reload; the status line says how many splices it took. A row deleted from its menu can be put
/// back from the toast that follows (Undo).
@MainActor
final class BasePage: DemoPage {
    let name = PageName.base
    let title = "Base"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: makeToolbar(), list: deletion, footer: footer)
    private let manager = BaseListManager()
    private let adapter: ListViewAdapter
    private let footer: StatusFooter
    private var catalog = DemoCatalog()
    /// The list under the toasts of its deletions (Undo).
    private lazy var deletion: UndoableDeletion = {
        let deletion = UndoableDeletion(content: adapter.scrolledWindow)
        deletion.undone += { [weak self] rows in
            self?.footer.show("Put back “\((rows.first as? any DemoRow)?.title ?? "row")”")
        }
        return deletion
    }()

    init() {
        adapter = ListViewAdapter(manager: manager, selection: .single)
        adapter.accessibleName = "Items"
        footer = StatusFooter(adapter: adapter) { [manager] in plural(Self.rowCount(manager), "row") }
        adapter.didActivate += { [weak self] generator in self?.activated(generator) }
        adapter.install(RowActionsPlugin(actions: { [weak self] generator in self?.rowActions(for: generator) ?? [] }))
        footer.perform { () throws(DataDisplayError) in
            try manager.setState(catalog.initialState())
            return "Loaded"
        }
    }

    private func makeToolbar() -> Box {
        Toolbar.make([[
            ToolbarAction("_Add", "Insert a new row at the top of “Recently added”") { [weak self] in self?.add() },
            ToolbarAction("_Remove", "Remove a random row") { [weak self] in self?.removeRandomRow() },
            ToolbarAction("_Update", "Change a random row and rebind it in place") { [weak self] in self?.updateRandomRow() },
            ToolbarAction("_Shuffle", "Shuffle every section (one diffed whole-state update)") { [weak self] in self?.shuffle() },
            ToolbarAction("Re_build", "Load a fresh state: some rows changed, gone or new (diffed)") { [weak self] in self?.rebuild() },
        ]])
    }

    // MARK: Actions

    private func add() {
        footer.perform { () throws(DataDisplayError) in
            guard let header = manager.sections.first(where: { $0.header?.diffID == AnyHashable(DemoCatalog.recentSectionID) })?.header else {
                return "No “Recently added” section"
            }
            let row = catalog.makeRow()
            try manager.insert(row, after: header)
            adapter.reveal(row)
            return "Added “\(row.title)”"
        }
    }

    private func removeRandomRow() {
        footer.perform { () throws(DataDisplayError) in
            guard let row = randomRow() else { return "Nothing to remove" }
            try manager.remove(row)
            return "Removed “\(row.title)”"
        }
    }

    private func updateRandomRow() {
        footer.perform { () throws(DataDisplayError) in
            guard let row = randomRow() else { return "Nothing to update" }
            row.changeContent()
            try manager.update(row)
            adapter.reveal(row)
            return "Updated “\(row.title)”"
        }
    }

    private func shuffle() {
        footer.perform { () throws(DataDisplayError) in
            // The same generators in a new order: the diff sees moves only.
            let shuffled = manager.sections.map { Section(header: $0.header, rows: $0.rows.shuffled(), footer: $0.footer) }
            try manager.setState(shuffled)
            return "Shuffled: \(plural(manager.lastUpdate?.moves ?? 0, "row")) moved"
        }
    }

    private func rebuild() {
        footer.perform { () throws(DataDisplayError) in
            // New generator instances with the old ids: matched by id, rebound only if changed.
            try manager.setState(catalog.rebuild(manager.sections))
            guard let update = manager.lastUpdate else { return "Rebuilt" }
            return "Rebuilt: \(update.inserted) new, \(update.removed) gone, \(update.updated) changed, \(update.moves) moved"
        }
    }

    /// The row's context menu (right click, long press, Menu, Shift+F10): update it, or delete it.
    private func rowActions(for generator: any RowGenerator) -> [RowAction] {
        guard let row = generator as? any DemoRow else { return [] }
        return [
            RowAction(id: "update", label: "Update", icon: "view-refresh-symbolic") { [weak self] in
                self?.footer.perform { () throws(DataDisplayError) in
                    row.changeContent()
                    try self?.manager.update(row)
                    return "Updated “\(row.title)”"
                }
            },
            RowAction(id: "delete", label: "Delete", icon: "user-trash-symbolic", isDestructive: true) { [weak self] in
                guard let self else { return }
                self.footer.perform { () throws(DataDisplayError) in
                    try self.deletion.delete([row], from: self.manager, title: "“\(row.title)” deleted")
                    return "Deleted “\(row.title)”"
                }
            },
        ]
    }

    private func activated(_ generator: any RowGenerator) {
        let title = (generator as? any DemoRow)?.title ?? "row"
        footer.show("Activated “\(title)”")
    }

    // MARK: Helpers

    private func randomRow() -> (any DemoRow)? {
        manager.sections.flatMap(\.rows).compactMap { $0 as? any DemoRow }.randomElement()
    }

    /// Rows of every section, headers not counted.
    private static func rowCount(_ manager: BaseListManager) -> Int {
        manager.sections.reduce(0) { $0 + $1.rows.count }
    }
}
