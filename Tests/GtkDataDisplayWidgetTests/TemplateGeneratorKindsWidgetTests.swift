import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Template headers, foldable template rows, a row's `view`, and `onTextChanged`, in a real
/// GtkListView.
final class TemplateGeneratorKindsWidgetTests: WidgetTestCase {
    private func contact(_ id: Int, _ name: String = "Ada") -> Contact {
        Contact(id: id, name: "\(name) \(id)", email: "", icon: "avatar-default-symbolic", starred: false)
    }

    private func labelText(_ view: (any RowView)?, _ id: String) -> String? {
        guard let view = view as? TemplateRowView<Contact>, let label = view.object(id) else { return nil }
        return String(cString: gtk_label_get_text(gdd_label(label)))
    }

    func testHeadersAndFoldableRowsShowTheirTemplateAndARowKnowsItsView() async throws {
        let template = try RowTemplate<Contact>(string: TemplateWidgetTests.ui).bind("name", .label, to: \.name)
        let header = TemplateHeaderGenerator(template: template, model: contact(0, "Header"), id: "header")
        let children = (1...2).map { TemplateRowGenerator(template: template, model: contact($0, "Child"), id: $0) }
        let group = TemplateFoldableRowGenerator(template: template, model: contact(3, "Group"), id: "group", children: children, expanded: false)
        let row = TemplateRowGenerator(template: template, model: contact(4), id: 4)
        let manager = BaseListManager()
        try manager.setState([Section(header: header, rows: [group, row])])
        let (adapter, host) = show(manager, plugins: [.selectable(.single), .foldable()])
        defer { host.destroy() }

        XCTAssertEqual(labelText(adapter.view(for: header), "name"), "Header 0")
        XCTAssertEqual(labelText(adapter.view(for: group), "name"), "Group 3")
        XCTAssertTrue(row.view != nil && row.view === adapter.view(for: row), "a shown row knows its view")
        XCTAssertNil(children[0].view, "a folded child is not shown")

        try manager.expand(group)
        host.settle()
        XCTAssertEqual(labelText(adapter.view(for: children[1]), "name"), "Child 2")
        XCTAssertTrue(children[1].view === adapter.view(for: children[1]))

        // The row changes what it shows itself, through its view, with no manager call.
        row.model.name = "Grace"
        row.view?.configure(with: row.model)
        XCTAssertEqual(labelText(adapter.view(for: row), "name"), "Grace")

        try manager.remove(row)
        host.settle()
        XCTAssertNil(row.view, "an unbound row forgets its view")
    }

    func testTextChangesReachTheRowShownNowButNotABind() async throws {
        let log = HandlerLog()
        let template = try RowTemplate<Contact>(string: TemplateWidgetTests.ui)
            .bind("note", .text, to: \.email)
            .onTextChanged("note") { row, text in log.record("changed", row, text) }
        let row = TemplateRowGenerator(template: template, model: contact(1), id: 1)
        let manager = BaseListManager()
        try manager.add([row])
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let view = try XCTUnwrap(adapter.view(for: row) as? TemplateRowView<Contact>)
        let entry = try XCTUnwrap(view.object("note"))

        row.model.email = "ada@example.org"
        try manager.update(row)
        host.settle()
        XCTAssertEqual(String(cString: gtk_editable_get_text(gdd_editable(entry))), "ada@example.org")
        XCTAssertTrue(log.entries.isEmpty, "setting .text in a bind raises no onTextChanged")

        var position: Int32 = 0
        gtk_editable_insert_text(gdd_editable(entry), "x", -1, &position)   // one keystroke at the start
        XCTAssertEqual(log.entries.count, 1)
        XCTAssertTrue(log.entries.last?.row === row)
        XCTAssertEqual(log.entries.last?.value, "xada@example.org")
    }

    func testAHeaderTemplateWithAHandlerStopsTheProgram() async throws {
        if ChildProcess.isChild() {
            let template = try RowTemplate<Contact>(string: TemplateWidgetTests.ui).onClicked("delete") { _ in }
            _ = TemplateHeaderGenerator(template: template, model: contact(1), id: "header")
            print("no stop")
            return
        }
        let outcome = try ChildProcess.run(Self.self)
        XCTAssertTrue(outcome.failed, outcome.output)
        XCTAssertFalse(outcome.output.contains("no stop"), outcome.output)
        XCTAssertTrue(outcome.output.contains(#"a header or footer template takes bindings only, but it has .onClicked("delete")"#), outcome.output)
    }
}
