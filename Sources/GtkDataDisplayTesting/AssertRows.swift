import GtkDataDisplay
import Testing
import XCTest

/// Fails the running test unless `source`'s rows, rendered as text (`renderRows`), equal
/// `expected`; the failure shows a line-by-line difference (`LineDiff`) and points at the caller.
/// Works in XCTest and in Swift Testing. Leading and trailing blank lines of `expected` are
/// ignored, so a multi-line string literal can start and end on lines of its own.
///
///     assertRows(adapter, """
///         # Fruits
///         apple [selected]
///         ▸ citrus
///         """)
@MainActor
public func assertRows(_ source: some RowSnapshotSource, _ expected: String,
                       text: RowText = RowSnapshot.defaultText(of:),
                       fileID: String = #fileID, filePath: StaticString = #filePath,
                       line: UInt = #line, column: UInt = #column) {
    let actual = source.renderRows(text: text)
    guard let message = rowsDifference(expected: expected, actual: actual) else { return }
    TestFailure.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The failure message `assertRows` gives when `actual` differs from `expected` (nil when they
/// are equal, blank lines at either end of `expected` aside): for frameworks the kit does not
/// report to, `XCTAssertNil(rowsDifference(…))` or `#expect(rowsDifference(…) == nil)`.
public func rowsDifference(expected: String, actual: String) -> String? {
    let wanted = trimmingBlankLines(expected)
    guard wanted != actual else { return nil }
    return "rows differ (- expected, + actual):\n" + LineDiff(expected: wanted, actual: actual).description
}

/// `text` without the empty (or blank) lines at its start and end.
private func trimmingBlankLines(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    return lines.joined(separator: "\n")
}

/// Reports a failure to the test framework running the caller: Swift Testing when a Swift
/// Testing test is running, XCTest otherwise.
enum TestFailure {
    static func report(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)",
                                                        line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
