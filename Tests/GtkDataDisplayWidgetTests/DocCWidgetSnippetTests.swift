import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

// The DocC articles' examples that need a real view (Sources/GtkDataDisplay/GtkDataDisplay.docc).
// Each region between `DocC:begin NAME` and `DocC:end NAME` stands in an article as a Swift block,
// character for character (DocCTests checks it); `TitleView` is the README's (ReadmeExampleTests).

// DocC:begin actions-row
/// A row whose context menu offers Rename and Delete.
final class FileRow: BaseRowGenerator<TitleView>, RowActionsProviding {
    var renamed = 0
    lazy var rowActions = [
        RowAction(id: "rename", label: "Rename", icon: "document-edit-symbolic") { [unowned self] in renamed += 1 },
        RowAction(id: "delete", label: "Delete", icon: "user-trash-symbolic", isDestructive: true),
    ]
}
// DocC:end actions-row

// DocC:begin accessible-row
/// A row whose name for screen readers is not its first label.
final class PhotoRow: BaseRowGenerator<TitleView>, AccessibleItem {
    var accessibleLabel: String? { "Photo: \(model)" }     // nil: the view's first label again
}
// DocC:end accessible-row

// DocC:begin movable-rows
final class NoteRow: BaseRowGenerator<TitleView>, MovableItem {}          // moves within its section
final class PinnedRow: BaseRowGenerator<TitleView>, MovableItem {
    var canMove: Bool { false }                                           // stays put
}
final class InboxRow: BaseRowGenerator<TitleView>, MovableItem {
    var canMoveAcrossSections: Bool { true }                              // may change section
}
// DocC:end movable-rows

// README:begin table-rows
struct Package {
    var name: String
    var size: Int
    var section: String
}

/// The rows' own view: the Name column of the table.
final class PackageNameView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> PackageNameView { PackageNameView() }
    func configure(with package: Package) { label.text = package.name }
}
// README:end table-rows

@MainActor
final class DocCWidgetSnippetTests: WidgetTestCase {
    func testTable() async throws {
        let packages = [Package(name: "vim", size: 3900, section: "editors"), Package(name: "bash", size: 7100, section: "shells"),
                        Package(name: "ed", size: 120, section: "editors")]
        // README:begin table
        let manager = BaseListManager()
        try manager.setState([Section(rows: packages.map { BaseRowGenerator<PackageNameView>(model: $0, id: $0.name) })])
        let table = manager.columnViewBuilder(columns: [
            TableColumn(id: "name", title: "Name").sortable { (p: Package) in p.name },   // the rows' own views
            TableColumn(id: "size", title: "Size", text: { (p: Package) in "\(p.size) kB" }).sortable { (p: Package) in p.size },
            TableColumn(id: "section", title: "Section", text: { (p: Package) in p.section }),
        ])
            .add(plugin: .selectable(.multiple))
            .build()
        table.sortChanged += { column in print("sorted by", column?.title ?? "nothing") }
        table.sort(by: table.column(id: "size"), ascending: false)   // as two clicks on the Size header
        // README:end table
        let host = WindowHost(child: table.widget, width: 500)
        defer { host.destroy() }
        host.settle()
        XCTAssertEqual(manager.store.generators.map(\.diffID), ["bash", "vim", "ed"])
        XCTAssertEqual(table.sortColumn?.id, "size")
        assertRows(table, "bash | 7100 kB | shells\nvim | 3900 kB | editors\ned | 120 kB | editors")
    }

    private func titleRows(_ names: [String]) -> [BaseRowGenerator<TitleView>] {
        names.map { BaseRowGenerator<TitleView>(model: $0, id: $0) }
    }

    func testListBuilderAndSelection() async throws {
        let manager = BaseListManager()
        let rows = titleRows(["Ann", "Bob", "Cid"])
        try manager.add(rows)
        let alice = rows[0], bob = rows[1]
        let deleteButton = Button(label: "Delete")
        // DocC:begin list-selection
        let adapter = manager.listViewBuilder
            .add(plugin: .selectable(.multiple))
            .add(plugin: .foldable())
            .build()
        adapter.selectionChanged += { [unowned adapter] change in   // once per change, after the rows' own events
            deleteButton.isSensitive = adapter.selectedCount > 0
            print("+\(change.selectedCount) −\(change.deselectedCount)")
        }
        adapter.select([alice, bob])            // one change; also deselect(_:), selectAll(), unselectAll()
        print(adapter.isSelected(alice))        // true: O(1)
        print(adapter.selectedGenerators.count) // 2: alice and bob, in list order
        // DocC:end list-selection
        let host = WindowHost(child: adapter.scrolledWindow)
        defer { host.destroy() }
        host.settle()
        XCTAssertEqual(adapter.selectedCount, 2)
        XCTAssertTrue(deleteButton.isSensitive)
        XCTAssertTrue(adapter.isSelected(alice))
        XCTAssertEqual(adapter.selectedGenerators.map(\.diffID), ["Ann", "Bob"])
    }

