import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A contact, the model of the template widget tests.
struct Contact: Equatable, Sendable {
    var id: Int
    var name: String
    var email: String
    var icon: String
    var starred: Bool
}

/// What a template's handlers received, in order.
@MainActor
final class HandlerLog {
    var entries: [(event: String, row: TemplateRowGenerator<Contact>, value: String)] = []
    func record(_ event: String, _ row: TemplateRowGenerator<Contact>, _ value: String = "") {
        entries.append((event, row, value))
    }
}

/// Template rows in a real GtkListView: bind sets the bound properties, updates rebind, child
/// signals reach the generator the row shows now, and nothing leaks.
final class TemplateWidgetTests: WidgetTestCase {
    static let ui = """
    <interface>
      <object class="GtkBox" id="row">
        <property name="spacing">12</property>
        <child><object class="GtkImage" id="icon"><property name="pixel-size">32</property></object></child>
        <child>
          <object class="GtkBox">
            <property name="orientation">vertical</property>
            <property name="hexpand">true</property>
            <child><object class="GtkLabel" id="name"><property name="xalign">0</property></object></child>
            <child><object class="GtkLabel" id="email"><property name="xalign">0</property></object></child>
          </object>
        </child>
        <child><object class="GtkEntry" id="note"/></child>
        <child><object class="GtkCheckButton" id="star"/></child>
        <child><object class="GtkButton" id="delete"><property name="icon-name">user-trash-symbolic</property></object></child>
      </object>
    </interface>
    """

    func template(_ log: HandlerLog) throws -> RowTemplate<Contact> {
        try RowTemplate<Contact>(string: Self.ui)
            .bind("name", .label, to: \.name)
            .bind("icon", .iconName, to: \.icon)
            .bind("email", .label, to: \.email)
            .bind("email", .visible, to: { !$0.email.isEmpty })
            .bind("star", .active, to: \.starred)
            .bind("row", .cssClass("starred"), to: \.starred)
            .onToggled("star") { row, isActive in log.record("toggled", row, "\(isActive)") }
            .onClicked("delete") { row in log.record("clicked", row) }
            .onActivate("note") { row, text in log.record("activate", row, text) }
    }

    func contact(_ id: Int, starred: Bool = false) -> Contact {
        Contact(id: id, name: "Ada \(id)", email: "ada\(id)@example.org", icon: "avatar-default-symbolic", starred: starred)
    }

    func view(_ adapter: ListViewAdapter, _ row: any RowGenerator) throws -> TemplateRowView<Contact> {
        try XCTUnwrap(adapter.view(for: row) as? TemplateRowView<Contact>, "the row is bound to a template view")
    }

    func labelText(_ view: TemplateRowView<Contact>, _ id: String) -> String {
        String(cString: gtk_label_get_text(gdd_label(view.object(id)!)))
    }

    func isActive(_ view: TemplateRowView<Contact>, _ id: String) -> Bool {
        gtk_check_button_get_active(view.object(id)!.assumingMemoryBound(to: GtkCheckButton.self)) != 0
    }

    // MARK: Binding

    func testBindSetsTheBoundPropertiesFromTheModel() async throws {
        let log = HandlerLog()
        let template = try template(log)
        var noEmail = contact(2, starred: true)
        noEmail.email = ""
        let rows = [contact(1), noEmail].map { TemplateRowGenerator(template: template, model: $0, id: $0.id) }
        let manager = BaseListManager()
        try manager.add(rows)
        let (adapter, host) = show(manager)
        defer { host.destroy() }

        let first = try view(adapter, rows[0])
        XCTAssertEqual(labelText(first, "name"), "Ada 1")
        XCTAssertEqual(labelText(first, "email"), "ada1@example.org")
        XCTAssertEqual(String(cString: gtk_image_get_icon_name(gdd_image(first.object("icon")!))), "avatar-default-symbolic")
        XCTAssertTrue(first.child("email")!.isVisible)
        XCTAssertFalse(isActive(first, "star"))
        XCTAssertFalse(first.widget.hasCSSClass("starred"))

        let second = try view(adapter, rows[1])
        XCTAssertFalse(second.child("email")!.isVisible)
        XCTAssertTrue(isActive(second, "star"))
        XCTAssertTrue(second.widget.hasCSSClass("starred"))
        XCTAssertTrue(second.generator === rows[1])
        XCTAssertTrue(log.entries.isEmpty, "setting .active in a bind raises no onToggled")
    }

