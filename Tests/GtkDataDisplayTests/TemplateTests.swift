import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import XCTest

/// A contact, the model of the template tests.
struct TemplateContact: Equatable, Sendable {
    var id: Int
    var name: String
    var email: String
    var icon: String
    var starred: Bool
}

/// Row templates without a display: reading the .ui (string, file, GResource), its errors as
/// typed values at creation, and `validate()` checking bindings and handlers against GTK's types.
@MainActor
final class TemplateTests: XCTestCase {
    static let contactUI = """
    <?xml version="1.0" encoding="UTF-8"?>
    <interface>
      <object class="GtkBox" id="row">
        <property name="spacing">12</property>
        <child><object class="GtkImage" id="icon"/></child>
        <child>
          <object class="GtkBox">
            <property name="orientation">vertical</property>
            <child><object class="GtkLabel" id="name"/></child>
            <child><object class="GtkLabel" id="email"/></child>
          </object>
        </child>
        <child><object class="GtkCheckButton" id="star"/></child>
        <child><object class="GtkEntry" id="note"/></child>
        <child><object class="GtkButton" id="delete"><property name="icon-name">user-trash-symbolic</property></object></child>
      </object>
      <object class="GtkAdjustment" id="spare"/>
    </interface>
    """

    private func contactTemplate() throws -> RowTemplate<TemplateContact> {
        try RowTemplate<TemplateContact>(string: Self.contactUI)
    }

    private func error(_ body: () throws -> Void) -> TemplateError? {
        do {
            try body()
            return nil
        } catch let error as TemplateError {
            return error
        } catch {
            XCTFail("not a TemplateError: \(error)")
            return nil
        }
    }

    // MARK: Reading the .ui

    func testStringTemplateListsItsObjectsInDocumentOrder() async throws {
        let template = try contactTemplate()
        XCTAssertEqual(template.rootID, "row")
        XCTAssertEqual(template.objectIDs, ["row", "icon", "name", "email", "star", "note", "delete", "spare"])
        XCTAssertEqual(template.sourceName, "(string)")
    }

    func testMalformedXMLIsATypedErrorAtCreationWithItsLine() async throws {
        let broken = "<interface>\n  <object class=\"GtkBox\" id=\"row\">\n</interface>"
        guard case .invalidMarkup(let source, let message)? = error({ _ = try RowTemplate<TemplateContact>(string: broken) }) else {
            return XCTFail("expected invalidMarkup")
        }
        XCTAssertEqual(source, "(string)")
        XCTAssertTrue(message.contains("line 3"), message)
    }

    func testADocumentThatIsNoInterfaceIsRejected() async throws {
        guard case .invalidMarkup(_, let message)? = error({ _ = try RowTemplate<TemplateContact>(string: "<ui><object class=\"GtkBox\" id=\"row\"/></ui>") }) else {
            return XCTFail("expected invalidMarkup")
        }
        XCTAssertTrue(message.contains("<interface>"), message)
    }

    func testAWidgetClassTemplateIsRejected() async throws {
        let ui = "<interface><template class=\"MyRow\" parent=\"GtkBox\"/></interface>"
        guard case .invalidMarkup(_, let message)? = error({ _ = try RowTemplate<TemplateContact>(string: ui) }) else {
            return XCTFail("expected invalidMarkup")
        }
        XCTAssertTrue(message.contains("<template>"), message)
    }

    func testAMissingRootIdIsATypedErrorAtCreation() async throws {
        XCTAssertEqual(error { _ = try RowTemplate<TemplateContact>(string: Self.contactUI, root: "contact") },
                       .missingObject(source: "(string)", id: "contact", usage: "the root",
                                      ids: ["row", "icon", "name", "email", "star", "note", "delete", "spare"]))
    }

    func testARootInsideAnotherObjectIsRejected() async throws {
        guard case .invalidRoot(_, "name", _)? = error({ _ = try RowTemplate<TemplateContact>(string: Self.contactUI, root: "name") }) else {
            return XCTFail("expected invalidRoot")
        }
    }

    func testFileTemplateIsReadOnceAtCreation() async throws {
        let path = NSTemporaryDirectory() + "template-\(getpid()).ui"
        try Self.contactUI.write(toFile: path, atomically: true, encoding: .utf8)
        let template = try RowTemplate<TemplateContact>(file: path)
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(template.sourceName, path)
        XCTAssertEqual(template.objectIDs.first, "row")
        XCTAssertNoThrow(try template.bind("name", .label, to: \.name).validate(), "the text was read before the file went")
    }

