import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Sticky section headers in a real list, grid and table under Xvfb: scrolling through three sections,
/// the top section's header is pinned over its rows, the next header pushes it up, a real click on
/// it brings its section's start to the top. (That screen readers do not read the pinned copy is
/// checked through AT-SPI on the demo's Contacts page: `AccessibilityTreeTests`.)
final class StickyHeadersTests: WidgetTestCase {
    func testThePinnedHeaderFollowsThreeSectionsIsPushedUpAndScrollsToItsSectionWhenClicked() async throws {
        MainContext.drain()
        let objectsBefore = Diagnostics.liveRowObjects, widgetsBefore = Diagnostics.liveWidgets
        defer {
            _ = MainContext.iterate(until: { Diagnostics.liveRowObjects == objectsBefore && Diagnostics.liveWidgets == widgetsBefore }, timeout: 3)
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "no row object outlives its view")
            XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore, "no row widget (the pinned view's included) outlives its view")
        }
        for kind in ["list", "grid", "table"] {
            let manager = BaseListManager()
            let headers = (0..<3).map { LabelHeader(model: "Section \($0)", id: "header \($0)") }
            for (s, header) in headers.enumerated() {
                try manager.addSection(header: header, rows: (0..<60).map { LabelRow(model: "Row \(s).\($0)", id: "\(s).\($0)") })
            }
            let sticky = StickyHeadersPlugin()
            let adapter: ListBaseAdapter = switch kind {
            case "grid": manager.gridViewBuilder.add(plugin: sticky).build()
            case "table": manager.columnViewBuilder(columns: tableColumns()).add(plugin: sticky).build()
            default: manager.listViewBuilder.add(plugin: sticky).build()
            }
            let host = WindowHost(child: adapter.widget, width: 400, height: 400)
            defer { host.destroy() }
            host.settle()
            let name = kind
            XCTAssertNil(sticky.pinnedHeader, "\(name): at the top the first header stands in place")
            var changes: [String?] = []
            sticky.pinnedHeaderChanged += { changes.append(($0 as? LabelHeader)?.model) }

            func settleOn(_ row: any RowGenerator, offset: Double) throws {
                try adapter.scrollTo(row, at: .first)
                host.settle()
                adapter.scrollVertically(by: offset)
                host.settle()
            }
            func headerY(_ header: LabelHeader) -> Double? {
                manager.row(of: header).flatMap { adapter.frame(of: $0) }?.y
            }

            // Inside section 0: its header pinned, over the rows.
            try settleOn(manager.flatGenerators[30], offset: 0)
            XCTAssertTrue(sticky.pinnedHeader === headers[0], "\(name): section 0's header is pinned")
            XCTAssertEqual(sticky.pushedUp, 0)
            // A row scrolled to the top stands below the pinned header, not under it.
            let row30 = try XCTUnwrap(manager.row(of: manager.flatGenerators[30]).flatMap { adapter.frame(of: $0) })
            let pinnedHeight = Double(gtk_widget_get_height(try XCTUnwrap(pinnedHolder(in: adapter))))
            XCTAssertGreaterThan(pinnedHeight, 0)
            XCTAssertEqual(row30.y, pinnedHeight, accuracy: 1.5, "\(name): the row below the pinned header")
            let holder = try XCTUnwrap(pinnedHolder(in: adapter))
            XCTAssertNotEqual(gtk_widget_get_mapped(holder), 0, "\(name): the pinned header is on screen")
            // It stands where the rows start (a table's column headers stay visible above it).
            var rows = graphene_rect_t(), pinnedBounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(adapter.rowsView, adapter.widget, &rows), 0)
            XCTAssertNotEqual(gtk_widget_compute_bounds(holder, adapter.widget, &pinnedBounds), 0)
            XCTAssertEqual(pinnedBounds.origin.y, rows.origin.y, accuracy: 1, "\(name): the pinned header's top")
            if kind == "table" { XCTAssertGreaterThan(rows.origin.y, 0, "the column headers above the rows") }

            // Section 1's header a few pixels below the top: it pushes section 0's header up.
            try settleOn(headers[1], offset: -8)
            let y = try XCTUnwrap(headerY(headers[1]), "\(name): section 1's header is laid out")
            XCTAssertEqual(y, 8, accuracy: 1)
            XCTAssertTrue(sticky.pinnedHeader === headers[0], "\(name): still section 0's, pushed up")
            XCTAssertGreaterThan(sticky.pushedUp, 0, "\(name): pushed up by the next header")

            // Into section 1, then section 2.
            try settleOn(manager.flatGenerators[61 + 30], offset: 0)
            XCTAssertTrue(sticky.pinnedHeader === headers[1], "\(name): section 1's header is pinned")
            try settleOn(manager.flatGenerators[122 + 30], offset: 0)
            XCTAssertTrue(sticky.pinnedHeader === headers[2], "\(name): section 2's header is pinned")

            // A real click on the pinned header: section 2's start at the top, its header in place.
            let input = XInput(host: host)
            try input.click(holder, x: 0.3)
            _ = MainContext.iterate(until: { (headerY(headers[2]) ?? -1) >= -0.5 && (headerY(headers[2]) ?? 99) < 1 }, timeout: 3)
            XCTAssertEqual(try XCTUnwrap(headerY(headers[2]), "\(name): section 2's header is shown"), 0, accuracy: 1)
            host.settle()
            XCTAssertNil(sticky.pinnedHeader, "\(name): the header in place, none pinned")
            // (Scrolling to a header brings it to the top in place for a moment: no header pinned then.)
            let pinned = changes.compactMap { $0 }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
            XCTAssertEqual(pinned, ["Section 0", "Section 1", "Section 2"], "\(name): \(changes)")
            XCTAssertNil(changes.last ?? nil, "\(name): \(changes)")
        }
    }

    /// The widget laid over the scrolled window for the pinned header.
    private func pinnedHolder(in adapter: ListBaseAdapter) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(adapter.widget)
        while let widget = child {
            if gtk_widget_has_css_class(widget, "gdd-pinned-header") != 0 { return widget }
            child = gtk_widget_get_next_sibling(widget)
        }
        return nil
    }

    /// The Sticky section headers article's code.
    func testTheArticleSnippetPinsHeaders() async throws {
        let manager = BaseListManager()
        try manager.addSection(header: LabelHeader(model: "A", id: "A"), rows: (0..<50).map { LabelRow(model: "Ann \($0)", id: $0) })
        // DocC:begin sticky-headers
        let contacts = manager.listViewBuilder.add(plugin: .stickyHeaders()).build()
        // DocC:end sticky-headers
        let host = WindowHost(child: contacts.widget, height: 300)
        defer { host.destroy() }
        try contacts.scrollTo(manager.flatGenerators[30], at: .first)
        host.settle()
        XCTAssertNotNil(contacts.plugin(StickyHeadersPlugin.self)?.pinnedHeader, "the header is pinned")
    }
}
