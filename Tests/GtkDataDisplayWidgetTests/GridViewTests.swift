import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// What only a grid does: columns, tiles recycled over a long grid, header tiles, and the cursor
/// keys in two dimensions across sections (real X key events, xdotool).
final class GridViewTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var grid: GridViewAdapter!
    private var host: WindowHost!

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        grid = nil
        manager = nil
    }

    private func showGrid(_ manager: BaseListManager, selection: SelectionMode = .single, columns: Int? = nil,
                          width: Int32 = 400, height: Int32 = 600) {
        self.manager = manager
        grid = GridViewAdapter(manager: manager, selection: selection)
        if let columns {
            grid.maxColumns = columns
            grid.minColumns = columns
        }
        host = WindowHost(child: grid.scrolledWindow, width: width, height: height)
    }

    /// The number of tiles on the grid's first line, read from where GTK put their widgets
    /// (independent of `GridViewAdapter.columns`).
    private func tilesOnFirstLine() throws -> Int {
        var ys: [Int: Int] = [:]
        for g in manager.flatGenerators {
            guard let position = manager.position(of: g), position < 50,
                  let container = grid.view(for: g)?.widget.parent,
                  let tile = gtk_widget_get_parent(container) else { continue }
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(tile, grid.itemView, &bounds) != 0)
            ys[Int(bounds.origin.y.rounded()), default: 0] += 1
        }
        let first = try XCTUnwrap(ys.keys.min())
        return ys[first]!
    }

    // MARK: Columns

    func testMinAndMaxColumnsAreApplied() async throws {
        let m = BaseListManager()
        try m.add(rows(60))
        showGrid(m)
        XCTAssertEqual(grid.maxColumns, 7, "GTK's default")
        grid.maxColumns = 3
        host.settle()
        XCTAssertEqual(gtk_grid_view_get_max_columns(grid.gridView.pointer), 3)
        XCTAssertEqual(try tilesOnFirstLine(), 3)
        XCTAssertEqual(grid.columns, 3)

        // More columns than fit: the grid asks for their width (and the scrolled window scrolls).
        let oneColumn = minimumWidth()
        grid.maxColumns = 12
        grid.minColumns = 10
        host.settle()
        XCTAssertEqual(gtk_grid_view_get_min_columns(grid.gridView.pointer), 10)
        XCTAssertGreaterThanOrEqual(minimumWidth(), 10 * oneColumn)
        XCTAssertGreaterThan(oneColumn, 0)

        grid.minColumns = 2
        grid.maxColumns = 2
        host.settle()
        XCTAssertEqual(try tilesOnFirstLine(), 2)
        XCTAssertEqual(grid.columns, 2)
    }

    /// The grid view's minimum width.
    private func minimumWidth() -> Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(grid.itemView, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return minimum
    }

    // MARK: Recycling

    func testTenThousandTilesBindFarFewerWidgetsThanRows() async throws {
        let m = BaseListManager()
        for s in 0..<10 {
            try m.addSection(header: LabelHeader(model: "S\(s)"), rows: rows(1_000, prefix: "s\(s)"))
        }
        showGrid(m)
        XCTAssertEqual(m.store.count, 10_010)
        var mostBound = 0
        for position in [0, 2_500, 5_005, 10_009, 7_000, 0] {
            grid.scrollTo(position: position)
            host.settle()
            grid.flushUnbinds()
            let bound = boundGenerators(grid)
            mostBound = max(mostBound, grid.boundCellCount)
            XCTAssertFalse(bound.isEmpty)
            XCTAssertTrue(bound.contains { m.position(of: $0) == position }, "the tile scrolled to is bound")
            for g in bound {
                let view = try XCTUnwrap(grid.view(for: g))
                if let row = g as? LabelRow {
                    XCTAssertEqual((view as? LabelRowView)?.text, row.model)
                } else if let header = g as? LabelHeader {
                    XCTAssertEqual((view as? LabelRowView)?.text, header.model)
                }
            }
        }
        XCTAssertGreaterThan(mostBound, 20)
        XCTAssertLessThan(mostBound, 1_000, "a grid binds about what it shows, not 10k rows")
        XCTAssertLessThan(grid.statistics.viewsCreated, 1_500)
        XCTAssertGreaterThan(grid.statistics.binds, grid.statistics.viewsCreated, "widgets are reused")
    }

    // MARK: Header tiles

    func testHeaderAndFooterTilesAreStyledAsHeadings() async throws {
        let m = BaseListManager()
        let header = LabelHeader(model: "H")
        let footer = LabelFooter(model: "F")
        let r = rows(3)
        try m.addSection(header: header, rows: r, footer: footer)
        showGrid(m)
        func tile(_ g: any RowGenerator) throws -> UnsafeMutablePointer<GtkWidget> {
            let container = try XCTUnwrap(grid.view(for: g)?.widget.parent)
            return try XCTUnwrap(gtk_widget_get_parent(container))
        }
        XCTAssertTrue(gtk_widget_has_css_class(try tile(header), "gdd-grid-header") != 0)
        XCTAssertTrue(gtk_widget_has_css_class(try tile(footer), "gdd-grid-footer") != 0)
        XCTAssertFalse(gtk_widget_has_css_class(try tile(r[0]), "gdd-grid-header") != 0)
        XCTAssertEqual(grid.indentPerLevel, 0)
    }

    // MARK: Keyboard across sections

    /// Three columns, so the layout is known:
    ///
    ///     0 Fruits   1 apple   2 pear
    ///     3 retry    4 plum    5 kiwi
    ///     6 Veg.     7 leek    8 kale
    ///     9 bean    10 footer
    ///
    /// retry can be activated, not selected; headers and the footer take no focus.
    private func showSections(selection: SelectionMode = .single) {
        let m = BaseListManager()
        try! m.addSection(header: LabelHeader(model: "Fruits"),
                          rows: ["apple", "pear"].map { LabelRow(model: $0, id: $0) }
                              + [ActionRow(model: "retry", id: "retry")]
                              + ["plum", "kiwi"].map { LabelRow(model: $0, id: $0) })
        try! m.addSection(header: LabelHeader(model: "Vegetables"),
                          rows: ["leek", "kale", "bean"].map { LabelRow(model: $0, id: $0) },
                          footer: LabelFooter(model: "3 vegetables"))
        showGrid(m, selection: selection, columns: 3)
    }

    private func tile(_ name: String) -> any RowGenerator {
        manager.flatGenerators.first { ($0 as? LabelRow)?.model == name }!
    }

    private var focused: String? { (grid.focusedGenerator as? LabelRow)?.model }
    private var selected: [String] { grid.selectedGenerators.compactMap { ($0 as? LabelRow)?.model } }

    func testUpAndDownMoveByARowOfTilesAndSkipHeaderTiles() async throws {
        showSections()
        XCTAssertEqual(grid.columns, 3)
        try focusRow(tile("apple"), in: grid, host: host)
        try pressKey("Down", host: host)
        XCTAssertEqual(focused, "plum", "Down: the tile below")
        XCTAssertEqual(selected, ["plum"], "selected as GTK's Down selects")
        try pressKey("Down", host: host)
        XCTAssertEqual(focused, "leek", "into the next section")
        try pressKey("Up", host: host)
        try pressKey("Up", host: host)
        XCTAssertEqual(focused, "apple")
        try pressKey("Up", host: host)
        XCTAssertEqual(focused, "apple", "the first line: nowhere to go up")

        try focusRow(tile("bean"), in: grid, host: host)
        try pressKey("Up", host: host)
        XCTAssertEqual(focused, "kiwi", "Up from under a header tile: the tile before it")
        try pressKey("Left", host: host)
        try pressKey("Left", host: host)
        XCTAssertEqual(focused, "retry", "Left reaches a tile that can be activated but not selected")
        XCTAssertEqual(selected, ["plum"], "…which takes the focus, not the selection")
        try pressKey("Down", host: host)
        XCTAssertEqual(focused, "leek", "Down onto a header tile goes on to the section's first tile")
        XCTAssertEqual(selected, ["leek"])
        try pressKey("Down", host: host)
        XCTAssertEqual(focused, "leek", "below leek is only the footer: the cursor stays")
        try focusRow(tile("kale"), in: grid, host: host)
        try pressKey("Down", host: host)
        XCTAssertEqual(focused, "kale", "no tile below kale but the footer")
    }

    func testLeftAndRightStepOverHeaderTilesAndHomeEndSkipThem() async throws {
        showSections()
        try focusRow(tile("kiwi"), in: grid, host: host)
        try pressKey("Right", host: host)
        XCTAssertEqual(focused, "leek", "Right steps over the next section's header tile")
        try pressKey("Left", host: host)
        XCTAssertEqual(focused, "kiwi", "and Left back over it")
        try pressKey("End", host: host)
        XCTAssertEqual(focused, "bean", "End: the last tile that can take focus")
        try pressKey("Right", host: host)
        XCTAssertEqual(focused, "bean", "only the footer after it")
        try pressKey("Home", host: host)
        XCTAssertEqual(focused, "apple", "Home: past the first header tile")
        try pressKey("Left", host: host)
        XCTAssertEqual(focused, "apple")
        XCTAssertEqual(selected, ["apple"])
    }

    func testShiftExtendsInTwoDimensions() async throws {
        showSections(selection: .multiple)
        try focusRow(tile("apple"), in: grid, host: host)
        try pressKey("space", host: host)
        try pressKey("shift+Down", host: host)
        XCTAssertEqual(focused, "plum")
        XCTAssertEqual(selected, ["apple", "pear", "plum"], "Shift extends over the range; retry stays unselected")
    }
}
