import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// The "Files" page: a real folder tree (`/usr/share`, or `GDD_FILES_ROOT`), read as it is
/// unfolded, in a table (name with the tree, size, kind, modified; a click on a header sorts by
/// it, folders within their parent), written as app code (GtkDataDisplay only, no C).
///
/// A folder row reads its entries on its first expand, off the main thread (the library shows a
/// loading row meanwhile, an error row with Retry if the read fails). The page keeps what was
/// read in its `FileTree`, and shows it through a `FilteredState` (the tree of entries read so
/// far, searched by name): folders read already get their rows (`children:`), the others a
/// loader; fold state and selection follow the paths, and the table's sort orders every render
/// and every folder read. The search covers what has been read: a folder stays when its name or
/// anything read below it matches (and is opened then), and a matching folder with no match
/// below it shows all it holds. Typing on the table finds a row by the start of its
/// name (`TypeToFindPlugin`). Several rows can be selected; each has a menu (Copy Path, Show
/// Properties, Reload).
@MainActor
final class FilesPage: DemoPage {
    let name = PageName.files
    let title = "Files"
    private(set) lazy var root: any WidgetConvertible = makeRoot()
    /// The search and the hint (kept: the wrapper owns its widget's reference).
    private lazy var toolbar = makeToolbar()
    let manager = BaseListManager()
    let adapter: ColumnViewAdapter
    let search = SearchEntry(placeholder: "Search what has been read")
    let rowActions: RowActionsPlugin
    /// Typing on the table selects the first entry shown whose name starts with it.
    let finder = TypeToFindPlugin(\FileEntry.name)
    /// What has been read.
    private(set) var tree: FileTree
    /// The entries read, as the search shows them (the root folder's entry on top).
    private var entries: FilteredState<FileEntry>!
    /// Whether folders were read since `entries` last took the tree: the next search takes it again.
    private var readSinceShown = false
    private let footer: StatusFooter
    /// The folders open in the tree, by path: the user's folds (`didFold`) and what a search
    /// opened. A folder a search hid comes back as it was when the search is cleared.
    private var openFolders: Set<String>
    /// Whether the first folder in the root opens once the root is read (to show the tree's shape).
    private var opensFirstFolder: Bool

