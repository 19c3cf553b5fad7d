@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A text row named for screen readers by its generator.
@MainActor
final class NamedRow: BaseRowGenerator<LabelRowView>, AccessibleItem {
    var accessibleLabel: String?
}

/// Which accessible name a row gets, without a view: the generator's `AccessibleItem` label, or
/// (when it has none, or is not an `AccessibleItem`) the view's first label, which is read only then.
@MainActor
final class AccessibleLabelTests: XCTestCase {
    private var firstLabelReads = 0

    private func name(_ generator: any RowGenerator, firstLabel: String? = "first label") -> String? {
        RowAccessibility.name(of: generator, firstLabel: {
            firstLabelReads += 1
            return firstLabel
        })
    }

    func testAnAccessibleItemsLabelWinsAndTheViewIsNotRead() async {
        let row = NamedRow(model: "shown text")
        row.accessibleLabel = "Photo: sunset"
        XCTAssertEqual(name(row), "Photo: sunset")
        XCTAssertEqual(firstLabelReads, 0)
        row.accessibleLabel = "Photo: sunrise"
        XCTAssertEqual(name(row), "Photo: sunrise", "read each time")
    }

    func testWithoutALabelTheViewsFirstLabelNamesTheRow() async {
        let named = NamedRow(model: "x")
        XCTAssertEqual(name(named), "first label", "an AccessibleItem without a label")
        XCTAssertEqual(name(LabelRow(model: "y")), "first label", "not an AccessibleItem")
        XCTAssertEqual(firstLabelReads, 2)
        XCTAssertNil(name(LabelRow(model: "z"), firstLabel: nil), "no label anywhere: no name")
    }

    func testAnEmptyLabelIsTheGeneratorsChoice() async {
        let row = NamedRow(model: "decoration")
        row.accessibleLabel = ""
        XCTAssertEqual(name(row), "")
        XCTAssertEqual(firstLabelReads, 0)
    }

    func testATemplateRowIsNamedByItsTemplatesLabel() async throws {
        let ui = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface><object class="GtkBox" id="row"><child><object class="GtkLabel" id="name"/></child></object></interface>
        """
        let plain = try RowTemplate<String>(string: ui)
        XCTAssertEqual(name(TemplateRowGenerator(template: plain, model: "Ada")), "first label")
        let labelled = plain.accessibleLabel { $0.isEmpty ? nil : "Contact \($0)" }
        XCTAssertEqual(name(TemplateRowGenerator(template: labelled, model: "Ada")), "Contact Ada")
        XCTAssertEqual(name(TemplateRowGenerator(template: labelled, model: "")), "first label", "nil from the template")
        XCTAssertEqual(firstLabelReads, 2)
    }
}