    func testAnUpdatedModelIsRebound() async throws {
        let template = try template(HandlerLog())
        let row = TemplateRowGenerator(template: template, model: contact(1), id: 1)
        let manager = BaseListManager()
        try manager.add([row])
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let shown = try view(adapter, row)

        row.model.name = "Grace"
        row.model.starred = true
        try manager.update(row)
        host.settle()
        XCTAssertEqual(labelText(shown, "name"), "Grace")
        XCTAssertTrue(isActive(shown, "star"))

        var next = row.model
        next.email = ""
        try manager.setState([Section(rows: [TemplateRowGenerator(template: template, model: next, id: 1)])])
        host.settle()
        XCTAssertFalse(shown.child("email")!.isVisible, "a whole-state update with a changed model rebinds")
    }

    func testEveryTargetSetsItsProperty() async throws {
        let template = try RowTemplate<Contact>(string: Self.ui)
            .bind("name", .markup, to: { "<b>\($0.name)</b>" })
            .bind("email", .tooltip, to: { $0.email.isEmpty ? nil : $0.email })
            .bind("email", .sensitive, to: { !$0.starred })
            .bind("note", .text, to: \.email)
            .bind("delete", .label, to: \.name)
            .bind("icon", .property("pixel-size"), to: { $0.id * 10 })
            .bind("row", .property("opacity"), to: { $0.starred ? 1 : 0.5 })
            .bind("name", .property("selectable"), to: \.starred)
            .bind("email", .property("label"), to: \.email)
            .bind("icon", .iconName, to: { $0.icon.isEmpty ? nil : $0.icon })
        let row = TemplateRowGenerator(template: template, model: contact(3), id: 3)
        let view = try XCTUnwrap(row.makeView() as? TemplateRowView<Contact>)
        row.bind(view)
        XCTAssertEqual(String(cString: gtk_label_get_label(gdd_label(view.object("name")!))), "<b>Ada 3</b>")
        XCTAssertEqual(labelText(view, "name"), "Ada 3")
        XCTAssertEqual(view.child("email")?.tooltip, "ada3@example.org")
        XCTAssertEqual(view.child("email")?.isSensitive, true)
        XCTAssertEqual(String(cString: gtk_editable_get_text(gdd_editable(view.object("note")!))), "ada3@example.org")
        XCTAssertEqual(String(cString: gtk_button_get_label(gdd_button(view.object("delete")!))), "Ada 3")
        XCTAssertEqual(gtk_image_get_pixel_size(gdd_image(view.object("icon")!)), 30)
        XCTAssertEqual(gtk_widget_get_opacity(view.widget.pointer), 0.5, accuracy: 0.01)
        XCTAssertEqual(labelText(view, "email"), "ada3@example.org")
        var changed = contact(3, starred: true)
        changed.email = ""
        changed.icon = ""
        row.model = changed
        row.unbind(view)
        row.bind(view)
        XCTAssertNil(view.child("email")?.tooltip)
        XCTAssertEqual(view.child("email")?.isSensitive, false)
        XCTAssertEqual(gtk_label_get_selectable(gdd_label(view.object("name")!)), 1)
        XCTAssertNil(gtk_image_get_icon_name(gdd_image(view.object("icon")!)))
        XCTAssertEqual(gtk_widget_get_opacity(view.widget.pointer), 1, accuracy: 0.01)
    }

    // MARK: Signals reach the current generator

