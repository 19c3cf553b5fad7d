import CGtkDataDisplay
import GtkDataDisplay
import XCTest

/// What GtkBuilder would build with a warning (and warn again for every row view), and `.property`
/// binds GObject would convert with a warning, are `validate()` errors — without a display.
@MainActor
final class TemplateMarkupCheckTests: XCTestCase {
    struct Item: Sendable {
        var text = "x"
        var count = 1
        var share = 0.5
        var on = true
    }

    private func template(_ body: String) throws -> RowTemplate<Item> {
        try RowTemplate<Item>(string: "<interface>\(body)</interface>")
    }

    private let plain = """
    <object class="GtkBox" id="row">
      <child><object class="GtkLabel" id="name"/></child>
      <child><object class="GtkProgressBar" id="bar"/></child>
      <child><object class="GtkImage" id="icon"/></child>
    </object>
    """

    private func failure(_ template: RowTemplate<Item>) -> TemplateError? {
        do {
            try template.validate()
            return nil
        } catch {
            return error
        }
    }

    // MARK: Property values in the .ui

    func testAValueThatIsNoNumberIsAnInvalidPropertyValue() async throws {
        let t = try template(#"<object class="GtkBox" id="row"><property name="spacing">lots</property></object>"#)
        guard case .invalidPropertyValue(_, "\"row\"", "spacing", "lots", let reason)? = failure(t) else {
            return XCTFail("\(String(describing: failure(t)))")
        }
        XCTAssertTrue(reason.contains("lots"), reason)
    }

    func testAnUnknownEnumValueIsAnInvalidPropertyValue() async throws {
        let t = try template(#"<object class="GtkBox" id="row"><property name="orientation">diagonal</property></object>"#)
        guard case .invalidPropertyValue(_, _, "orientation", "diagonal", _)? = failure(t) else {
            return XCTFail("\(String(describing: failure(t)))")
        }
    }

    func testAValueOutOfTheRangeOfItsPropertyIsAnInvalidPropertyValue() async throws {
        let t = try template(#"<object class="GtkBox" id="row"><child><object class="GtkLabel"><property name="width-chars">-100</property></object></child></object>"#)
        guard case .invalidPropertyValue(_, "GtkLabel", "width-chars", "-100", let reason)? = failure(t) else {
            return XCTFail("\(String(describing: failure(t)))")
        }
        XCTAssertTrue(reason.contains("range"), reason)
    }

    func testGoodValuesOfEveryKindPass() async throws {
        let t = try template("""
        <object class="GtkBox" id="row">
          <property name="orientation">vertical</property>
          <property name="spacing">6</property>
          <property name="halign">GTK_ALIGN_START</property>
          <property name="css-classes">card
        boxed</property>
          <child><object class="GtkLabel"><property name="label" translatable="yes">Hello</property>
            <property name="width-chars">-1</property><property name="xalign">0.5</property>
            <property name="ellipsize">end</property></object></child>
          <child><object class="GtkProgressBar"><property name="fraction">1</property></object></child>
          <child><object class="GtkListView"><property name="model"><object class="GtkNoSelection"/></property></object></child>
        </object>
        """)
        XCTAssertNoThrow(try t.validate())
    }

    // MARK: Children

    func testAWidgetInsideALabelIsAnInvalidChild() async throws {
        let t = try template(#"<object class="GtkLabel" id="row"><child><object class="GtkButton" id="inner"/></child></object>"#)
        guard case .invalidChild(_, "\"row\"", "\"inner\"", let reason)? = failure(t) else {
            return XCTFail("\(String(describing: failure(t)))")
        }
        XCTAssertTrue(reason.contains("GtkLabel"), reason)
    }

    func testAnObjectNoWidgetTakesAndAChildTypeItDoesNotKnowAreInvalidChildren() async throws {
        let adjustment = try template(#"<object class="GtkLabel" id="row"><child><object class="GtkAdjustment"/></child></object>"#)
        guard case .invalidChild(_, _, "GtkAdjustment", _)? = failure(adjustment) else {
            return XCTFail("\(String(describing: failure(adjustment)))")
        }
        let typed = try template(#"<object class="GtkLabel" id="row"><child type="start"><object class="GtkGestureClick"/></child></object>"#)
        guard case .invalidChild(_, _, _, let reason)? = failure(typed) else {
            return XCTFail("\(String(describing: failure(typed)))")
        }
        XCTAssertTrue(reason.contains("\"start\""), reason)
    }

    func testChildrenTheirParentsTakePass() async throws {
        let t = try template("""
        <object class="GtkBox" id="row">
          <child><object class="GtkLabel"><child><object class="GtkGestureClick"/></child></object></child>
          <child><object class="GtkButton"><child><object class="GtkImage"/></child></object></child>
          <child><object class="GtkCenterBox"><child type="start"><object class="GtkLabel"/></child></object></child>
        </object>
        """)
        XCTAssertNoThrow(try t.validate())
    }

    // MARK: Bindings of the wrong value type

    func testPropertyBindsNeedAPropertyOfTheirValuesOwnType() async throws {
        let cases: [(RowTemplate<Item>, String)] = [
            (try template(plain).bind("name", .property("label"), to: \.on), "a Bool into a string"),
            (try template(plain).bind("name", .property("label"), to: \.count), "an Int into a string"),
            (try template(plain).bind("name", .property("width-chars"), to: \.share), "a Double into an int"),
            (try template(plain).bind("name", .property("ellipsize"), to: \.count), "an Int into an enum"),
            (try template(plain).bind("row", .property("orientation"), to: \.count), "an Int into an enum"),
            (try template(plain).bind("name", .property("selectable"), to: \.count), "an Int into a boolean"),
            (try template(plain).bind("name", .property("label"), to: \.share), "a Double into a string"),
        ]
        for (t, what) in cases {
            guard case .wrongObjectType? = failure(t) else { XCTFail("\(what): \(String(describing: failure(t)))"); continue }
        }
        let fitting = try template(plain)
            .bind("name", .property("width-chars"), to: \.count)
            .bind("bar", .property("fraction"), to: \.share)
            .bind("row", .property("opacity"), to: { Int($0.share) })
            .bind("name", .property("label"), to: \.text)
            .bind("name", .property("selectable"), to: \.on)
        XCTAssertNoThrow(try fitting.validate())
    }

    func testACSSClassBindingNeedsAClassName() async throws {
        for name in ["", ".starred", "two words"] {
            let t = try template(plain).bind("row", .cssClass(name), to: \.on)
            guard case .wrongObjectType(_, "row", _, _, let expected)? = failure(t) else {
                XCTFail("\"\(name)\": \(String(describing: failure(t)))")
                continue
            }
            XCTAssertTrue(expected.contains("CSS class name"), expected)
        }
    }
}
