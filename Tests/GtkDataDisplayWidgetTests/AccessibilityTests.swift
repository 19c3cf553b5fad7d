import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// A row whose view is an icon: it names itself.
final class IconOnlyRow: BaseRowGenerator<LabelRowView>, AccessibleItem {
    var accessibleLabel: String? { "Icon for \(model)" }
}

/// What screen readers are told about rows, headers, folding and the views, read in process with
/// GTK's test accessibility context (each test runs in a child process with `GTK_A11Y=test`).
final class AccessibilityTests: AccessibilityTestCase {
    private var host: WindowHost?

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
    }

    /// GTK's row widget for `generator` (the list item's widget, which takes the focus).
    private func rowWidget(_ adapter: ListBaseAdapter, _ generator: any RowGenerator) throws -> UnsafeMutablePointer<GtkWidget> {
        let widget = try XCTUnwrap(adapter.rowWidget(for: generator), "row not bound")
        XCTAssertNotNil(rowContainer(in: widget), "the row holds the container (in a table, inside its cell)")
        return widget
    }

    /// What GTK makes a row widget: a list item, a grid cell, a table's row.
    private func expectedRowRole(_ kind: ViewKind) -> GtkAccessibleRole {
        switch kind {
        case .list: GTK_ACCESSIBLE_ROLE_LIST_ITEM
        case .grid: GTK_ACCESSIBLE_ROLE_GRID_CELL
        case .column: GTK_ACCESSIBLE_ROLE_ROW
        }
    }

    func testEveryRowIsNamedByItsFirstLabelOrItsAccessibleLabel() async throws {
        try await inAccessibilityContext {
            try await forEachViewKind { kind in
                let manager = BaseListManager()
                let plain = rows(3)
                let icon = IconOnlyRow(model: "star", id: "star")
                try manager.addSection(header: LabelHeader(model: "Things"), rows: plain + [icon],
                                       footer: LabelFooter(model: "4 things"))
                let (adapter, host) = present(manager)
                self.host = host
                host.settle()
                for row in plain {
                    XCTAssertEqual(Accessible.label(try rowWidget(adapter, row)), row.model)
                    XCTAssertEqual(Accessible.role(try rowWidget(adapter, row)), expectedRowRole(kind))
                }
                XCTAssertEqual(Accessible.label(try rowWidget(adapter, icon)), "Icon for star", "the generator's label wins")
                XCTAssertEqual(Accessible.label(try rowWidget(adapter, manager.flatGenerators.last!)), "4 things")
                // A rebind after a model change renames the row.
                plain[1].model = "renamed"
                try manager.update(plain[1])
                host.settle()
                XCTAssertEqual(Accessible.label(try rowWidget(adapter, plain[1])), "renamed")
                host.destroy()
            }
        }
    }

    func testATableNamesItsHeadersAndCellsAndSaysWhichHeaderSorts() async throws {
        try await inAccessibilityContext {
            let files = [TableFile(name: "b.txt", size: 2, kind: "text"), TableFile(name: "a.png", size: 1, kind: "image")]
                .map { TableFileRow(model: $0, id: $0.name) }
            let manager = BaseListManager()
            try manager.setState([Section(rows: files)])
            let size = TableColumn(id: "size", title: "Size", text: { (f: TableFile) in "\(f.size) B" }).sortable { (f: TableFile) in f.size }
            let table = ColumnViewAdapter(manager: manager, selection: .single, columns: [TableColumn(id: "name", title: "Name"), size])
            let host = WindowHost(child: table.scrolledWindow)
            self.host = host
            host.settle()
            XCTAssertEqual(Accessible.role(table.itemView), GTK_ACCESSIBLE_ROLE_TREE_GRID)
            XCTAssertEqual(Accessible.label(table.itemView), "Table")
            let header = try XCTUnwrap(table.headerWidget(of: size))
            XCTAssertEqual(Accessible.role(header), GTK_ACCESSIBLE_ROLE_COLUMN_HEADER)
            XCTAssertEqual(Accessible.label(header), "Size")
            XCTAssertEqual(Accessible.label(try XCTUnwrap(table.headerWidget(of: table.columns[0]))), "Name")
            XCTAssertNil(Accessible.description(header), "no header sorts yet")
            table.sort(by: size, ascending: false)
            host.settle()
            XCTAssertEqual(Accessible.description(header), "sorted descending")
            XCTAssertTrue(Accessible.sorts(header, GTK_ACCESSIBLE_SORT_DESCENDING))
            size.title = "Bytes"
            XCTAssertEqual(Accessible.label(header), "Bytes", "a new title renames the header")
            // The row and each of its cells are named: the row's own view's label, the size's text.
            let row = try XCTUnwrap(table.rowWidget(for: files[0]))
            XCTAssertEqual(Accessible.role(row), GTK_ACCESSIBLE_ROLE_ROW)
            XCTAssertEqual(Accessible.label(row), "b.txt")
            let nameCell = try XCTUnwrap(gtk_widget_get_first_child(row))
            let sizeCell = try XCTUnwrap(gtk_widget_get_next_sibling(nameCell))
            XCTAssertEqual(Accessible.role(sizeCell), GTK_ACCESSIBLE_ROLE_GRID_CELL)
            XCTAssertEqual(Accessible.label(nameCell), "b.txt")
            XCTAssertEqual(Accessible.label(sizeCell), "2 B")
            host.destroy()
        }
    }

    func testTemplateRowsAreNamedByTheirFirstLabelOrTheTemplatesLabel() async throws {
        try await inAccessibilityContext {
            let plain = try RowTemplate<Contact>(string: TemplateWidgetTests.ui)
                .bind("name", .label, to: \.name)
                .bind("email", .label, to: \.email)
            let labelled = plain.accessibleLabel { "\($0.name), \($0.starred ? "starred" : "not starred")" }
            let ada = Contact(id: 1, name: "Ada", email: "ada@example.org", icon: "avatar-default-symbolic", starred: true)
            let bob = Contact(id: 2, name: "", email: "bob@example.org", icon: "avatar-default-symbolic", starred: false)
            let rows = [TemplateRowGenerator(template: plain, model: ada, id: 1),
                        TemplateRowGenerator(template: plain, model: bob, id: 2),
                        TemplateRowGenerator(template: labelled, model: ada, id: 3)]
            let manager = BaseListManager()
            try manager.addSection(rows: rows)
            let (adapter, host) = present(manager)
            self.host = host
            host.settle()
            XCTAssertEqual(Accessible.label(try rowWidget(adapter, rows[0])), "Ada")
            XCTAssertEqual(Accessible.label(try rowWidget(adapter, rows[1])), "bob@example.org", "an empty label is skipped")
            XCTAssertEqual(Accessible.label(try rowWidget(adapter, rows[2])), "Ada, starred")
        }
    }

    func testTheViewIsNamed() async throws {
        try await inAccessibilityContext {
            try await forEachViewKind { kind in
                let adapter = build(BaseListManager(), plugins: [.selectable()])
                XCTAssertEqual(Accessible.label(adapter.itemView), ["List", "Grid", "Table"][ViewKind.allCases.firstIndex(of: kind)!])
                adapter.accessibleName = "Contacts"
                XCTAssertEqual(Accessible.label(adapter.itemView), "Contacts")
            }
        }
    }

    func testHeadersAreHeadingsAndRecycledCellsDropTheHeading() async throws {
        try await inAccessibilityContext {
            try await forEachViewKind { _ in
                let manager = BaseListManager()
                let header = LabelHeader(model: "Fruits", id: "fruits")
                let apple = LabelRow(model: "Apple", id: "apple")
                try manager.addSection(header: header, rows: [apple])
                let (adapter, host) = present(manager)
                self.host = host
                host.settle()
                let headerView = try XCTUnwrap(adapter.view(for: header)).widget.pointer
                let heading = try XCTUnwrap(Accessible.ancestor(of: headerView, role: GTK_ACCESSIBLE_ROLE_HEADING), "a header is a heading")
                XCTAssertEqual(Accessible.label(heading), "Fruits")
                XCTAssertEqual(Accessible.label(try rowWidget(adapter, header)), "Fruits")
                let appleView = try XCTUnwrap(adapter.view(for: apple)).widget.pointer
                XCTAssertNil(Accessible.ancestor(of: appleView, role: GTK_ACCESSIBLE_ROLE_HEADING))
                // Rows recycled through header cells and back: a heading only around headers.
                let sections = (0..<6).map { n in
                    Section(header: LabelHeader(model: "Section \(n)", id: "h\(n)"), rows: rows(3, prefix: "s\(n)"))
                }
                try manager.setState(sections)
                host.settle()
                XCTAssertEqual(visibleHeadings(in: adapter.itemView), shownHeaders(adapter))
                try manager.setState([Section(rows: sections.flatMap(\.rows))])
                host.settle()
                XCTAssertEqual(visibleHeadings(in: adapter.itemView), 0)
                for generator in boundGenerators(adapter) {
                    let view = try XCTUnwrap(adapter.view(for: generator)).widget.pointer
                    XCTAssertNil(Accessible.ancestor(of: view, role: GTK_ACCESSIBLE_ROLE_HEADING))
                }
                try manager.setState(sections)
                host.settle()
                XCTAssertEqual(visibleHeadings(in: adapter.itemView), shownHeaders(adapter))
                XCTAssertGreaterThan(shownHeaders(adapter), 1)
                host.destroy()
            }
        }
    }

    /// How many headers are bound to a widget.
    private func shownHeaders(_ adapter: ListBaseAdapter) -> Int {
        boundGenerators(adapter).filter { $0 is any HeaderGenerator }.count
    }

    /// Visible widgets with the heading role inside `widget` (walked as a loop).
    private func visibleHeadings(in widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var count = 0
        var stack = [widget]
        while let next = stack.popLast() {
            guard gtk_widget_get_visible(next) != 0 else { continue }
            if Accessible.role(next) == GTK_ACCESSIBLE_ROLE_HEADING { count += 1 }
            var child = gtk_widget_get_first_child(next)
            while let current = child {
                stack.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        return count
    }

    func testFoldableRowsExposeLevelExpandedStateAndActions() async throws {
        try await inAccessibilityContext {
            try await forEachViewKind { _ in
                let leaf = LabelRow(model: "leaf", id: "leaf")
                let inner = Folder(model: "inner", id: "inner", children: [leaf])
                let root = Folder(model: "root", id: "root", children: [inner, LabelRow(model: "sibling", id: "sibling")])
                let manager = BaseListManager()
                try manager.addSection(header: LabelHeader(model: "Tree"), rows: [root, LabelRow(model: "after", id: "after")])
                let (adapter, host) = present(manager, plugins: [.selectable(), .foldable()])
                self.host = host
                host.settle()
                let rootRow = try rowWidget(adapter, root)
                XCTAssertEqual(Accessible.expanded(rootRow), false, "a collapsed foldable row is expandable, not expanded")
                XCTAssertEqual(Accessible.level(rootRow), 1)
                XCTAssertNil(Accessible.expanded(try rowWidget(adapter, manager.flatGenerators.last!)), "a leaf cannot expand")
                XCTAssertNil(Accessible.level(try rowWidget(adapter, manager.flatGenerators[0])), "a header is not in the tree")

                // The row's own action expands it, as a screen reader would.
                XCTAssertTrue(gtk_widget_activate_action_variant(rootRow, "row.expand", nil) != 0)
                host.settle()
                XCTAssertTrue(root.isExpanded)
                XCTAssertEqual(Accessible.expanded(try rowWidget(adapter, root)), true)
                XCTAssertEqual(Accessible.level(try rowWidget(adapter, inner)), 2)
                XCTAssertEqual(Accessible.expanded(try rowWidget(adapter, inner)), false)
                let sibling = try rowWidget(adapter, manager.flatGenerators.first { ($0 as? LabelRow)?.model == "sibling" }!)
                XCTAssertNil(Accessible.expanded(sibling))
                XCTAssertEqual(Accessible.level(sibling), 2)

                XCTAssertTrue(gtk_widget_activate_action_variant(try rowWidget(adapter, root), "row.collapse", nil) != 0)
                host.settle()
                XCTAssertFalse(root.isExpanded)
                XCTAssertEqual(Accessible.expanded(try rowWidget(adapter, root)), false)
                host.destroy()
            }
        }
    }

    func testTheExpanderIsNamedWithItsStateAndTheSpaceKeeperIsHidden() async throws {
        try await inAccessibilityContext {
            let root = Folder(model: "root", id: "root", children: [
                Folder(model: "inner", id: "inner", children: [LabelRow(model: "leaf", id: "leaf")]),
                LabelRow(model: "sibling", id: "sibling"),
            ])
            let manager = BaseListManager()
            try manager.addSection(rows: [root])
            let (adapter, host) = present(manager, plugins: [.selectable(), .foldable()])
            self.host = host
            try manager.expand(root)
            host.settle()
            let rootExpander = try XCTUnwrap(gtk_widget_get_first_child(rowContainer(in: try rowWidget(adapter, root))))
            XCTAssertEqual(Accessible.label(rootExpander), "Collapse")
            XCTAssertEqual(Accessible.expanded(rootExpander), true)
            XCTAssertFalse(Accessible.hidden(rootExpander))
            let sibling = manager.flatGenerators.first { ($0 as? LabelRow)?.model == "sibling" }!
            let spaceKeeper = try XCTUnwrap(gtk_widget_get_first_child(rowContainer(in: try rowWidget(adapter, sibling))))
            XCTAssertTrue(gtk_widget_get_visible(spaceKeeper) != 0, "it keeps the sibling lined up…")
            XCTAssertTrue(Accessible.hidden(spaceKeeper), "…but is no button to a screen reader")
        }
    }

    func testBoxReadsAsANamedListWithHeadingsAndFoldableItems() async throws {
        try await inAccessibilityContext {
            let leaf = LabelRow(model: "Proxy", id: "proxy")
            let advanced = Folder(model: "Advanced", id: "advanced", children: [leaf])
            let wifi = LabelRow(model: "Wi-Fi", id: "wifi")
            let manager = BaseListManager()
            try manager.addSection(header: LabelHeader(model: "Network"), rows: [wifi, advanced])
            let adapter = BoxAdapter(manager: manager)
            adapter.accessibleName = "Settings"
            let host = WindowHost(child: adapter.box)
            self.host = host
            host.settle()
            XCTAssertEqual(Accessible.role(adapter.box), GTK_ACCESSIBLE_ROLE_LIST)
            XCTAssertEqual(Accessible.label(adapter.box), "Settings")
            let widgets = adapter.rowWidgets
            XCTAssertEqual(widgets.map(Accessible.role), [GTK_ACCESSIBLE_ROLE_HEADING, GTK_ACCESSIBLE_ROLE_LIST_ITEM, GTK_ACCESSIBLE_ROLE_LIST_ITEM])
            XCTAssertEqual(widgets.map(Accessible.label), ["Network", "Wi-Fi", "Advanced"])
            let advancedRow = try XCTUnwrap(adapter.rowWidget(for: advanced))
            XCTAssertEqual(Accessible.expanded(advancedRow), false)
            XCTAssertNil(Accessible.expanded(try XCTUnwrap(adapter.rowWidget(for: wifi))))
            XCTAssertTrue(gtk_widget_activate_action_variant(advancedRow, "row.expand", nil) != 0)
            host.settle()
            XCTAssertTrue(advanced.isExpanded)
            XCTAssertEqual(Accessible.expanded(advancedRow), true)
            XCTAssertEqual(Accessible.label(try XCTUnwrap(adapter.expander(for: advanced))), "Collapse")
            let leafRow = try XCTUnwrap(adapter.rowWidget(for: leaf))
            XCTAssertEqual(Accessible.label(leafRow), "Proxy")
            XCTAssertEqual(Accessible.level(leafRow), 2)
        }
    }

    func testButtonsAreNamedByTheirLabelWithoutTheMnemonic() async throws {
        try await inAccessibilityContext {
            let add = Button(mnemonic: "_Add")
            XCTAssertNil(Accessible.label(add.widget.pointer), "no raw \"_Add\" label on top of the text")
            add.label = "_Remove"
            XCTAssertNil(Accessible.label(add.widget.pointer))
            let delete = Button(iconName: "user-trash-symbolic", accessibleLabel: "Delete")
            XCTAssertEqual(Accessible.label(delete.widget.pointer), "Delete")
            // GTK 4.8 itself gives a mnemonic button its raw text: the check can fail. GTK 4.12 names a
            // button from its label child as ARIA does and no longer sets that label: nothing to undo there.
            let raw = OwnedWidget(gtk_button_new_with_mnemonic("_Raw"))
            XCTAssertEqual(Accessible.label(raw.pointer), gtk_get_minor_version() < 12 ? "_Raw" : nil)
        }
    }
}
