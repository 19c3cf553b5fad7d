import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Display events on a real list and grid: headers and footers are told when they are shown and
/// hidden, and the adapter tells when the list's first and last rows come on screen.
final class DisplayEventTests: WidgetTestCase {
    func testHeadersAndFootersAreToldWhenTheyAreShownAndHidden() async throws {
        try await forEachViewKind { kind in
            let headers = (0..<40).map { LabelHeader(model: "H\($0)", id: "h\($0)") }
            let footers = (0..<40).map { LabelFooter(model: "F\($0)", id: "f\($0)") }
            let manager = BaseListManager()
            try manager.setState((0..<40).map { Section(header: headers[$0], rows: self.rows(60, prefix: "s\($0)"), footer: footers[$0]) })
            var shown: [String] = [], hidden: [String] = []
            for g in [headers[0], headers[30]] as [LabelHeader] {
                g.willDisplayEvent += { shown.append(g.model) }
                g.didEndDisplayEvent += { hidden.append(g.model) }
            }
            footers[30].willDisplayEvent += { shown.append("F30") }
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            XCTAssertEqual(shown, ["H0"])
            try adapter.scrollTo(sectionWith: headers[30])
            host.settle()
            adapter.flushUnbinds()
            XCTAssertEqual(Array(shown.prefix(2)), ["H0", "H30"])
            if kind == .column {
                // A column view's inner list took the window's focus: GTK's focus tracker keeps its
                // first row realised (and bound), wherever the table scrolls.
                XCTAssertEqual(hidden, [])
                XCTAssertNotNil(adapter.view(for: headers[0]))
            } else {
                XCTAssertEqual(hidden, ["H0"], "the first header went out of the realised range")
            }
            try adapter.scrollTo(footers[30], at: .last)
            host.settle()
            XCTAssertNotNil(adapter.view(for: footers[30]))
            XCTAssertEqual(shown.filter { $0 == "F30" }.count, 1, "told once it is bound")
        }
    }

    func testFirstAndLastRowVisibleFireWhenTheEndsComeOnScreen() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let rows = rows(2_000)
            try manager.add(rows)
            let adapter = build(manager, plugins: [.selectable()])
            var firsts: [AnyHashable] = [], lasts: [AnyHashable] = []
            adapter.firstRowVisible += { firsts.append($0.diffID) }
            adapter.lastRowVisible += { lasts.append($0.diffID) }
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            XCTAssertEqual(firsts, ["row 0"])
            XCTAssertEqual(lasts, [])
            XCTAssertTrue(adapter.isFirstRowVisible)
            XCTAssertFalse(adapter.isLastRowVisible)
            try adapter.scrollTo(rows[1_999], at: .last)
            host.settle()
            XCTAssertEqual(lasts, ["row 1999"])
            XCTAssertTrue(adapter.isLastRowVisible)
            XCTAssertFalse(adapter.isFirstRowVisible)
            host.settle()
            let adjustment = ScrollGeometry.vadjustment(adapter)
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) - 3)   // still on screen
            host.settle()
            XCTAssertEqual(lasts, ["row 1999"], "once while it stays on screen")
            try adapter.scrollTo(rows[0], at: .first)
            host.settle()
            XCTAssertEqual(firsts, ["row 0", "row 0"], "again when it comes back")
            try adapter.scrollTo(rows[1_999], at: .last)
            host.settle()
            XCTAssertEqual(lasts, ["row 1999", "row 1999"])
        }
    }

    func testLastRowVisibleFiresAgainForANewLastRowOnScreen() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(3))
            let adapter = build(manager, plugins: [.selectable()])
            var lasts: [AnyHashable] = []
            adapter.lastRowVisible += { lasts.append($0.diffID) }
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            XCTAssertEqual(lasts, ["row 2"])
            try manager.add([LabelRow(model: "more", id: "more")])
            host.settle()
            XCTAssertEqual(lasts, ["row 2", "more"], "the rows a page brings leave a new last row on screen")
            host.settle()
            XCTAssertEqual(lasts, ["row 2", "more"])
        }
    }

    /// The last row removed and a new one added before the next layout: the new last row is told,
    /// even when its row takes the memory the removed row's freed (the adapter once remembered the
    /// row it told by its address, and took the new row for it). Several rounds, so that the memory
    /// is taken again in some of them.
    func testANewLastRowIsToldThoughItTakesTheRemovedRowsPlace() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(3))
            let adapter = build(manager, plugins: [.selectable()])
            var lasts: [AnyHashable] = []
            adapter.lastRowVisible += { lasts.append($0.diffID) }
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            var last: any RowGenerator = manager.flatGenerators.last!
            var expected: [AnyHashable] = ["row 2"]
            for round in 0..<8 {
                try manager.remove(last)
                last = LabelRow(model: "new \(round)", id: "new \(round)")
                try manager.add([last])
                host.settle()
                expected.append("new \(round)")
                XCTAssertEqual(lasts, expected, "round \(round)")
            }
        }
    }

    func testAListenerMayChangeTheManager() async throws {
        // What a page loader does: append rows when the end comes on screen, until there are 200.
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(5))
            let adapter = build(manager, plugins: [.selectable()])
            var pages = 0
            adapter.lastRowVisible += { _ in
                guard manager.store.count < 200 else { return }
                pages += 1
                try? manager.add(self.rows(5, prefix: "page\(pages)"))
            }
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            host.settle()
            XCTAssertGreaterThan(pages, 1, "pages were loaded while the end stayed on screen")
            XCTAssertTrue(!adapter.isLastRowVisible || manager.store.count >= 200,
                          "loading stopped only once the end left the screen (or all was loaded)")
        }
    }

    func testABoxTellsHeadersAndFootersToo() async throws {
        let header = LabelHeader(model: "H", id: "h")
        let footer = LabelFooter(model: "F", id: "f")
        let manager = BaseListManager()
        try manager.addSection(header: header, rows: rows(3), footer: footer)
        var heard: [String] = []
        header.willDisplayEvent += { heard.append("H shown") }
        header.didEndDisplayEvent += { heard.append("H hidden") }
        footer.willDisplayEvent += { heard.append("F shown") }
        footer.didEndDisplayEvent += { heard.append("F hidden") }
        let adapter = BoxAdapter(manager: manager)
        let host = WindowHost(child: adapter.box)
        defer { host.destroy() }
        XCTAssertEqual(heard, ["H shown", "F shown"])
        try manager.removeSection(with: header)
        host.settle()
        XCTAssertEqual(heard, ["H shown", "F shown", "H hidden", "F hidden"])
    }
}
