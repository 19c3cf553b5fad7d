import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Rows read back from the real store as values and as text, and the failure a mismatch gives.
@MainActor
final class RowRenderingTests: XCTestCase {
    /// Failures `assertRows` reported while `capturing` (they do not fail the test).
    nonisolated(unsafe) private var captured: [(description: String, file: String, line: Int)] = []
    nonisolated(unsafe) private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String,
                                atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testRowsReadBackAsPlainValues() async throws {
        let fruits = try Fruits()
        try fruits.manager.expand(fruits.citrus)
        let rows = fruits.manager.rows()
        XCTAssertEqual(rows.map(\.diffID), ["fruits", "apple", "pear", "citrus", "lemon", "lime", "count", "kale"])
        XCTAssertEqual(rows.map(\.role), [.header, .row, .row, .row, .row, .row, .footer, .row])
        XCTAssertEqual(rows.map(\.depth), [0, 0, 0, 0, 1, 1, 0, 0])
        XCTAssertEqual(rows.map(\.section), [0, 0, 0, 0, 0, 0, 0, 1])
        XCTAssertEqual(rows.map(\.isExpanded), [nil, nil, nil, true, nil, nil, nil, nil])
        XCTAssertEqual(rows.map(\.isSelected), Array(repeating: false, count: 8), "a manager alone selects nothing")
        XCTAssertEqual(rows.count, fruits.manager.store.count, "one snapshot per item of the store")
    }

    func testRowsNamedByTheTestsOwnText() async throws {
        let manager = BaseListManager()
        try manager.addSection(rows: [LabelRow(model: "Apple", id: "a"), LabelRow(model: "Pear", id: "p")])
        let adapter = HeadlessAdapter(manager: manager)
        XCTAssertEqual(adapter.renderRows(), "a\np", "by default a row's text is its diff id")
        // DocC:begin testing-kit-text
        assertRows(adapter, "Apple\nPear", text: { ($0 as? LabelRow)?.model ?? "?" })
        // DocC:end testing-kit-text
        capturing = true
        assertRows(adapter, "Apple\nPear")
        capturing = false
        XCTAssertEqual(captured.count, 1, "without text: the ids a, p are not Apple, Pear")
    }

    func testTheRenderingShowsKindsDepthsFoldingAndSections() async throws {
        let fruits = try Fruits()
        XCTAssertEqual(fruits.manager.renderRows(), """
            # fruits
            apple
            pear
            ▸ citrus
            _ count

            kale
            """)
        try fruits.manager.expand(fruits.citrus)
        assertRows(fruits.manager, """
            # fruits
            apple
            pear
            ▾ citrus
              lemon
              lime
            _ count

            kale
            """)
    }

    func testTextCanComeFromTheRowsModels() async throws {
        let fruits = try Fruits()
        let text: RowText = { ($0 as? LabelRow)?.model ?? ($0 as? LabelHeader)?.model ?? ($0 as? LabelFooter)?.model ?? "?" }
        XCTAssertEqual(fruits.manager.renderRows(text: text).split(separator: "\n").first, "# Fruits")
        XCTAssertEqual(fruits.manager.rows(text: text).last?.text, "Kale")
    }

    func testRowsWithoutAnIDOfTheirOwnShowTheirTextModel() async throws {
        let manager = BaseListManager()
        try manager.addSection(rows: [LabelRow(model: "no id")])
        XCTAssertEqual(manager.renderRows(), "no id")
    }

    func testAMismatchGivesALineByLineDifference() async throws {
        let difference = rowsDifference(expected: """
            # fruits
            apple
            pear
            """, actual: "# fruits\napple [selected]\npear\nkale")
        XCTAssertEqual(difference, """
            rows differ (- expected, + actual):
              # fruits
            - apple
            + apple [selected]
              pear
            + kale
            """)
        XCTAssertNil(rowsDifference(expected: "\n  apple\n", actual: "  apple"), "blank lines around the expected text do not count")
        XCTAssertTrue(LineDiff(expected: "a\nb", actual: "a\nb").isEmpty)
        XCTAssertEqual(LineDiff(expected: "a\nb", actual: "b").lines, [.missing("a"), .same("b")])
    }

    func testAssertRowsFailsAtTheCallersLineWithTheDifference() async throws {
        let fruits = try Fruits()
        capturing = true
        assertRows(fruits.manager, "# fruits\napple"); let line = #line
        assertRows(fruits.manager, "# fruits\napple\npear\n▸ citrus\n_ count\n\nkale")
        capturing = false
        XCTAssertEqual(captured.count, 1, "only the mismatch fails")
        let failure = try XCTUnwrap(captured.first)
        XCTAssertEqual(failure.line, line)
        XCTAssertEqual(failure.file, #filePath)
        XCTAssertTrue(failure.description.contains("+ pear\n+ ▸ citrus"), failure.description)
        XCTAssertTrue(failure.description.contains("  apple"), failure.description)
    }
}
