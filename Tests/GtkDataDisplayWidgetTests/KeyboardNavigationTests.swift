import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A row that can be activated but not selected (a "Retry" or "Load more" row).
final class ActionRow: BaseRowGenerator<LabelRowView> {
    override var isSelectable: Bool { false }
    override var isActivatable: Bool { true }
}

/// Keyboard navigation as a user does it: real X key events (xdotool) on a focused list, and on a
/// grid of one column (the same moves through the grid's widget).
final class KeyboardNavigationTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var host: WindowHost!

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        manager = nil
    }

    /// "Fruits": apple, pear, retry (activatable, not selectable), plum — "Vegetables": leek, kale, footer.
    private func showSections(selection: SelectionMode = .single, height: Int32 = 600) {
        manager = BaseListManager()
        try! manager.addSection(header: LabelHeader(model: "Fruits"),
                                rows: [LabelRow(model: "apple", id: "apple"), LabelRow(model: "pear", id: "pear"),
                                       ActionRow(model: "retry", id: "retry"), LabelRow(model: "plum", id: "plum")])
        try! manager.addSection(header: LabelHeader(model: "Vegetables"),
                                rows: [LabelRow(model: "leek", id: "leek"), LabelRow(model: "kale", id: "kale")],
                                footer: LabelFooter(model: "2 vegetables"))
        host?.destroy()
        adapter = makeAdapter(manager, selection: selection)
        host = WindowHost(child: adapter.scrolledWindow, height: height)
    }

    /// A list, or a grid of one column, in which the cursor keys move as in a list (the grid's own
    /// moves are in GridViewTests).
    private func makeAdapter(_ manager: BaseListManager, selection: SelectionMode = .single) -> ListBaseAdapter {
        switch viewKind {
        case .list: return ListViewAdapter(manager: manager, selection: selection)
        case .grid:
            let grid = GridViewAdapter(manager: manager, selection: selection)
            grid.maxColumns = 1
            return grid
        case .column: return ColumnViewAdapter(manager: manager, selection: selection, columns: tableColumns())
        }
    }

    private func generator(_ name: String) -> any RowGenerator {
        manager.flatGenerators.first { ($0 as? LabelRow)?.model == name }!
    }

    private var focusedName: String? { (adapter.focusedGenerator as? LabelRow)?.model }
    private var selectedNames: [String] { adapter.selectedGenerators.compactMap { ($0 as? LabelRow)?.model } }

    func testHomeAndEndSkipHeadersAndFooters() async throws {
        try await forEachViewKind { _ in
            showSections()
            try focusRow(generator("leek"), in: adapter, host: host)
            try pressKey("Home", host: host)
            XCTAssertEqual(focusedName, "apple", "Home: the first row that can take focus, past the header")
            XCTAssertEqual(selectedNames, ["apple"], "and the selection follows the cursor, as GTK's Home does")
            try pressKey("End", host: host)
            XCTAssertEqual(focusedName, "kale", "End: the last row that can take focus, before the footer")
            XCTAssertEqual(selectedNames, ["kale"])
            try pressKey("ctrl+Home", host: host)
            XCTAssertEqual(focusedName, "apple")
            XCTAssertEqual(selectedNames, ["kale"], "Ctrl moves the focus only")
        }
    }

    func testArrowsReachActivatableRowsThatCannotBeSelected() async throws {
        try await forEachViewKind { _ in
            showSections()
            var activated: [String] = []
            adapter.didActivate += { activated.append(($0 as? LabelRow)?.model ?? "?") }
            try focusRow(generator("pear"), in: adapter, host: host)
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "retry")
            XCTAssertEqual(selectedNames, [], "a row that cannot be selected takes focus, not the selection")
            try pressKey("Return", host: host)
            XCTAssertEqual(activated, ["retry"], "Enter activates it")
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "plum")
            XCTAssertEqual(selectedNames, ["plum"])
            try pressKey("Up", host: host)
            XCTAssertEqual(focusedName, "retry")
            XCTAssertEqual(selectedNames, ["plum"], "the selection stays where it was")
            try pressKey("Up", host: host)
            XCTAssertEqual(focusedName, "pear")
            XCTAssertEqual(selectedNames, ["pear"])
        }
    }

    func testArrowsCrossSectionHeaders() async throws {
        try await forEachViewKind { _ in
            showSections()
            try focusRow(generator("plum"), in: adapter, host: host)
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "leek", "Down skips the next section's header")
            XCTAssertEqual(selectedNames, ["leek"])
            try pressKey("Up", host: host)
            XCTAssertEqual(focusedName, "plum")
            try pressKey("Down", host: host)
            try pressKey("Down", host: host)
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "kale", "Down stops at the last row; the footer takes no focus")
            try pressKey("Home", host: host)
            try pressKey("Up", host: host)
            XCTAssertEqual(focusedName, "apple", "Up stops at the first row; the header takes no focus")
        }
    }

    func testMultipleSelectionExtendsOverRowsThatCannotBeSelected() async throws {
        try await forEachViewKind { _ in
            showSections(selection: .multiple)
            try focusRow(generator("pear"), in: adapter, host: host)
            try pressKey("space", host: host)
            XCTAssertEqual(selectedNames, ["pear"])
            try pressKey("shift+Down", host: host)
            try pressKey("shift+Down", host: host)
            XCTAssertEqual(focusedName, "plum")
            XCTAssertEqual(selectedNames, ["pear", "plum"], "Shift extends; the retry row in between stays unselected")
        }
    }

    func testEndReachesAnUnrealisedRowOfALongList() async throws {
        try await forEachViewKind { _ in
            manager = BaseListManager()
            try manager.addSection(header: LabelHeader(model: "Many"), rows: rows(2000),
                                   footer: LabelFooter(model: "end"))
            host?.destroy()
            adapter = makeAdapter(manager)
            host = WindowHost(child: adapter.scrolledWindow)
            let first = manager.flatGenerators[1]
            let last = manager.flatGenerators[2000]
            XCTAssertNil(adapter.view(for: last), "the last row is not realised yet")
            try focusRow(first, in: adapter, host: host)
            try pressKey("End", host: host)
            XCTAssertTrue(adapter.focusedGenerator === last)
            XCTAssertNotNil(adapter.view(for: last))
            try pressKey("Home", host: host)
            XCTAssertTrue(adapter.focusedGenerator === first)
        }
    }

    // MARK: Focus across updates

    func testFocusStaysOnARowReboundByUpdate() async throws {
        try await forEachViewKind { _ in
            showSections()
            let pear = generator("pear") as! LabelRow
            try focusRow(pear, in: adapter, host: host)
            pear.model = "ripe pear"
            try manager.update(pear)
            host.settle()
            XCTAssertTrue(adapter.focusedGenerator === pear)
            XCTAssertTrue(listHasFocus(adapter))
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "retry", "and the keyboard goes on from there")
        }
    }

    func testFocusStaysOnAnActivatableRowReboundByWholeState() async throws {
        try await forEachViewKind { _ in
            showSections()
            try focusRow(generator("pear"), in: adapter, host: host)
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "retry")
            // The same ids, the retry row with new content: rebound in place.
            var sections = manager.sections
            sections[0].rows[2] = ActionRow(model: "retry (2)", id: "retry")
            try manager.setState(sections)
            host.settle()
            XCTAssertEqual(focusedName, "retry (2)")
            XCTAssertTrue(listHasFocus(adapter))
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "plum")
        }
    }

    func testFocusStaysOnARowThatBecomesSelectable() async throws {
        try await forEachViewKind { _ in
            showSections()
            try focusRow(generator("pear"), in: adapter, host: host)
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "retry")
            // The retry row's id now shows a plain row: rebound with a generator that can be selected.
            var sections = manager.sections
            sections[0].rows[2] = LabelRow(model: "loaded", id: "retry")
            try manager.setState(sections)
            host.settle()
            XCTAssertEqual(focusedName, "loaded")
            XCTAssertTrue(listHasFocus(adapter))
            try pressKey("Down", host: host)
            XCTAssertEqual(focusedName, "plum")
            try pressKey("Up", host: host)
            XCTAssertEqual(focusedName, "loaded")
            XCTAssertEqual(selectedNames, ["loaded"], "a row that can be selected now is selected by the cursor")
        }
    }

    func testFocusStaysOnARowHandedToANewGenerator() async throws {
        try await forEachViewKind { _ in
            showSections()
            try focusRow(generator("plum"), in: adapter, host: host)
            var sections = manager.sections
            let newPlum = LabelRow(model: "plum", id: "plum")   // equal content: adopted, not rebound
            sections[0].rows[3] = newPlum
            try manager.setState(sections)
            host.settle()
            XCTAssertTrue(adapter.focusedGenerator === newPlum)
            XCTAssertTrue(listHasFocus(adapter))
        }
    }

    func testFocusStaysOnARowWhoseViewIsReplaced() async throws {
        try await forEachViewKind { _ in
            showSections()
            let kept = NonReusableRowGenerator<ButtonRowView>(model: "kale", id: "kale")
            var sections = manager.sections
            sections[1].rows[1] = kept
            try manager.setState(sections)
            host.settle()
            // Focus the button inside the row's own widget, as a click would.
            let button = try XCTUnwrap(adapter.view(for: kept)?.widget.pointer)
            XCTAssertTrue(gtk_widget_grab_focus(button) != 0)
            host.settle()
            XCTAssertTrue(adapter.focusedGenerator === kept)
            // A whole state that shows the row (same id) with another kind of view: the view is replaced.
            sections[1].rows[1] = LabelRow(model: "kale", id: "kale")
            try manager.setState(sections)
            host.settle()
            XCTAssertEqual(focusedName, "kale", "the row keeps the keyboard focus when its widget goes")
            XCTAssertTrue(listHasFocus(adapter))
            try pressKey("Up", host: host)
            XCTAssertEqual(focusedName, "leek")
        }
    }
}

