import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// A contact row built in code with the typed widget helpers, without a template (and without
/// `import CGtk` in the view itself).
final class ContactCodeView: ConfigurableRowView {
    let icon = Image(pixelSize: 32)
    let name = Label(xalign: 0, ellipsize: true)
    let email = Label(xalign: 0, ellipsize: true)
    let star = CheckButton()
    let widget: OwnedWidget
    var onStar: ((Bool) -> Void)?

    init() {
        let text = Box(.vertical, spacing: 2, name, email)
        text.hexpand = true
        widget = Box(.horizontal, spacing: 12, icon, text, star).widget
        star.onToggled { [weak self] isActive in self?.onStar?(isActive) }
    }

    static func make() -> ContactCodeView { ContactCodeView() }

    func configure(with contact: Contact) {
        icon.iconName = contact.icon
        name.text = contact.name
        email.text = contact.email
        email.isVisible = !contact.email.isEmpty
        star.isActive = contact.starred
    }
}

/// The typed widget helpers (`Label`, `Image`, `Button`, `ToggleButton`, `CheckButton`,
/// `Switch`, `Spinner`, `Box`) set what they say on real widgets, their handlers run for changes
/// that do not come from code, and a row built from them binds and frees like any other.
final class TemplateCodeRowTests: WidgetTestCase {
    func testLabelShowsPlainTextOrMarkup() async throws {
        let label = Label("a < b", xalign: 0, wrap: true, ellipsize: true)
        XCTAssertEqual(label.text, "a < b", "text is never parsed as markup")
        XCTAssertEqual(label.xalign, 0)
        XCTAssertTrue(label.wrap)
        XCTAssertTrue(label.ellipsize)
        label.markup = "<b>bold</b>"
        XCTAssertEqual(label.text, "bold")
        XCTAssertEqual(label.markup, "<b>bold</b>")
        label.wrap = false
        label.ellipsize = false
        XCTAssertFalse(label.wrap)
        XCTAssertFalse(label.ellipsize)
    }

    func testImageShowsAnIconAtASize() async throws {
        let image = Image(iconName: "starred-symbolic", pixelSize: 24)
        XCTAssertEqual(image.iconName, "starred-symbolic")
        XCTAssertEqual(image.pixelSize, 24)
        image.iconName = nil
        XCTAssertNil(image.iconName)
    }

    func testButtonCallsItsHandlerWhenClicked() async throws {
        var clicks = 0
        let button = Button(label: "Delete").onClicked { clicks += 1 }
        XCTAssertEqual(button.label, "Delete")
        emit(button.widget.raw, "clicked")
        XCTAssertEqual(clicks, 1)
        let icon = Button(iconName: "user-trash-symbolic")
        XCTAssertEqual(icon.iconName, "user-trash-symbolic")
        icon.hasFrame = false
        XCTAssertFalse(icon.hasFrame)
    }

    func testToggleHandlersRunForChangesThatDoNotComeFromCode() async throws {
        var toggled: [Bool] = []
        let toggle = ToggleButton(label: "Bold").onToggled { toggled.append($0) }
        let check = CheckButton(label: "Starred").onToggled { toggled.append($0) }
        let switcher = Switch().onChanged { toggled.append($0) }
        toggle.isActive = true
        check.isActive = true
        switcher.isActive = true
        XCTAssertTrue(toggle.isActive && check.isActive && switcher.isActive)
        XCTAssertEqual(toggled, [], "setting isActive from code calls no handler (as UIKit's isOn)")
        for widget in [toggle.widget, check.widget, switcher.widget] {
            Property.set(widget.raw, "active", false)  // as the user's click does
        }
        XCTAssertEqual(toggled, [false, false, false])
        XCTAssertEqual(check.label, "Starred")
        XCTAssertEqual(switcher.valign, .center)
    }

    func testSpinnerSpins() async throws {
        let spinner = Spinner(isSpinning: true)
        XCTAssertTrue(spinner.isSpinning)
        spinner.isSpinning = false
        XCTAssertFalse(spinner.isSpinning)
    }

    func testBoxHoldsItsChildrenInOrder() async throws {
        let first = Label("1")
        let second = Image()
        let box = Box(.vertical, spacing: 6, first, second)
        box.append(Button(label: "3"))
        XCTAssertEqual(box.spacing, 6)
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(box.widget.pointer)
        while let current = child {
            children.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        XCTAssertEqual(children.count, 3)
        XCTAssertEqual(children.first, first.widget.pointer)
        XCTAssertEqual(children[1], second.widget.pointer)
        box.remove(second)
        XCTAssertNil(second.widget.parent)
    }

    func testCommonWidgetStateIsTyped() async throws {
        let label = Label("x")
        label.isVisible = false
        label.isSensitive = false
        label.tooltip = "hint"
        label.hexpand = true
        label.halign = .end
        label.setCSSClass("dim-label", true)
        XCTAssertFalse(label.isVisible)
        XCTAssertFalse(label.isSensitive)
        XCTAssertEqual(label.tooltip, "hint")
        XCTAssertTrue(label.hexpand)
        XCTAssertEqual(label.halign, .end)
        XCTAssertTrue(label.hasCSSClass("dim-label"))
        label.tooltip = ""
        label.setCSSClass("dim-label", false)
        XCTAssertNil(label.tooltip)
        XCTAssertFalse(label.hasCSSClass("dim-label"))
    }

    func testARowBuiltFromHelpersBindsInAListAndIsFreed() async throws {
        let widgetsBefore = Diagnostics.liveWidgets
        do {
            let manager = BaseListManager()
            let rows = (0..<100).map {
                BaseRowGenerator<ContactCodeView>(model: Contact(id: $0, name: "Ada \($0)", email: $0 == 1 ? "" : "a@b.c",
                                                                 icon: "avatar-default-symbolic", starred: $0 == 1), id: $0)
            }
            try manager.add(rows)
            var (adapter, host): (ListViewAdapter?, WindowHost) = show(manager)
            let view = try XCTUnwrap(adapter?.view(for: rows[1]) as? ContactCodeView)
            XCTAssertEqual(view.name.text, "Ada 1")
            XCTAssertFalse(view.email.isVisible)
            XCTAssertTrue(view.star.isActive)
            var starred: [Bool] = []
            view.onStar = { starred.append($0) }
            Property.set(view.star.widget.raw, "active", false)
            XCTAssertEqual(starred, [false])
            host.destroy()
            adapter = nil
            manager.clear()
        }
        MainContext.drain()
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }
}
