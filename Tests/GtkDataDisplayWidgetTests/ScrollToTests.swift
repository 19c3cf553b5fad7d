import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `scrollTo(_:at:)` and `scrollTo(sectionWith:at:)` on a real list and grid: the row's widget ends
/// up at the top, the centre or the bottom of the visible area (within 1 px), or as near as the
/// ends of the list allow.
final class ScrollToTests: WidgetTestCase {
    private func sections(_ count: Int, rowsEach: Int) -> (BaseListManager, [LabelHeader], [[LabelRow]]) {
        let headers = (0..<count).map { LabelHeader(model: "Section \($0)", id: "h\($0)") }
        let rows = (0..<count).map { self.rows(rowsEach, prefix: "s\($0)") }
        let manager = BaseListManager()
        try! manager.setState(zip(headers, rows).map { Section(header: $0, rows: $1) })
        return (manager, headers, rows)
    }

    private func assertStands(_ generator: any RowGenerator, at alignment: ScrollAlignment, in adapter: ListBaseAdapter,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let b = try XCTUnwrap(ScrollGeometry.bounds(of: generator, in: adapter), "bound", file: file, line: line)
        let height = ScrollGeometry.viewportHeight(adapter)
        switch alignment {
        case .first: XCTAssertEqual(b.y, 0, accuracy: 1, "top edge at the top", file: file, line: line)
        case .center: XCTAssertEqual(b.y + b.height / 2, height / 2, accuracy: 1, "centred", file: file, line: line)
        case .last: XCTAssertEqual(b.y + b.height, height, accuracy: 1, "bottom edge at the bottom", file: file, line: line)
        case .nearest:
            XCTAssertGreaterThanOrEqual(b.y, -0.5, file: file, line: line)
            XCTAssertLessThanOrEqual(b.y + b.height, height + 0.5, "wholly on screen", file: file, line: line)
        }
    }

    func testScrollToPutsTheRowFirstCentredOrLast() async throws {
        try await forEachViewKind { _ in
            let (manager, _, rows) = sections(40, rowsEach: 100)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            for (generator, alignment) in [(rows[20][30], ScrollAlignment.first), (rows[5][3], .center),
                                           (rows[33][40], .last), (rows[1][7], .nearest), (rows[38][0], .center)] {
                try adapter.scrollTo(generator, at: alignment)
                host.settle()
                try assertStands(generator, at: alignment, in: adapter)
            }
        }
    }

    func testNearestDoesNotScrollWhenTheRowIsOnScreen() async throws {
        try await forEachViewKind { _ in
            let (manager, _, rows) = sections(10, rowsEach: 100)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            try adapter.scrollTo(rows[5][0], at: .first)
            host.settle()
            let adjustment = ScrollGeometry.vadjustment(adapter)
            let value = gtk_adjustment_get_value(adjustment)
            try adapter.scrollTo(rows[5][2], at: .nearest)
            host.settle()
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), value, accuracy: 0.5)
        }
    }

    func testScrollToASectionPutsItsHeaderAtTheTop() async throws {
        try await forEachViewKind { _ in
            let (manager, headers, _) = sections(40, rowsEach: 100)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            for index in [27, 3, 39] {
                try adapter.scrollTo(sectionWith: headers[index])
                host.settle()
                try assertStands(headers[index], at: .first, in: adapter)
            }
            try adapter.scrollTo(sectionWith: headers[10], at: .center)
            host.settle()
            try assertStands(headers[10], at: .center, in: adapter)
        }
    }

    func testScrollingToTheLastRowsStopsAtTheEnd() async throws {
        try await forEachViewKind { _ in
            let (manager, _, rows) = sections(5, rowsEach: 100)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            try adapter.scrollTo(rows[4][99], at: .first)
            host.settle()
            let adjustment = ScrollGeometry.vadjustment(adapter)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment),
                           gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment), accuracy: 0.5,
                           "scrolled to the end")
            XCTAssertTrue(ScrollGeometry.isVisible(rows[4][99], in: adapter))
            XCTAssertTrue(adapter.isLastRowVisible)
        }
    }

    func testScrollToBeforeTheViewIsShownIsDoneOnTheFirstLayout() async throws {
        try await forEachViewKind { _ in
            let (manager, _, rows) = sections(30, rowsEach: 100)
            let adapter = build(manager, plugins: [.selectable()])
            try adapter.scrollTo(rows[17][50], at: .center)
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            host.settle()
            try assertStands(rows[17][50], at: .center, in: adapter)
        }
    }

    func testScrollingToWhatIsNotShownThrowsAndDoesNotScroll() async throws {
        try await forEachViewKind { _ in
            let (manager, headers, rows) = sections(10, rowsEach: 100)
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            try adapter.scrollTo(rows[4][0], at: .first)
            host.settle()
            let adjustment = ScrollGeometry.vadjustment(adapter)
            let value = gtk_adjustment_get_value(adjustment)
            XCTAssertThrowsError(try adapter.scrollTo(LabelRow(model: "stranger", id: "x"), at: .first)) { error in
                guard case DataDisplayError.generatorNotFound = error else { return XCTFail("\(error)") }
            }
            XCTAssertThrowsError(try adapter.scrollTo(sectionWith: rows[2][2])) { error in
                guard case DataDisplayError.sectionNotFound = error else { return XCTFail("\(error)") }
            }
            try manager.removeSection(with: headers[9])
            XCTAssertThrowsError(try adapter.scrollTo(sectionWith: headers[9]))
            host.settle()
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), value, accuracy: 0.5, "nothing scrolled")
        }
    }
}