    func testAClickReachesTheGeneratorThatReplacedTheRowInAWholeStateUpdate() async throws {
        let log = HandlerLog()
        let template = try template(log)
        let manager = BaseListManager()
        let old = TemplateRowGenerator(template: template, model: contact(1), id: 1)
        try manager.setState([Section(rows: [old])])
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let shown = try view(adapter, old)

        let new = TemplateRowGenerator(template: template, model: contact(1), id: 1)  // equal, another instance
        adapter.resetStatistics()
        try manager.setState([Section(rows: [new])])
        host.settle()
        XCTAssertEqual(adapter.statistics.binds, 0, "the view is handed over, not rebound")
        XCTAssertTrue(adapter.view(for: new) === shown)

        emit(shown.object("delete")!, "clicked")
        XCTAssertEqual(log.entries.map(\.event), ["clicked"])
        XCTAssertTrue(log.entries.first?.row === new, "the handler gets the generator shown now")
    }

    func testAToggleReachesTheCurrentGeneratorWithItsNewState() async throws {
        let log = HandlerLog()
        let template = try template(log)
        let manager = BaseListManager()
        try manager.setState([Section(rows: [TemplateRowGenerator(template: template, model: contact(1), id: 1)])])
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let new = TemplateRowGenerator(template: template, model: contact(1), id: 1)
        try manager.setState([Section(rows: [new])])
        host.settle()
        let shown = try view(adapter, new)

        Property.set(shown.object("star")!, "active", true)  // as a user's click does
        XCTAssertEqual(log.entries.count, 1)
        XCTAssertEqual(log.entries.first?.event, "toggled")
        XCTAssertEqual(log.entries.first?.value, "true")
        XCTAssertTrue(log.entries.first?.row === new)
    }

    func testAToggleHandlerCanUpdateItsRow() async throws {
        let manager = BaseListManager()
        let template = try RowTemplate<Contact>(string: Self.ui)
            .bind("star", .active, to: \.starred)
            .bind("row", .cssClass("starred"), to: \.starred)
            .onToggled("star") { [weak manager] row, isActive in
                row.model.starred = isActive
                try? manager?.update(row)
            }
        let row = TemplateRowGenerator(template: template, model: contact(1), id: 1)
        try manager.add([row])
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let shown = try view(adapter, row)
        Property.set(shown.object("star")!, "active", true)
        host.settle()
        XCTAssertTrue(row.model.starred)
        XCTAssertTrue(shown.widget.hasCSSClass("starred"))
    }

    func testEntryActivationDeliversTheRowAndTheText() async throws {
        let log = HandlerLog()
        let row = TemplateRowGenerator(template: try template(log), model: contact(1), id: 1)
        let manager = BaseListManager()
        try manager.add([row])
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let entry = try view(adapter, row).object("note")!
        Property.set(entry, "text", "call back")
        emit(entry, "activate")
        XCTAssertEqual(log.entries.map(\.event), ["activate"])
        XCTAssertEqual(log.entries.first?.value, "call back")
        XCTAssertTrue(log.entries.first?.row === row)
    }

    func testAViewShowingNoRowRaisesNothing() async throws {
        let log = HandlerLog()
        let row = TemplateRowGenerator(template: try template(log), model: contact(1), id: 1)
        let manager = BaseListManager()
        try manager.add([row])
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let shown = try view(adapter, row)
        try manager.remove(row)
        host.settle()
        adapter.flushUnbinds()
        XCTAssertNil(shown.generator)
        emit(shown.object("delete")!, "clicked")
        XCTAssertTrue(log.entries.isEmpty)
    }

    // MARK: Recycling and lifetime

    func testRowsOfOneTemplateShareViewsAsTheListScrolls() async throws {
        let template = try template(HandlerLog())
        let manager = BaseListManager()
        try manager.add((0..<1000).map { TemplateRowGenerator(template: template, model: contact($0), id: $0) })
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        let created = adapter.statistics.viewsCreated
        XCTAssertGreaterThan(created, 0)
        for position in Array(stride(from: 100, to: 1000, by: 100)) + [999] {
            adapter.scrollTo(position: position)
            host.settle()
        }
        let last = try view(adapter, manager.flatGenerators[999])
        XCTAssertEqual(labelText(last, "name"), "Ada 999")
        XCTAssertLessThan(adapter.statistics.viewsCreated, 500, "a thousand rows scrolled through share far fewer views")
    }

