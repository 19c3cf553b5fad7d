import GtkDataDisplay
import GtkDataDisplayTesting
import Testing

/// `assertRows` reports to Swift Testing when a Swift Testing test runs it.
@MainActor
struct SwiftTestingSupportTests {
    @Test func assertRowsPassesOnEqualRows() throws {
        let fruits = try Fruits()
        assertRows(fruits.manager, "# fruits\napple\npear\n▸ citrus\n_ count\n\nkale")
    }

    @Test func assertRowsRecordsAnIssueOnAMismatch() throws {
        let fruits = try Fruits()
        // Not intermittent: if assertRows recorded no issue, withKnownIssue records one itself.
        withKnownIssue {
            assertRows(fruits.manager, "# fruits\nsomething else")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("- something else") }
        }
    }
}