    func testGrid() async throws {
        // DocC:begin grid
        let manager = BaseListManager()
        try manager.setState {
            Section(header: BaseHeaderGenerator<TitleView>(model: "Places", id: "places")) {
                ["Home", "Work", "Gym"].map { BaseRowGenerator<TitleView>(model: $0, id: $0) }
            }
        }
        let grid = manager.gridViewBuilder          // or GridViewAdapter(manager: manager, selection: .single)
            .add(plugin: .selectable(.single))
            .build()
        grid.maxColumns = 6                          // gtk_grid_view_set_max_columns (GTK's default: 7)
        grid.minColumns = 2
        grid.didSelect += { generator in print("selected", generator.diffID) }
        // DocC:end grid
        let host = WindowHost(child: grid.scrolledWindow)
        defer { host.destroy() }
        host.settle()
        XCTAssertEqual(grid.maxColumns, 6)
        XCTAssertEqual(grid.minColumns, 2)
        XCTAssertEqual(boundGenerators(grid).count, 4)
    }

    func testBox() async throws {
        // DocC:begin box
        let manager = BaseListManager()
        let general = BaseHeaderGenerator<TitleView>(model: "General", id: "general")
        let wifi = BaseRowGenerator<TitleView>(model: "Wi-Fi", id: "wifi")
        let advanced = FoldableRowGenerator<TitleView>(model: "Advanced", id: "advanced",
                                                       children: [BaseRowGenerator<TitleView>(model: "Proxy", id: "proxy")])
        try manager.addSection(header: general, rows: [wifi, advanced])

        let settings = BoxAdapter(manager: manager, orientation: .vertical, spacing: 0)
        settings.didActivate += { generator in print("clicked", generator.diffID) }

        try manager.insert(BaseRowGenerator<TitleView>(model: "Bluetooth", id: "bt"), after: wifi)  // one new widget
        try manager.move(wifi, after: advanced)  // the same widget, reordered
        wifi.model = "Wireless"
        try manager.update(wifi)                 // rebound in its own view
        // DocC:end box
        let host = WindowHost(child: settings.box)
        defer { host.destroy() }
        host.settle()
        XCTAssertEqual(settings.rowWidgets.count, 4)             // header, Bluetooth, Advanced, Wireless
        XCTAssertEqual(settings.statistics.viewsCreated, 4)     // the move and the update made no widget
        XCTAssertGreaterThanOrEqual(settings.statistics.reorders, 1)
        XCTAssertNotNil(settings.view(for: wifi))
    }

