import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// GTK 4.8 names an unnamed widget of a role that is not structural by its class ("GtkOverlay",
/// "GtkScrollbar", "GtkColumnListView", "GtkLabel"), and screen readers say that. What the
/// library makes, and what GTK makes inside it, is named or kept out of the tree: checked on the
/// widgets themselves (`GTK_A11Y=test`). GTK 4.12 and later name no widget by its type, and set
/// the hidden state of a widget again whenever it is mapped: there only the names are checked.
final class InternalWidgetNamesTests: AccessibilityTestCase {
    private var host: WindowHost?
    /// Whether GTK keeps a hidden state the library sets on a widget it shows (before 4.12).
    private let keepsHidden = gtk_get_minor_version() < 12

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
    }

    private func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: g_type_name(gdd_object_type(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self))))
    }

    func testTheOverlayAndTheScrollBarsOfEveryViewAreNamedOrKeptOut() async throws {
        try await inAccessibilityContext {
            try await forEachViewKind { _ in
                let manager = BaseListManager()
                try manager.addSection(rows: (0..<200).map { LabelRow(model: "row \($0)", id: $0) })
                let adapter = build(manager, plugins: [.selectable(.single)])
                let host = WindowHost(child: adapter.widget)
                self.host = host
                host.settle()
                XCTAssertEqual(Accessible.role(adapter.widget), GTK_ACCESSIBLE_ROLE_GENERIC, "the overlay is a plain container")
                let window = gdd_scrolled_window(UnsafeMutableRawPointer(adapter.scrolledWindow))
                let vertical = try XCTUnwrap(gtk_scrolled_window_get_vscrollbar(window))
                let horizontal = try XCTUnwrap(gtk_scrolled_window_get_hscrollbar(window))
                XCTAssertEqual(Accessible.label(vertical), "Vertical scroll bar")
                XCTAssertEqual(Accessible.label(horizontal), "Horizontal scroll bar")
                let ranges = WidgetTree.descendants(of: vertical).filter { typeName($0) == "GtkRange" }
                XCTAssertFalse(ranges.isEmpty, "GTK 4.8 puts a range in a scroll bar")
                if keepsHidden { XCTAssertTrue(ranges.allSatisfy(Accessible.hidden), "the range inside is kept out") }
                host.destroy()
                self.host = nil
            }
        }
    }

    func testATablesInnerListHeaderRowSortArrowsAndEmptyCells() async throws {
        try await inAccessibilityContext {
            let manager = BaseListManager()
            try manager.addSection(rows: ["apple", "banana", "avocado", "cherry"].map { LabelRow(model: $0, id: $0) })
            let table = ColumnViewAdapter(manager: manager, selection: .single, columns: [
                TableColumn(id: "name", title: "Name").sortable { (fruit: String) in fruit },
                TableColumn(id: "note", title: "Note", text: { (fruit: String) in fruit.hasPrefix("a") ? "" : "sweet" }),
            ])
            let host = WindowHost(child: table.widget)
            self.host = host
            host.settle()
            table.accessibleName = "Fruit"
            let parts = WidgetTree.descendants(of: table.itemView)
            let inner = parts.filter { typeName($0) == "GtkColumnListView" }
            XCTAssertEqual(inner.count, 1)
            XCTAssertEqual(inner.first.flatMap(Accessible.label), "Fruit", "named as the table")
            let headerRows = parts.filter { ["GtkListItemWidget", "GtkColumnViewRowWidget"].contains(typeName($0))
                && gtk_widget_get_parent($0) == table.itemView }
            XCTAssertEqual(headerRows.count, 1)
            XCTAssertEqual(headerRows.first.flatMap(Accessible.label), "Column headers")
            let arrows = parts.filter { typeName($0) == "GtkBuiltinIcon" }
            XCTAssertFalse(arrows.isEmpty)
            if keepsHidden { XCTAssertTrue(arrows.allSatisfy(Accessible.hidden), "the headers say how they sort") }
            let labels = parts.filter { typeName($0) == "GtkLabel" && gtk_widget_get_visible($0) != 0 }
            let empty = labels.filter { String(cString: gtk_label_get_text(gdd_label(UnsafeMutableRawPointer($0)))).isEmpty }
            let sweet = labels.filter { String(cString: gtk_label_get_text(gdd_label(UnsafeMutableRawPointer($0)))) == "sweet" }
            XCTAssertEqual(empty.count, 2, "the notes of apple and avocado")
            XCTAssertEqual(sweet.count, 2)
            if keepsHidden { XCTAssertTrue(empty.allSatisfy(Accessible.hidden), "an empty cell is kept out") }
            XCTAssertFalse(sweet.contains(where: Accessible.hidden), "a cell with text is read")
            // Sorted, the cells show other rows: the empty ones are still the ones kept out.
            table.sort(by: table.column(id: "name"), ascending: false)
            host.settle()
            let after = WidgetTree.descendants(of: table.itemView).filter { typeName($0) == "GtkLabel" && gtk_widget_get_visible($0) != 0 }
            for label in after {
                let text = String(cString: gtk_label_get_text(gdd_label(UnsafeMutableRawPointer(label))))
                if text == "sweet" { XCTAssertFalse(Accessible.hidden(label)) }
                if text.isEmpty && keepsHidden { XCTAssertTrue(Accessible.hidden(label)) }
            }
        }
    }

    func testTheShellsWidgetsAreNamed() async throws {
        try await inAccessibilityContext {
            let stack = Stack()
            try stack.addPage(Label("one"), name: "first", title: "First page")
            let sidebar = StackSidebar(stack: stack)
            try stack.addPage(Label("two"), name: "second", title: "Second page")
            XCTAssertEqual(Accessible.label(sidebar.widget.pointer), "Pages")
            let rows = WidgetTree.descendants(of: sidebar.widget.pointer).filter { typeName($0) == "GtkListBoxRow" }
            XCTAssertEqual(rows.compactMap(Accessible.label), ["First page", "Second page"], "a page added before and one after")
            let bars = WidgetTree.descendants(of: sidebar.widget.pointer).filter { typeName($0) == "GtkScrollbar" }
            XCTAssertFalse(bars.isEmpty)
            XCTAssertTrue(bars.allSatisfy { Accessible.label($0)?.hasSuffix("scroll bar") == true })
            let search = SearchEntry(placeholder: "Search names"), plainSearch = SearchEntry()
            let progress = ProgressBar(accessibleLabel: "Download")
            XCTAssertEqual(Accessible.label(search.widget.pointer), "Search names")
            XCTAssertEqual(Accessible.label(plainSearch.widget.pointer), "Search")
            XCTAssertEqual(Accessible.label(progress.widget.pointer), "Download")
            let check = CheckButton(label: "Sync")
            let indicators = WidgetTree.descendants(of: check.widget.pointer).filter { typeName($0) == "GtkBuiltinIcon" }
            XCTAssertFalse(indicators.isEmpty)
            XCTAssertTrue(indicators.allSatisfy(Accessible.hidden), "the check box is named by its label")
            let label = Label("")
            XCTAssertTrue(Accessible.hidden(label.widget.pointer), "an empty label is kept out")
            label.text = "Ready"
            XCTAssertFalse(Accessible.hidden(label.widget.pointer))
            label.text = ""
            XCTAssertTrue(Accessible.hidden(label.widget.pointer))
        }
    }

    func testIconsAndSpinnersBesideTheirTextAreDecorative() async throws {
        try await inAccessibilityContext {
            let views: [OwnedWidget] = [ChildLoadingView.make().widget, ChildErrorView.make().widget,
                                        PaginationProgressView.make().widget, PaginationErrorView.make().widget,
                                        EmptyStateView(iconName: "folder-symbolic", title: "Nothing", description: nil,
                                                       actionLabel: nil).widget]
            for view in views {
                let decorative = WidgetTree.descendants(of: view.pointer).filter { ["GtkImage", "GtkSpinner"].contains(typeName($0)) }
                XCTAssertFalse(decorative.isEmpty, typeName(view.pointer))
                XCTAssertTrue(decorative.allSatisfy { Accessible.role($0) == GTK_ACCESSIBLE_ROLE_PRESENTATION },
                              "\(typeName(view.pointer)): its text says what the icon shows")
            }
        }
    }
}