    func testTemplateViewsAndTheirChildrenAreFreedWithTheListView() async throws {
        let widgetsBefore = Diagnostics.liveWidgets
        let objectsBefore = Diagnostics.liveRowObjects
        var childFinalized = false
        do {
            let log = HandlerLog()
            let template = try template(log)
            let manager = BaseListManager()
            let rows = (0..<200).map { TemplateRowGenerator(template: template, model: contact($0), id: $0) }
            try manager.add(rows)
            var (adapter, host): (ListViewAdapter?, WindowHost) = show(manager)
            XCTAssertGreaterThan(Diagnostics.liveWidgets, widgetsBefore)
            let star = try view(adapter!, rows[0]).object("star")!
            FinalizeFlag.watch(star) { childFinalized = true }
            adapter?.scrollTo(position: 150)
            host.settle()
            try manager.setState([Section(rows: (0..<200).map { TemplateRowGenerator(template: template, model: contact($0), id: $0) })])
            host.settle()
            host.destroy()
            adapter = nil
            manager.clear()
        }
        MainContext.drain()
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore, "roots and children with ids are all freed")
        XCTAssertTrue(childFinalized)
    }

    // MARK: Errors when the first view is built

    func testValidateWithGTKReportsWhatGtkBuilderRejects() async throws {
        let ui = "<interface><object class=\"GtkBox\" id=\"row\"><property name=\"no-such-property\">1</property></object></interface>"
        let template = try RowTemplate<Contact>(string: ui)
        do {
            try template.validate()
            XCTFail("GtkBuilder rejects an unknown property")
        } catch {
            guard case .builderFailed(_, let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("no-such-property"), message)
        }
    }

    func testAMissingChildStopsTheProgramWhenTheFirstViewIsBuilt() async throws {
        if ChildProcess.isChild() {
            let template = try RowTemplate<Contact>(string: Self.ui).bind("emial", .label, to: \.email)
            let manager = BaseListManager()
            try manager.add([TemplateRowGenerator(template: template, model: contact(1), id: 1)])
            let (_, host) = show(manager)
            host.destroy()
            print("no stop")
            return
        }
        let outcome = try ChildProcess.run(Self.self)
        XCTAssertTrue(outcome.failed, outcome.output)
        XCTAssertFalse(outcome.output.contains("no stop"), outcome.output)
        XCTAssertTrue(outcome.output.contains(#".bind("emial", .label): no object with id "emial""#), outcome.output)
    }

    func testAChildOfTheWrongTypeStopsTheProgramWhenTheFirstViewIsBuilt() async throws {
        if ChildProcess.isChild() {
            let template = try RowTemplate<Contact>(string: Self.ui).onClicked("name") { _ in }
            let manager = BaseListManager()
            try manager.add([TemplateRowGenerator(template: template, model: contact(1), id: 1)])
            let (_, host) = show(manager)
            host.destroy()
            print("no stop")
            return
        }
        let outcome = try ChildProcess.run(Self.self)
        XCTAssertTrue(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains(#".onClicked("name"): "name" is a GtkLabel, but it needs a signal "clicked""#), outcome.output)
    }
}

/// Emits a signal without arguments on `instance`, as GTK does when the user acts
/// (`g_signal_emit_by_name` is variadic, so Swift calls `g_signal_emitv`).
@MainActor
func emit(_ instance: UnsafeMutableRawPointer, _ signal: String) {
    let type = gdd_type_from_instance(instance)
    let id = g_signal_lookup(signal, type)
    precondition(id != 0, "no signal \(signal)")
    var value = GValue()
    g_value_init(&value, type)
    g_value_set_object(&value, instance)
    g_signal_emitv(&value, id, 0, nil)
    g_value_unset(&value)
}

/// Calls a closure when a GObject is finalized.
@MainActor
enum FinalizeFlag {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func watch(_ object: UnsafeMutableRawPointer, _ body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        g_object_weak_ref(gdd_object(object), { data, _ in
            let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
            box.body()
        }, box)
    }
}
