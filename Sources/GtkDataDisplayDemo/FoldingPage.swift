import GtkDataDisplay
import GtkDataDisplayShell

/// The "Folding" page: a three-level tree of places (continents → countries → cities, with
/// leaves at every level) that folds by mouse and keyboard.
///
/// The list view's foldable plugin does the folding: an expander button on foldable rows,
/// activation (double-click, Enter) toggles, Right/`+` expands, Left/`-` collapses, `*` expands
/// the whole subtree. Typing a name on the focused list jumps to the first place shown that starts
/// with it (the type-to-find plugin; Up/Down step through the others). The page only listens: every
/// node's fold event, and each place found, goes to the status line.
@MainActor
final class FoldingPage: DemoPage {
    let name = PageName.folding
    let title = "Folding"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: makeToolbar(), list: adapter.scrolledWindow, footer: footer)
    private let manager = BaseListManager()
    private let adapter: ListViewAdapter
    private let footer: StatusFooter
    /// Type-to-find by the place's name.
    private let finder = TypeToFindPlugin { ($0 as? any PlaceRow)?.place.name }
    /// The continents: the section's own rows, each the root of a subtree.
    private let continents = World.continents()

    init() {
        adapter = manager.listViewBuilder
            .add(plugin: .selectable(.single))
            .add(plugin: .foldable())
            .add(plugin: .activation(singleClick: false))
            .add(plugin: finder)
            .build()
        adapter.accessibleName = "Places"
        let total = Self.countPlaces(continents)
        footer = StatusFooter(adapter: adapter) { [manager] in
            // Every store item but the section header is a place.
            "\(manager.store.count - 1) of \(total) places shown"
        }
        for continent in continents { listenToFolds(continent) }
        adapter.didActivate += { [weak self] generator in self?.activated(generator) }
        finder.didFind += { [weak self] generator in
            guard let place = (generator as? any PlaceRow)?.place else { return }
            self?.footer.show("Found “\(place.name)”")
        }
        footer.perform { () throws(DataDisplayError) in
            try manager.setState {
                Section(header: SectionHeader(model: "Continents", id: "continents")) {
                    continents
                }
            }
            return "Loaded"
        }
    }

    private func makeToolbar() -> Box {
        Toolbar.make([[
            ToolbarAction("_Expand all", "expandSubtree(_:) on every continent, in one batch") { [weak self] in self?.expandAll() },
            ToolbarAction("_Collapse all", "collapse(_:) on every open node, deepest first, in one batch") { [weak self] in self?.collapseAll() },
        ]], hint: "Fold with the ▸ button or a double-click. Keys on a focused row: Right or + expands, Left or − collapses, * expands everything below it; typing a name jumps to it.")
    }

    // MARK: Actions

    private func expandAll() {
        footer.perform { () throws(DataDisplayError) in
            // One batch: the store gets the diff of the whole change, not a splice per continent.
            try manager.batch { () throws(DataDisplayError) in
                for case let continent as PlaceNode in self.continents {
                    try self.manager.expandSubtree(continent)
                }
            }
            return "Expand all"
        }
    }

    private func collapseAll() {
        footer.perform { () throws(DataDisplayError) in
            try manager.batch { () throws(DataDisplayError) in
                for case let continent as PlaceNode in self.continents { try self.manager.collapseSubtree(continent) }
            }
            return "Collapse all"
        }
    }

    private func activated(_ generator: any RowGenerator) {
        // Activating a node folds it, and its fold event reports that; a leaf has nothing to fold.
        guard let leaf = generator as? PlaceLeaf else { return }
        footer.show("“\(leaf.place.name)” has nothing to fold")
    }

    // MARK: Helpers

    /// Reports every fold of `generator` and the nodes below it on the status line.
    private func listenToFolds(_ generator: any RowGenerator) {
        guard let node = generator as? PlaceNode else { return }
        // Self only weakly: the page owns the nodes, whose events would otherwise own it back.
        let name = node.place.name
        node.didFoldEvent += { [weak self] expanded in
            guard let self else { return }
            self.footer.note(name, expanded ? "expanded" : "collapsed")
        }
        for child in node.children { listenToFolds(child) }
    }

    private static func countPlaces(_ generators: [any RowGenerator]) -> Int {
        generators.reduce(0) { count, generator in
            count + 1 + ((generator as? PlaceNode).map { countPlaces($0.children) } ?? 0)
        }
    }
}