    func testMissingFileIsUnreadableFile() async throws {
        guard case .unreadableFile(let path, let reason)? = error({ _ = try RowTemplate<TemplateContact>(file: "/nonexistent/row.ui") }) else {
            return XCTFail("expected unreadableFile")
        }
        XCTAssertEqual(path, "/nonexistent/row.ui")
        XCTAssertFalse(reason.isEmpty)
    }

    func testResourceTemplateLoadsFromARegisteredBundle() async throws {
        let bundle = try ResourceBundle(files: ["contact-row.ui": Self.contactUI], prefix: "/org/example")
        defer { bundle.unregister() }
        let template = try RowTemplate<TemplateContact>(resource: "/org/example/contact-row.ui")
        XCTAssertEqual(template.sourceName, "resource:///org/example/contact-row.ui")
        XCTAssertEqual(template.objectIDs.count, 8)
    }

    func testMissingResourceIsResourceNotFound() async throws {
        guard case .resourceNotFound(let path, _)? = error({ _ = try RowTemplate<TemplateContact>(resource: "/org/example/none.ui") }) else {
            return XCTFail("expected resourceNotFound")
        }
        XCTAssertEqual(path, "/org/example/none.ui")
    }

    // MARK: Bindings and handlers, checked without a display

    func testValidateAcceptsEveryTargetOnAFittingChild() async throws {
        let template = try contactTemplate()
            .bind("name", .label, to: \.name)
            .bind("name", .markup, to: { "<b>\($0.name)</b>" })
            .bind("icon", .iconName, to: \.icon)
            .bind("email", .visible, to: { !$0.email.isEmpty })
            .bind("email", .sensitive, to: { _ in true })
            .bind("email", .tooltip, to: \.email)
            .bind("row", .cssClass("starred"), to: \.starred)
            .bind("star", .active, to: \.starred)
            .bind("star", .label, to: \.name)
            .bind("delete", .iconName, to: { _ in nil })
            .bind("note", .text, to: \.email)
            .bind("icon", .property("pixel-size"), to: { _ in 32 })
            .bind("row", .property("opacity"), to: { _ in 0.5 })
            .bind("name", .property("selectable"), to: { _ in false })
            .bind("name", .property("label"), to: \.name)
            .onToggled("star") { _, _ in }
            .onClicked("delete") { _ in }
            .onActivate("note") { _, _ in }
            .on("changed", of: "note") { _ in }
        XCTAssertNoThrow(try template.validate())
    }

    func testValidateReportsAMissingChildId() async throws {
        let template = try contactTemplate().bind("emial", .label, to: \.email)
        XCTAssertEqual(error { try template.validate() },
                       .missingObject(source: "(string)", id: "emial", usage: ".bind(\"emial\", .label)",
                                      ids: ["row", "icon", "name", "email", "star", "note", "delete", "spare"]))
    }

    func testValidateReportsAChildOfTheWrongTypeForItsTarget() async throws {
        let template = try contactTemplate().bind("name", .iconName, to: \.icon)
        guard case .wrongObjectType(_, "name", "GtkLabel", ".bind(\"name\", .iconName)", let expected)? = error({ try template.validate() }) else {
            return XCTFail("expected wrongObjectType")
        }
        XCTAssertTrue(expected.contains("icon-name"), expected)
    }

    func testValidateReportsAPropertyOfAnotherType() async throws {
        let template = try contactTemplate().bind("name", .property("selectable"), to: \.name)
        guard case .wrongObjectType(_, "name", "GtkLabel", _, _)? = error({ try template.validate() }) else {
            return XCTFail("a string cannot set a boolean property")
        }
    }

    func testValidateReportsHandlersOnChildrenWithoutTheirSignal() async throws {
        let label = try contactTemplate().onClicked("name") { _ in }
        guard case .wrongObjectType(_, "name", "GtkLabel", ".onClicked(\"name\")", _)? = error({ try label.validate() }) else {
            return XCTFail("a label has no clicked signal")
        }
        let toggled = try contactTemplate().onToggled("delete") { _, _ in }
        guard case .wrongObjectType(_, "delete", "GtkButton", ".onToggled(\"delete\")", _)? = error({ try toggled.validate() }) else {
            return XCTFail("a plain button has no active state")
        }
        let activate = try contactTemplate().onActivate("delete") { _, _ in }
        guard case .wrongObjectType(_, "delete", "GtkButton", _, let expected)? = error({ try activate.validate() }) else {
            return XCTFail("a button has activate but no text")
        }
        XCTAssertTrue(expected.contains("\"text\""), expected)
    }

    func testValidateReportsAnUnknownClass() async throws {
        let ui = "<interface><object class=\"GtkBox\" id=\"row\"><child><object class=\"GtkLabl\" id=\"name\"/></child></object></interface>"
        let template = try RowTemplate<TemplateContact>(string: ui).bind("name", .label, to: \.name)
        guard case .builderFailed(_, let message)? = error({ try template.validate() }) else {
            return XCTFail("expected builderFailed")
        }
        XCTAssertTrue(message.contains("GtkLabl"), message)
    }

