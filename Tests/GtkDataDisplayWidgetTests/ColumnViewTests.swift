import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A file of a test table: the name column shows it through the rows' own views, the others
/// read its fields.
struct TableFile: Equatable {
    var name: String
    var size: Int
    var kind: String
}

/// The name of a file (the rows' own view).
@MainActor
final class TableFileView: ConfigurableRowView {
    let widget = OwnedWidget(gtk_label_new(nil))
    private(set) var text = ""
    static func make() -> TableFileView { TableFileView() }
    func configure(with model: TableFile) {
        text = model.name
        model.name.withCString { gtk_label_set_text(gdd_label(widget.raw), $0) }
    }
}

typealias TableFileRow = BaseRowGenerator<TableFileView>
typealias TableFolderRow = FoldableRowGenerator<TableFileView>

/// `ColumnViewAdapter` in a real window: columns and cells, sorting by real clicks on the headers,
/// selection following rows across a sort, hiding and sizing columns, tree rows and sections.
final class ColumnViewTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var table: ColumnViewAdapter!
    private var host: WindowHost!

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        table = nil
        manager = nil
    }

    private func files(_ count: Int) -> [TableFileRow] {
        (0..<count).map { i in
            let file = TableFile(name: String(format: "file-%03d", (i * 37) % count), size: (i * 7919) % 1000,
                                 kind: i % 3 == 0 ? "text" : "image")
            return TableFileRow(model: file, id: file.name)
        }
    }

    private func makeColumns() -> [TableColumn] {
        [
            TableColumn(id: "name", title: "Name").sortable { (f: TableFile) in f.name },
            TableColumn(id: "size", title: "Size", text: { (f: TableFile) in "\(f.size) B" }).sortable { (f: TableFile) in f.size },
            TableColumn(id: "kind", title: "Kind", text: { (f: TableFile) in f.kind }),
        ]
    }

    private func showTable(_ sections: [Section], plugins: [ListViewPlugin] = [.selectable(.multiple)]) throws {
        manager = BaseListManager()
        try manager.setState(sections)
        table = ColumnViewAdapter(manager: manager, plugins: plugins, columns: makeColumns())
        host = WindowHost(child: table.scrolledWindow, width: 600, height: 500)
        host.waitForDraw()
    }

    private func names() -> [String] {
        manager.store.generators.map { $0.model(as: TableFile.self)?.name ?? "#" }
    }

    private func sizes() -> [Int] {
        manager.store.generators.compactMap { $0.model(as: TableFile.self)?.size }
    }

    private func title(_ id: String) throws -> UnsafeMutablePointer<GtkWidget> {
        try XCTUnwrap(table.headerWidget(of: try XCTUnwrap(table.column(id: id))))
    }

    func testColumnsShowTheirTitlesAndEachRowsCells() async throws {
        try showTable([Section(rows: files(40))])
        XCTAssertEqual(table.shownColumnIDs, ["name", "size", "kind"])
        for id in ["name", "size", "kind"] {
            let column = try XCTUnwrap(table.column(id: id)?.column)
            XCTAssertEqual(String(cString: gtk_column_view_column_get_title(column)), table.column(id: id)?.title)
        }
        // The first row: its own view in the name column, its fields in the others.
        let first = try XCTUnwrap(manager.store.row(at: 0))
        let file = try XCTUnwrap(first.generator.model(as: TableFile.self))
        XCTAssertEqual((table.view(for: first.generator) as? TableFileView)?.text, file.name)
        XCTAssertEqual(table.cellText(of: first, column: table.column(id: "size")!), "\(file.size) B")
        XCTAssertEqual(table.cellText(of: first, column: table.column(id: "kind")!), file.kind)
        XCTAssertEqual(table.accessibleName, "Table")
    }

    func testClickingAHeaderSortsAscendingThenDescendingThroughTheManager() async throws {
        try showTable([Section(rows: files(60))])
        let input = XInput(host: host)
        let objects = Set(manager.store.objectAddresses)
        try host.clickHeader(of: try XCTUnwrap(table.column(id: "size")), in: table)   // the testing kit's real click
        XCTAssertTrue(table.sortColumn === table.column(id: "size"))
        XCTAssertTrue(table.sortsAscending)
        XCTAssertEqual(sizes(), sizes().sorted())
        XCTAssertEqual(manager.rowOrder?.id, "size")
        // Moves only: the same row objects, nothing re-made.
        XCTAssertEqual(Set(manager.store.objectAddresses), objects)
        XCTAssertEqual(manager.lastUpdate?.inserted, 0)
        MainContext.run(for: 0.6)   // past the double-click time: a second click of its own
        try input.click(try title("size"))
        XCTAssertFalse(table.sortsAscending)
        XCTAssertEqual(sizes(), sizes().sorted(by: >))
        try input.click(try title("name"))
        XCTAssertTrue(table.sortColumn === table.column(id: "name"))
        XCTAssertEqual(names(), names().sorted())
        // The cells on screen show their rows after the sort.
        host.waitForDraw()
        let first = try XCTUnwrap(manager.store.row(at: 0))
        XCTAssertEqual(table.cellText(of: first, column: table.column(id: "size")!),
                       "\(first.generator.model(as: TableFile.self)!.size) B")
    }

    func testAColumnWithoutASortKeyDoesNotSort() async throws {
        try showTable([Section(rows: files(20))])
        let before = names()
        try XInput(host: host).click(try title("kind"))
        XCTAssertNil(table.sortColumn)
        XCTAssertEqual(names(), before)
        table.sort(by: table.column(id: "kind"))
        XCTAssertNil(table.sortColumn)
        XCTAssertEqual(names(), before)
    }

    func testSortingFromCodeAndStopping() async throws {
        try showTable([Section(rows: files(30))])
        var heard: [String?] = []
        table.sortChanged += { heard.append($0?.id) }
        table.sort(by: table.column(id: "name"), ascending: false)
        XCTAssertEqual(names(), names().sorted(by: >))
        XCTAssertFalse(table.sortsAscending)
        table.sort(by: nil)
        XCTAssertNil(table.sortColumn)
        XCTAssertNil(manager.rowOrder)
        XCTAssertEqual(names(), names().sorted(by: >), "the rows stay where they are")
        XCTAssertEqual(heard, ["name", nil])
        // A new state from the app comes in sorted while a column sorts.
        table.sort(by: table.column(id: "size"))
        try manager.setState([Section(rows: files(30).reversed())])
        XCTAssertEqual(sizes(), sizes().sorted())
    }

    func testTheSelectionFollowsItsRowsAcrossASort() async throws {
        try showTable([Section(rows: files(50))])
        let chosen = ["file-007", "file-023", "file-041"]
        for name in chosen {
            let generator = try XCTUnwrap(manager.store.generators.first { $0.model(as: TableFile.self)?.name == name })
            table.select(generator)
        }
        try XInput(host: host).click(try title("size"))
        let selected = table.selectedGenerators.compactMap { $0.model(as: TableFile.self)?.name }
        XCTAssertEqual(Set(selected), Set(chosen))
        // GTK's own bitset agrees: the selected positions hold the chosen rows.
        let bitset = gtk_selection_model_get_selection(table.selectionModel.pointer)!
        defer { gtk_bitset_unref(bitset) }
        let positions = (0..<manager.store.count).filter { gtk_bitset_contains(bitset, guint($0)) != 0 }
        XCTAssertEqual(Set(positions.compactMap { manager.store.row(at: $0)?.generator.model(as: TableFile.self)?.name }), Set(chosen))
    }

    func testHidingAndSizingAColumn() async throws {
        try showTable([Section(rows: files(20))])
        let kind = try XCTUnwrap(table.column(id: "kind"))
        kind.isVisible = false
        host.waitForDraw()
        XCTAssertEqual(gtk_column_view_column_get_visible(kind.column), 0)
        XCTAssertEqual(gtk_widget_get_mapped(try title("kind")), 0)
        kind.isVisible = true
        let size = try XCTUnwrap(table.column(id: "size"))
        size.fixedWidth = 180
        host.waitForDraw()
        XCTAssertEqual(gtk_widget_get_mapped(try title("kind")), 1)
        XCTAssertEqual(gtk_column_view_column_get_fixed_width(size.column), 180)
        var sizeBounds = graphene_rect_t(), kindBounds = graphene_rect_t()
        XCTAssertTrue(gtk_widget_compute_bounds(try title("size"), table.itemView, &sizeBounds) != 0)
        XCTAssertTrue(gtk_widget_compute_bounds(try title("kind"), table.itemView, &kindBounds) != 0)
        XCTAssertEqual(kindBounds.origin.x - sizeBounds.origin.x, 180, "the size column is 180 px wide")
        XCTAssertEqual(gtk_column_view_column_get_resizable(size.column), 1)
    }

    func testTheUserHidesAndShowsColumnsFromTheHeadersMenu() async throws {
        try showTable([Section(rows: files(20))])
        table.offersColumnMenu = true
        let kind = try XCTUnwrap(table.column(id: "kind"))
        // A right click on a header opens GTK's popover of the column menu.
        try XInput(host: host).click(try title("size"), button: 3)
        var popover: UnsafeMutablePointer<GtkWidget>?
        var child = gtk_widget_get_first_child(try title("size"))
        while let widget = child {
            if gdd_is_instance_of(UnsafeMutableRawPointer(widget), gtk_popover_get_type()) != 0 { popover = widget }
            child = gtk_widget_get_next_sibling(widget)
        }
        XCTAssertEqual(gtk_widget_get_mapped(try XCTUnwrap(popover, "the menu's popover")), 1)
        try XInput(host: host).key("Escape")
        // Its Kind item is the action `table.column-2`: choosing it hides the column, again shows it.
        XCTAssertTrue(gtk_widget_activate_action_variant(table.itemView, "table.column-2", nil) != 0)
        host.waitForDraw()
        XCTAssertFalse(kind.isVisible)
        XCTAssertEqual(gtk_widget_get_mapped(try title("kind")), 0)
        XCTAssertTrue(gtk_widget_activate_action_variant(table.itemView, "table.column-2", nil) != 0)
        XCTAssertTrue(kind.isVisible)
        // Hidden from code, the menu's check box follows: choosing the item then shows the column.
        kind.isVisible = false
        XCTAssertTrue(gtk_widget_activate_action_variant(table.itemView, "table.column-2", nil) != 0)
        XCTAssertTrue(kind.isVisible)
        // Without the menu, the headers offer none, and the actions are gone.
        table.offersColumnMenu = false
        XCTAssertNil(gtk_column_view_column_get_header_menu(kind.column))
        XCTAssertFalse(gtk_widget_activate_action_variant(table.itemView, "table.column-2", nil) != 0)
    }

    func testAColumnGivenToASecondTableStaysWithTheFirst() async throws {
        try showTable([Section(rows: files(5))])
        let size = try XCTUnwrap(table.column(id: "size"))
        let other = ColumnViewAdapter(manager: BaseListManager(), selection: .single,
                                      columns: [TableColumn(id: "name", title: "Name"), size])
        XCTAssertTrue(size.table === table)
        XCTAssertEqual(other.shownColumnIDs, ["name"], "the second table leaves the shared column out")
        XCTAssertNil(other.headerWidget(of: size))
        other.sort(by: size)
        XCTAssertNil(other.sortColumn)
    }

    func testTreeRowsFoldInTheNameColumnAndSortWithinTheirParent() async throws {
        let children = [TableFile(name: "b.txt", size: 5, kind: "text"), TableFile(name: "a.txt", size: 9, kind: "text")]
            .map { TableFileRow(model: $0, id: $0.name) }
        let folder = TableFolderRow(model: TableFile(name: "docs", size: 0, kind: "folder"), id: "docs", children: children)
        let loose = TableFileRow(model: TableFile(name: "zz", size: 1, kind: "text"), id: "zz")
        try showTable([Section(rows: [loose, folder])], plugins: [.selectable(.single), .foldable()])
        try manager.expand(folder)
        host.waitForDraw()
        XCTAssertEqual(names(), ["zz", "docs", "b.txt", "a.txt"])
        table.sort(by: table.column(id: "name"))
        XCTAssertEqual(names(), ["docs", "a.txt", "b.txt", "zz"])
        XCTAssertEqual(manager.depth(of: children[1]), 1)
        // The child's own view sits in the name column, indented past its parent's expander.
        host.waitForDraw()
        let childView = try XCTUnwrap(table.view(for: children[1])?.widget.pointer)
        let parentView = try XCTUnwrap(table.view(for: folder)?.widget.pointer)
        var childBounds = graphene_rect_t(), parentBounds = graphene_rect_t()
        XCTAssertTrue(gtk_widget_compute_bounds(childView, table.itemView, &childBounds) != 0)
        XCTAssertTrue(gtk_widget_compute_bounds(parentView, table.itemView, &parentBounds) != 0)
        XCTAssertGreaterThan(childBounds.origin.x, parentBounds.origin.x)
        // Left folds the focused parent, as in a list.
        try manager.collapse(folder)
        XCTAssertEqual(names(), ["docs", "zz"])
    }

    func testACellCanBeATemplateWithBindings() async throws {
        let ui = """
        <interface>
          <object class="GtkBox" id="row">
            <child><object class="GtkImage" id="icon"/></child>
            <child><object class="GtkLabel" id="kind"><property name="xalign">0</property></object></child>
          </object>
        </interface>
        """
        let template = try RowTemplate<TableFile>(string: ui)
            .bind("icon", .iconName, to: { $0.kind == "image" ? "image-x-generic-symbolic" : "text-x-generic-symbolic" })
            .bind("kind", .label, to: \.kind)
        manager = BaseListManager()
        let rows = files(12)
        try manager.setState([Section(header: LabelHeader(model: "Files", id: "h"), rows: rows)])
        table = ColumnViewAdapter(manager: manager, selection: .single,
                                  columns: [TableColumn(id: "name", title: "Name"), TableColumn(id: "kind", title: "Kind", template: template)])
        host = WindowHost(child: table.scrolledWindow, width: 600, height: 500)
        host.waitForDraw()
        // Each row's Kind cell is the template, bound to its model; the header's cell stays empty.
        for row in rows.prefix(5) {
            let rowWidget = try XCTUnwrap(table.rowWidget(for: row))
            let kindCell = try XCTUnwrap(gtk_widget_get_next_sibling(try XCTUnwrap(gtk_widget_get_first_child(rowWidget))))
            let box = try XCTUnwrap(gtk_widget_get_first_child(kindCell))
            let label = try XCTUnwrap(gtk_widget_get_next_sibling(try XCTUnwrap(gtk_widget_get_first_child(box))))
            XCTAssertEqual(String(cString: gtk_label_get_text(gdd_label(UnsafeMutableRawPointer(label)))), row.model.kind)
            XCTAssertEqual(gtk_widget_get_visible(box), 1)
        }
        let headerWidget = try XCTUnwrap(table.rowWidget(for: manager.sections[0].header!))
        let headerKindCell = try XCTUnwrap(gtk_widget_get_next_sibling(try XCTUnwrap(gtk_widget_get_first_child(headerWidget))))
        XCTAssertEqual(gtk_widget_get_visible(try XCTUnwrap(gtk_widget_get_first_child(headerKindCell))), 0)
    }

    func testSectionHeadersStandInTheNameColumnAndAreNeverSelected() async throws {
        let header = LabelHeader(model: "Documents", id: "h")
        try showTable([Section(header: header, rows: files(5))])
        host.waitForDraw()
        let headerRow = try XCTUnwrap(manager.store.row(at: 0))
        XCTAssertEqual(table.cellText(of: headerRow, column: table.column(id: "size")!), "")
        XCTAssertEqual((table.view(for: header) as? LabelRowView)?.text, "Documents")
        table.selectAll()
        XCTAssertFalse(table.isSelected(position: 0))
        XCTAssertEqual(table.selectedCount, 5)
        table.sort(by: table.column(id: "name"), ascending: false)
        XCTAssertTrue(manager.store.row(at: 0)?.generator === header, "the header stays first")
    }

    func testAChangedRowRefillsItsCellsOnlyAndAnUnchangedStateNone() async throws {
        try showTable([Section(rows: files(30))])
        host.waitForDraw()
        table.flushUnbinds()
        let before = table.statistics
        let first = try XCTUnwrap(manager.store.generators.first as? TableFileRow)
        first.model.size = 12345
        try manager.update(first)
        host.waitForDraw()
        table.flushUnbinds()
        let row = try XCTUnwrap(manager.store.row(at: 0))
        XCTAssertEqual(table.cellText(of: row, column: table.column(id: "size")!), "12345 B")
        XCTAssertEqual(table.statistics.cellBinds - before.cellBinds, 2, "the row's two declared cells")
        XCTAssertEqual(table.statistics.binds - before.binds, 1, "the row's own view")
        // The same state again, from new instances: nothing binds.
        let again = table.statistics
        let same = manager.store.generators.map { g -> any RowGenerator in
            let file = g.model(as: TableFile.self)!
            return TableFileRow(model: file, id: file.name)
        }
        try manager.setState([Section(rows: same)])
        host.waitForDraw()
        table.flushUnbinds()
        XCTAssertEqual(table.statistics.cellBinds, again.cellBinds)
        XCTAssertEqual(table.statistics.binds, again.binds)
    }
}