/// A row view that is itself focusable (a button), kept by its generator.
@MainActor
final class ButtonRowView: ConfigurableRowView {
    let widget = OwnedWidget(gtk_button_new())
    static func make() -> ButtonRowView { ButtonRowView() }
    func configure(with model: String) { gtk_button_set_label(gdd_button(widget.raw), model) }
}

extension WidgetTestCase {
    /// Focuses the row of `generator` as a click does (GTK's row widget, the parent of our container).
    func focusRow(_ generator: any RowGenerator, in adapter: ListBaseAdapter, host: WindowHost,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        let rowWidget = try XCTUnwrap(adapter.rowWidget(for: generator), file: file, line: line)
        XCTAssertTrue(gtk_widget_grab_focus(rowWidget) != 0, file: file, line: line)
        host.settle()
        XCTAssertTrue(adapter.focusedGenerator === generator, file: file, line: line)
    }

    /// Presses a key (xdotool syntax: "Down", "shift+Down", "Return") through the X server.
    func pressKey(_ key: String, host: WindowHost, file: StaticString = #filePath, line: UInt = #line) throws {
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        xdotool.arguments = ["key", "--clearmodifiers", key]
        try xdotool.run()
        xdotool.waitUntilExit()
        XCTAssertEqual(xdotool.terminationStatus, 0, file: file, line: line)
        host.settle()
    }

    /// Whether the keyboard focus is inside the list or grid view.
    func listHasFocus(_ adapter: ListBaseAdapter) -> Bool {
        guard let root = gtk_widget_get_root(adapter.itemView),
              let focus = gtk_root_get_focus(root) else { return false }
        return gtk_widget_is_ancestor(focus, adapter.itemView) != 0
    }
}
