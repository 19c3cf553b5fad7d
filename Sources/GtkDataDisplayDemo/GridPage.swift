import GtkDataDisplay
import GtkDataDisplayShell

/// The "Grid" page: icons as tiles in a `GridViewAdapter`, in sections whose headers are tiles of
/// their own (GTK 4.8's grid has no full-width rows), drawn as headings by the library's CSS.
///
/// The same manager API as the list pages: the toolbar's updates are diffed whole-state updates;
/// headers are never selected, and the cursor keys move across sections in all four directions.
@MainActor
final class GridPage: DemoPage {
    let name = PageName.grid
    let title = "Grid"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: makeToolbar(), list: grid.scrolledWindow, footer: footer)
    private let manager = BaseListManager()
    private let grid: GridViewAdapter
    private let footer: StatusFooter
    private var gallery = IconGallery()

    init() {
        grid = manager.gridViewBuilder
            .add(plugin: .selectable(.single))
            .build()
        grid.accessibleName = "Icons"
        grid.maxColumns = 6
        footer = StatusFooter(adapter: grid) { [manager] in
            plural(manager.store.count - manager.sections.count, "icon")
        }
        grid.didSelect += { [weak self] generator in
            guard let tile = generator as? IconTile else { return }
            self?.footer.show("Selected “\(tile.model.title)” (\(tile.model.iconName))")
        }
        footer.perform { () throws(DataDisplayError) in
            try manager.setState(gallery.sections())
            return "Loaded"
        }
    }

    private func makeToolbar() -> Box {
        Toolbar.make([[
            ToolbarAction("_Shuffle", "Shuffle the tiles of every section (one diffed whole-state update)") { [weak self] in self?.shuffle() },
            ToolbarAction("_Hide one", "Hide a random icon (diffed)") { [weak self] in self?.hideOne() },
            ToolbarAction("Show _all", "Show every icon again (diffed)") { [weak self] in self?.showAll() },
        ]], hint: "Headers are tiles of their own and never selected. Arrow keys move across sections; Up and Down by a row of tiles.")
    }

    private func shuffle() {
        footer.perform { () throws(DataDisplayError) in
            gallery.shuffle()
            try manager.setState(gallery.sections())
            return "Shuffle"
        }
    }

    private func hideOne() {
        footer.perform { () throws(DataDisplayError) in
            guard let hidden = gallery.hideRandom() else { return "Nothing left to hide" }
            try manager.setState(gallery.sections())
            return "Hid “\(hidden)”"
        }
    }

    private func showAll() {
        footer.perform { () throws(DataDisplayError) in
            gallery.showAll()
            try manager.setState(gallery.sections())
            return "Show all"
        }
    }
}

/// One icon of the gallery.
struct Icon: Hashable, Sendable {
    var iconName: String
    var title: String
}

/// A tile: a large icon over its name (`icon-tile.ui`).
final class IconTile: TemplateRowGenerator<Icon> {
    init(model: Icon, id: String) {
        super.init(template: Self.template, model: model, id: id)
    }

    static let template: RowTemplate<Icon> = DemoResources.template("icon-tile.ui") {
        $0.bind("icon", .iconName, to: { Optional($0.iconName) })
            .bind("title", .label, to: \.title)
    }
}

/// A section's header tile: its title as a heading (`tile-header.ui`; the library bolds
/// `gdd-title` labels).
final class TileHeader: TemplateHeaderGenerator<String> {
    init(model: String, id: String) {
        super.init(template: Self.template, model: model, id: id)
    }

    static let template: RowTemplate<String> = DemoResources.template("tile-header.ui") {
        $0.bind("title", .label, to: { $0 })
    }
}

/// The gallery's icons by section, and which are hidden.
struct IconGallery {
    private var groups: [(title: String, icons: [Icon])] = [
        ("Places", [("user-home-symbolic", "Home"), ("folder-documents-symbolic", "Documents"), ("folder-download-symbolic", "Downloads"),
                    ("folder-music-symbolic", "Music"), ("folder-pictures-symbolic", "Pictures"), ("folder-videos-symbolic", "Videos"),
                    ("user-trash-symbolic", "Trash"), ("network-workgroup-symbolic", "Network")].map { Icon(iconName: $0.0, title: $0.1) }),
        ("Devices", [("computer-symbolic", "Computer"), ("phone-symbolic", "Phone"), ("printer-symbolic", "Printer"),
                     ("camera-photo-symbolic", "Camera"), ("input-keyboard-symbolic", "Keyboard"), ("input-mouse-symbolic", "Mouse"),
                     ("audio-headphones-symbolic", "Headphones"), ("drive-harddisk-symbolic", "Disk"), ("media-optical-symbolic", "Disc"),
                     ("battery-symbolic", "Battery")].map { Icon(iconName: $0.0, title: $0.1) }),
        ("Actions", [("document-new-symbolic", "New"), ("document-open-symbolic", "Open"), ("document-save-symbolic", "Save"),
                     ("edit-copy-symbolic", "Copy"), ("edit-paste-symbolic", "Paste"), ("edit-delete-symbolic", "Delete"),
                     ("edit-find-symbolic", "Find"), ("view-refresh-symbolic", "Refresh"), ("mail-send-symbolic", "Send"),
                     ("system-search-symbolic", "Search"), ("zoom-in-symbolic", "Zoom in")].map { Icon(iconName: $0.0, title: $0.1) }),
    ]
    private var hidden: Set<String> = []
    private var random = SystemRandomNumberGenerator()

    /// The sections to show: a header tile, the visible icons, and a footer tile with the count.
    @MainActor
    func sections() -> [Section] {
        groups.map { group in
            let shown = group.icons.filter { !hidden.contains($0.iconName) }
            return Section(header: TileHeader(model: group.title, id: "header-" + group.title),
                           rows: shown.map { IconTile(model: $0, id: $0.iconName) })
        }
    }

    mutating func shuffle() {
        for index in groups.indices { groups[index].icons.shuffle(using: &random) }
    }

    /// Hides a random visible icon; returns its title (nil when every icon is hidden).
    mutating func hideRandom() -> String? {
        let visible = groups.flatMap(\.icons).filter { !hidden.contains($0.iconName) }
        guard let icon = visible.randomElement(using: &random) else { return nil }
        hidden.insert(icon.iconName)
        return icon.title
    }

    mutating func showAll() { hidden.removeAll() }
}