    func testPagination() async throws {
        /// Two pages of five posts, then none.
        @MainActor final class PostSource {
            var served = 0
            func nextPosts() async throws -> [String] {
                served += 1
                return served > 2 ? [] : (0..<5).map { "post \(served)-\($0)" }
            }
        }
        let manager = BaseListManager()
        let api = PostSource()
        // DocC:begin pagination
        let pages: PaginationPlugin = .pagination(edge: .bottom) {     // or .top: older messages of a chat
            let posts = try await api.nextPosts()
            return PaginationPage(rows: posts.map { BaseRowGenerator<TitleView>(model: $0, id: $0) },
                                  hasMore: !posts.isEmpty)
        }
        pages.stateChanged += { state in print(state) }                  // .idle, .loading, .failed, .finished
        let feed = manager.listViewBuilder.add(plugin: pages).build()    // an empty list asks for its first page
        // DocC:end pagination
        let host = WindowHost(child: feed.scrolledWindow)
        defer { host.destroy() }
        let plugin = try XCTUnwrap(feed.plugin(PaginationPlugin.self))
        for _ in 0..<500 where plugin.state != .finished {      // the async loader runs on the main actor
            host.settle()
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(plugin.state, .finished)
        XCTAssertEqual(manager.flatGenerators.count, 10)
    }

    func testEmptyState() async throws {
        let manager = BaseListManager()
        var reloads = 0
        func reload() { reloads += 1 }
        // DocC:begin empty-state
        let inbox = manager.listViewBuilder
            .add(plugin: .emptyState(iconName: "mail-unread-symbolic", title: "No messages",
                                     description: "New messages appear here.", actionLabel: "Refresh"))
            .build()
        inbox.plugin(EmptyStatePlugin.self)?.actionActivated += { reload() }
        // window.child = inbox: the placeholder lives in adapter.widget, over the scrolled window
        // DocC:end empty-state
        let host = WindowHost(child: inbox.widget)
        defer { host.destroy() }
        let plugin = try XCTUnwrap(inbox.plugin(EmptyStatePlugin.self))
        XCTAssertTrue(MainContext.iterate(until: { plugin.isShowingPlaceholder }))
        Button(wrapping: plugin.placeholder.actionButton).click()
        XCTAssertEqual(reloads, 1)
    }

    func testScrolling() async throws {
        let manager = BaseListManager()
        let rows = titleRows((0..<200).map { "row \($0)" })
        try manager.add(rows)
        let contact = rows[150]
        let adapter = manager.listViewBuilder.add(plugin: .selectable()).build()
        let host = WindowHost(child: adapter.scrolledWindow)
        defer { host.destroy() }
        host.settle()
        let reloadedSections = [Section(rows: titleRows((0..<200).map { "row \($0)" }))]
        // DocC:begin scrolling
        try adapter.scrollTo(contact, at: .center)              // .nearest (default), .first, .center, .last

        let saved = adapter.scrollPosition                      // first row on screen, by diff id, and its offset
        try manager.setState(reloadedSections)                  // new instances, same ids…
        if let saved { adapter.restore(saved) }                 // …back where the user was
        // DocC:end scrolling
        host.settle()
        XCTAssertNotNil(saved)
        XCTAssertEqual(adapter.scrollPosition?.id, saved?.id)
    }

    func testDisplayEvents() async throws {
        let manager = BaseListManager()
        let header = BaseHeaderGenerator<TitleView>(model: "M", id: "m")
        try manager.addSection(header: header, rows: titleRows(["Mia", "Max"]))
        var pages = 0
        func loadNextPage() { pages += 1 }
        let adapter = ListViewAdapter(manager: manager)
        // DocC:begin display-events
        header.willDisplayEvent += { print("section M is realised") }   // headers and footers too
        adapter.lastRowVisible += { _ in loadNextPage() }               // the end of the list came on screen
        adapter.firstRowVisible += { _ in print("at the top") }
        // DocC:end display-events
        let host = WindowHost(child: adapter.scrolledWindow)
        defer { host.destroy() }
        XCTAssertTrue(MainContext.iterate(until: { pages > 0 }))
        XCTAssertTrue(adapter.isLastRowVisible)
    }

    func testReordering() async throws {
        let manager = BaseListManager()
        let notes = ["a", "b", "c"].map { NoteRow(model: $0, id: $0) }
        try manager.addSection(rows: notes)
        var saved: [[String]] = []
        func save(order: [any RowGenerator]?) { saved.append(order?.map { "\($0.diffID)" } ?? []) }
        // DocC:begin reordering
        let list = manager.listViewBuilder
            .add(plugin: .selectable())
            .add(plugin: .reordering())          // drag and drop, Alt+Up / Alt+Down; unmarked rows move within their section
            .build()

        manager.didMove += { [unowned manager] move in   // (the manager holds its handlers)
            // move.generator, move.parent (a foldable, for child rows), move.from / move.to: RowPosition(section:index:)
            save(order: try? manager.generators(inSection: move.to.section))
        }
        try manager.reorder(notes[0], to: RowPosition(section: 0, index: 2))   // as a user may: refused moves throw .moveRefused
        // DocC:end reordering
        let host = WindowHost(child: list.scrolledWindow)
        defer { host.destroy() }
        XCTAssertEqual(saved, [["b", "c", "a"]])
        XCTAssertNotNil(list.plugin(ReorderingPlugin.self))
        let pinned = PinnedRow(model: "p", id: "p")
        try manager.add([pinned])
        XCTAssertThrowsError(try manager.reorder(pinned, to: RowPosition(section: 0, index: 0)))
    }

    func testRowActions() async throws {
        let manager = BaseListManager()
        let file = FileRow(model: "notes.txt", id: "notes")
        try manager.add([file])
        // DocC:begin row-actions
        let list = manager.listViewBuilder          // or gridViewBuilder: the same plugin
            .add(plugin: .selectable())
            .add(plugin: .rowActions())
            .build()
        list.plugin(RowActionsPlugin.self)?.didTriggerAction += { trigger in
            print(trigger.actionID, trigger.generator.diffID)   // after the action's own didTrigger
        }
        // DocC:end row-actions
        let host = WindowHost(child: list.scrolledWindow)
        defer { host.destroy() }
        host.settle()
        let plugin = try XCTUnwrap(list.plugin(RowActionsPlugin.self))
        XCTAssertEqual(plugin.actions(for: file).map(\.id), ["rename", "delete"])
        XCTAssertTrue(plugin.openMenu(for: file))
        host.settle()
        XCTAssertEqual(plugin.shownActions.map(\.id), ["rename", "delete"])
        plugin.closeMenu()
    }

    func testAccessibleName() async throws {
        let manager = BaseListManager()
        let photo = PhotoRow(model: "Beach", id: "beach")
        try manager.add([photo])
        // DocC:begin accessible-name
        let adapter = manager.listViewBuilder.add(plugin: .foldable()).build()
        adapter.accessibleName = "Photos"                       // default "List" ("Grid" for a grid view)
        let delete = Button(iconName: "user-trash-symbolic", accessibleLabel: "Delete")
        // DocC:end accessible-name
        XCTAssertEqual(adapter.accessibleName, "Photos")
        XCTAssertEqual(photo.accessibleLabel, "Photo: Beach")
        XCTAssertEqual(delete.iconName, "user-trash-symbolic")
    }
}