    func testValidateRejectsARootThatIsNoWidgetOrAWindow() async throws {
        guard case .invalidRoot(_, "spare", let reason)? = error({ try RowTemplate<TemplateContact>(string: Self.contactUI, root: "spare").validate() }) else {
            return XCTFail("an adjustment is no widget")
        }
        XCTAssertTrue(reason.contains("GtkAdjustment"), reason)
        let window = "<interface><object class=\"GtkWindow\" id=\"row\"/></interface>"
        guard case .invalidRoot(_, "row", let windowReason)? = error({ try RowTemplate<TemplateContact>(string: window).validate() }) else {
            return XCTFail("a window cannot be a row")
        }
        XCTAssertTrue(windowReason.contains("GtkWindow"), windowReason)
    }

    func testDeclarationsAreListedInOrder() async throws {
        let template = try contactTemplate()
            .bind("name", .label, to: \.name)
            .onClicked("delete") { _ in }
            .bind("star", .active, to: \.starred)
        XCTAssertEqual(template.declarations, [".bind(\"name\", .label)", ".bind(\"star\", .active)", ".onClicked(\"delete\")"])
    }

    func testEveryDeclaredTemplateHasItsOwnReuseIdentifier() async throws {
        let plain = try contactTemplate()
        let bound = plain.bind("name", .label, to: \.name)
        XCTAssertNotEqual(plain.reuseIdentifier, bound.reuseIdentifier)
        XCTAssertEqual(bound.reuseIdentifier, bound.reuseIdentifier)
        XCTAssertEqual(TemplateRowGenerator(template: bound, model: contact(1)).reuseIdentifier, bound.reuseIdentifier)
    }

    // MARK: Generators

    func testGeneratorsOfOneTemplateAreContentEqualWhenTheirModelsAre() async throws {
        let template = try contactTemplate().bind("name", .label, to: \.name)
        let a = TemplateRowGenerator(template: template, model: contact(1), id: 1)
        XCTAssertTrue(a.isContentEqual(to: TemplateRowGenerator(template: template, model: contact(1), id: 1)))
        var renamed = contact(1)
        renamed.name = "Grace"
        XCTAssertFalse(a.isContentEqual(to: TemplateRowGenerator(template: template, model: renamed, id: 1)))
        let other = template.bind("email", .label, to: \.email)
        XCTAssertFalse(a.isContentEqual(to: TemplateRowGenerator(template: other, model: contact(1), id: 1)),
                       "another template shows the same model differently")
        XCTAssertEqual(a.diffID, AnyHashable(1))
        XCTAssertTrue(a.isSelectable)
    }

    func testAManagerDiffsTemplateRowsByIdAndModel() async throws {
        let template = try contactTemplate().bind("name", .label, to: \.name)
        let manager = BaseListManager()
        try manager.setState([Section(rows: (0..<3).map { TemplateRowGenerator(template: template, model: contact($0), id: $0) })])
        var changed = contact(1)
        changed.starred = true
        try manager.setState([Section(rows: [TemplateRowGenerator(template: template, model: contact(0), id: 0),
                                             TemplateRowGenerator(template: template, model: changed, id: 1),
                                             TemplateRowGenerator(template: template, model: contact(2), id: 2)])])
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
    }

    private func contact(_ id: Int) -> TemplateContact {
        TemplateContact(id: id, name: "Ada \(id)", email: "ada\(id)@example.org", icon: "avatar-default-symbolic", starred: false)
    }
}

/// A GResource bundle compiled from `files` with `glib-compile-resources` and registered, as an
/// app registers its own.
final class ResourceBundle {
    private let resource: OpaquePointer

    init(files: [String: String], prefix: String) throws {
        let folder = NSTemporaryDirectory() + "gdd-resources-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let manifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gresources><gresource prefix="\(prefix)">\(files.keys.map { "<file>\($0)</file>" }.joined())</gresource></gresources>
        """
        try manifest.write(toFile: folder + "/bundle.gresource.xml", atomically: true, encoding: .utf8)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = ["glib-compile-resources", "--sourcedir", folder, "--target", folder + "/bundle.gresource",
                             folder + "/bundle.gresource.xml"]
        try compile.run()
        compile.waitUntilExit()
        guard compile.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(folder + "/bundle.gresource", &error) else {
            defer { g_clear_error(&error) }
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: String(cString: error!.pointee.message)])
        }
        self.resource = resource
        g_resources_register(resource)
    }

    func unregister() {
        g_resources_unregister(resource)
        g_resource_unref(resource)
    }
}
