import GtkDataDisplay
import XCTest

/// Templates beyond plain rows, without a display: headers and footers (`TemplateHeaderGenerator`,
/// `TemplateFooterGenerator`), foldable rows (`TemplateFoldableRowGenerator`), and the entry's
/// `onTextChanged` handler checked by `validate()`.
@MainActor
final class TemplateGeneratorKindsTests: XCTestCase {
    private func template() throws -> RowTemplate<TemplateContact> {
        try RowTemplate<TemplateContact>(string: TemplateTests.contactUI).bind("name", .label, to: \.name)
    }

    private func contact(_ id: Int, _ name: String = "Ada") -> TemplateContact {
        TemplateContact(id: id, name: "\(name) \(id)", email: "", icon: "avatar-default-symbolic", starred: false)
    }

    func testOnTextChangedNeedsAnEditable() async throws {
        let entry = try template().onTextChanged("note") { _, _ in }
        XCTAssertNoThrow(try entry.validate())
        XCTAssertEqual(entry.declarations.last, ".onTextChanged(\"note\")")
        let label = try template().onTextChanged("name") { _, _ in }
        do {
            try label.validate()
            XCTFail("a label has no editable text")
        } catch {
            guard case .wrongObjectType(_, "name", "GtkLabel", ".onTextChanged(\"name\")", let expected) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(expected, "a GtkEditable")
        }
    }

    func testHeadersAndFootersShowATemplateAndAreNeverSelected() async throws {
        let template = try template()
        let header = TemplateHeaderGenerator(template: template, model: contact(1), id: "h")
        let footer = TemplateFooterGenerator(template: template, model: contact(2), id: "f")
        XCTAssertEqual(header.reuseIdentifier, template.reuseIdentifier)
        XCTAssertEqual(footer.reuseIdentifier, template.reuseIdentifier)
        XCTAssertFalse(header.isSelectable || header.isActivatable || footer.isSelectable || footer.isActivatable)
        XCTAssertTrue((header as any RowGenerator) is any HeaderGenerator)
        XCTAssertTrue((footer as any RowGenerator) is any FooterGenerator)
        XCTAssertTrue(header.isContentEqual(to: TemplateHeaderGenerator(template: template, model: contact(1), id: "h")))
        XCTAssertFalse(header.isContentEqual(to: TemplateHeaderGenerator(template: template, model: contact(1, "Grace"), id: "h")))
        XCTAssertFalse(header.isContentEqual(to: TemplateHeaderGenerator(template: template.bind("email", .label, to: \.email), model: contact(1), id: "h")),
                       "another template shows the same model differently")

        let manager = BaseListManager()
        let rows = (3..<5).map { TemplateRowGenerator(template: template, model: contact($0), id: $0) }
        try manager.setState([Section(header: header, rows: rows, footer: footer)])
        XCTAssertEqual(manager.store.count, 4)
        XCTAssertTrue(manager.store.generator(at: 0) === header)
        XCTAssertTrue(manager.store.generator(at: 3) === footer)
        // A new header with the same id and model is no change; a new model is one update.
        try manager.setState([Section(header: TemplateHeaderGenerator(template: template, model: contact(1), id: "h"), rows: rows, footer: footer)])
        XCTAssertEqual(manager.lastUpdate?.updated, 0)
        try manager.setState([Section(header: TemplateHeaderGenerator(template: template, model: contact(1, "Grace"), id: "h"), rows: rows, footer: footer)])
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
    }

    func testAFoldableTemplateRowFoldsAndItsChildrenCanBeReordered() async throws {
        let template = try template()
        let children = (1...3).map { TemplateRowGenerator(template: template, model: contact($0), id: $0) }
        let group = TemplateFoldableRowGenerator(template: template, model: contact(0, "Group"), id: "group", children: children, expanded: false)
        XCTAssertEqual(group.reuseIdentifier, children[0].reuseIdentifier, "nodes and leaves of one template share views")
        XCTAssertTrue((group as any RowGenerator) is any ReorderableFoldableItem)
        XCTAssertTrue(group.hasExplicitExpansion)
        XCTAssertFalse(TemplateFoldableRowGenerator(template: template, model: contact(9), id: 9).hasExplicitExpansion)
        var folds: [Bool] = []
        group.didFoldEvent += { folds.append($0) }

        let manager = BaseListManager()
        try manager.setState([Section(rows: [group])])
        XCTAssertEqual(manager.store.count, 1)
        try manager.expand(group)
        XCTAssertEqual(manager.store.count, 4)
        XCTAssertTrue(group.isExpanded)
        try manager.move(children[2], to: RowPosition(section: 0, index: 0))
        XCTAssertEqual(group.children.map(\.diffID), [AnyHashable(3), AnyHashable(1), AnyHashable(2)])
        XCTAssertTrue(manager.store.generator(at: 1) === children[2])
        try manager.collapse(group)
        XCTAssertEqual(manager.store.count, 1)
        XCTAssertEqual(folds, [true, false])
    }
}