    /// The folder the page shows unless told another: `GDD_FILES_ROOT`, else `/usr/share`.
    nonisolated static var defaultRoot: String {
        ProcessInfo.processInfo.environment["GDD_FILES_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share"
    }

    init(root: String = FilesPage.defaultRoot, opensFirstFolder: Bool = true) {
        tree = FileTree(root: root)
        self.opensFirstFolder = opensFirstFolder
        openFolders = [root]
        var actions: ((any RowGenerator) -> [RowAction])?
        rowActions = .rowActions { generator in actions?(generator) ?? [] }
        adapter = manager.columnViewBuilder(columns: Self.columns())
            .add(plugin: .selectable(.multiple))
            .add(plugin: .foldable())
            .add(plugin: rowActions)
            .add(plugin: finder)
            .build()
        adapter.accessibleName = "Files"
        adapter.offersColumnMenu = true   // a right click on a header shows and hides columns
        var summary: (() -> String)?
        footer = StatusFooter(adapter: adapter) { summary?() ?? "" }
        summary = { [weak self] in self?.summary() ?? "" }
        actions = { [weak self] generator in self?.rowActions(for: generator) ?? [] }

        search.widget.setAccessibleLabel("Search files")   // GTK 4.8 reads the placeholder to nobody
        search.onSearchChanged { [weak self] text in self?.setQuery(text) }
        adapter.sortChanged += { [weak self] column in self?.sorted(by: column) }
        adapter.selectionChanged += { [weak self] change in self?.selectionChanged(change) }
        manager.didLoadChildren += { [weak self] folder in self?.loaded(folder) }
        manager.didFold += { [weak self] change in self?.folded(change) }
        entries = try! FilteredState(manager: manager, models: [], text: \.name) { [weak self] entry in
            // A folder's entries as read so far (none yet: a loader reads them), nil for a file.
            entry.isFolder ? (self?.tree.sortedEntries(of: entry.path) ?? []) : nil
        } row: { FileRow(entry: $0) } folder: { [weak self] entry, children, expanded in
            self?.folderRow(entry, children: children, expanded: expanded) ?? FolderRow(entry: entry, children: children, expanded: expanded)
        }
        finder.didFind += { [weak self] generator in
            guard let entry = generator.fileEntry else { return }
            self?.footer.show("Found “\(entry.name)”")
        }
        render("Reading \(root)")
    }

    private func makeRoot() -> Box {
        let box = PageLayout.make(toolbar: toolbar, list: adapter.gtkWidget, footer: footer)
        // Typing on the table finds a row by its first letters (`finder`): the search does not
        // capture the page's keys (GtkSearchEntry captures before the table sees them).
        do {
            try box.addShortcut("<Control>f") { [weak self] in self?.search.grabFocus() ?? false }
        } catch {
            DemoResources.warn("Files page keys: \(error)")
        }
        return box
    }

    /// The table's columns: the rows themselves (icon, name, the tree) and three of their fields,
    /// each sorting by a click on its header.
    static func columns() -> [TableColumn] {
        [
            TableColumn(id: "name", title: "Name").sortable { (entry: FileEntry) in entry.nameKey },
            TableColumn(id: "size", title: "Size", text: { (entry: FileEntry) in entry.sizeText })
                .sortable { (entry: FileEntry) in entry.sizeKey },
            TableColumn(id: "kind", title: "Kind", text: { (entry: FileEntry) in entry.kind })
                .sortable { (entry: FileEntry) in entry.kind },
            TableColumn(id: "modified", title: "Modified", text: { (entry: FileEntry) in entry.modifiedText })
                .sortable { (entry: FileEntry) in entry.modified },
        ]
    }

    private func makeToolbar() -> Box {
        search.hexpand = true
        let line = Box(.horizontal, spacing: 6, search)
        let hint = Label("Folders are read when first opened. The search (Ctrl+F) covers what has been read; typing on the table "
                         + "jumps to the first name shown that starts with it (Up/Down: the others). "
                         + "Click a column’s header to sort by it, right click it to choose the columns. "
                         + "Ctrl+click or Shift+click selects several; right click or Menu opens a row’s actions.",
                         xalign: 0, wrap: true)
        hint.addCSSClass("hint")
        let toolbar = Box(.vertical, spacing: 6, line, hint)
        toolbar.addCSSClass("toolbar")
        return toolbar
    }

    // MARK: What the user does

    /// Filters the tree by `text` (names, case ignored), over what has been read.
    func setQuery(_ text: String) {
        footer.perform { () throws(DataDisplayError) in
            if readSinceShown { try showTree() }
            try entries.setQuery(text)
            guard let matches = entries.matchCount else { return "Search cleared" }
            return "Search “\(text)”: \(plural(matches, "entry", "entries")) match"
        }
    }

    /// Sorts by the column with `id` (what a click on its header does; again: the other way).
    func sort(by id: String, ascending: Bool = true) {
        adapter.sort(by: adapter.column(id: id), ascending: ascending)
    }

    /// Reads a folder again: one made with a loader loads again (`loadChildren(of:)`); one the page
    /// gave its rows is forgotten and rendered with a loader, which reads it if it is open.
    func reload(_ folder: FolderRow) {
        let path = folder.model.path
        footer.perform { () throws(DataDisplayError) in
            tree.forget(path)
            if folder.childLoading != nil {
                try manager.loadChildren(of: folder)
            } else {
                try showTree()
            }
            return "Reloading \(folder.model.name)"
        }
    }

    // MARK: Rendering

    /// Shows the tree as read so far; the footer says what reached the store.
    private func render(_ headline: String) {
        footer.perform { () throws(DataDisplayError) in
            try showTree()
            return headline
        }
    }

    /// Hands `entries` the tree as read so far, from the root folder's entry.
    private func showTree() throws(DataDisplayError) {
        try entries.setModels([FileEntry(name: tree.root, path: tree.root, isFolder: true, size: 0)])
        readSinceShown = false
    }

    /// A folder's row: its rows when it has been read, a loader otherwise. It opens when the
    /// search opens it, or when the page knows it open (the user's folds, by path: it may come
    /// back from behind a search); any other keeps the fold state of the row with its path.
    private func folderRow(_ entry: FileEntry, children: [any RowGenerator], expanded: Bool?) -> FolderRow {
        let opens: Bool? = expanded == true || openFolders.contains(entry.path) ? true : expanded
        guard tree.read[entry.path] != nil else { return FolderRow(entry: entry, expanded: opens, load: loader(for: entry.path)) }
        return FolderRow(entry: entry, children: children, expanded: opens)
    }

    /// Reads `path` off the main thread, keeps the entries, and answers with their rows (all of
    /// them: the folder was shown, so the search let it through for its own name, or there is none).
    private func loader(for path: String) -> ChildrenLoader {
        { [weak self] in
            let entries = try await Task.detached { try FileTree.readFolder(path) }.value
            guard let self else { return [] }
            self.tree.store(entries, of: path)
            self.readSinceShown = true
            return (self.tree.sortedEntries(of: path) ?? []).map { entry -> any RowGenerator in
                entry.isFolder ? self.folderRow(entry, children: [], expanded: nil) : FileRow(entry: entry)
            }
        }
    }

    // MARK: Reactions

    private func loaded(_ folder: any FoldableItem) {
        guard let row = folder as? FolderRow else { return }
        if case .failed? = row.childLoading?.state {
            footer.note(row.model.name, "could not be read")
        } else {
            footer.note(row.model.name, "read")
        }
        if opensFirstFolder, row.model.path == tree.root {
            opensFirstFolder = false
            if let first = row.children.first(where: { ($0 as? FolderRow) != nil }) {
                try? manager.expand(first)
            }
        }
    }

    private func sorted(by column: TableColumn?) {
        guard let column else { return footer.show("Unsorted") }
        footer.show("Sorted by \(column.title.lowercased()), \(adapter.sortsAscending ? "ascending" : "descending")")
    }

    private func folded(_ change: FoldChange) {
        guard let folder = change.generator as? FolderRow else { return }
        if change.isExpanded { openFolders.insert(folder.model.path) } else { openFolders.remove(folder.model.path) }
    }

    private func selectionChanged(_ change: SelectionChange) {
        guard change.cause != .update else { return }
        let selected = adapter.selectedGenerators.compactMap(\.fileEntry)
        footer.show(selected.count == 1 ? "Selected “\(selected[0].name)”" : "\(plural(selected.count, "entry", "entries")) selected")
    }

    /// A row's menu: copy its path, say what it is, read a folder again.
    private func rowActions(for generator: any RowGenerator) -> [RowAction] {
        guard let entry = generator.fileEntry else { return [] }
        var actions = [
            RowAction(id: "copy-path", label: "Copy Path", icon: "edit-copy-symbolic") { [weak self] in
                let copied = Clipboard.copy(entry.path)
                self?.footer.show(copied ? "Copied \(entry.path)" : "No clipboard to copy to")
            },
            RowAction(id: "properties", label: "Show Properties", icon: "document-properties-symbolic") { [weak self] in
                self?.showProperties(entry)
            },
        ]
        if let folder = generator as? FolderRow {
            actions.append(RowAction(id: "reload", label: "Reload", icon: "view-refresh-symbolic") { [weak self] in
                self?.reload(folder)
            })
        }
        return actions
    }

    private func showProperties(_ entry: FileEntry) {
        if entry.isFolder {
            let count = tree.read[entry.path].map { plural($0.count, "entry", "entries") + " read" } ?? "not read yet"
            footer.show("\(entry.path): folder, \(count)")
        } else {
            footer.show("\(entry.path): file, \(entry.sizeText)")
        }
    }

    /// "N entries read, M shown, K selected" (the root's own row is not an entry).
    private func summary() -> String {
        let shown = manager.flatGenerators.lazy.filter { $0.fileEntry != nil }.count
        return "\(grouped(tree.readCount)) entries read, \(grouped(max(shown - 1, 0))) shown, \(grouped(adapter.selectedCount)) selected"
    }
}
