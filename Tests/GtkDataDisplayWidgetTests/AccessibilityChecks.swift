import CGtkDataDisplay
import Foundation
import GtkDataDisplayTesting
import XCTest

/// Reads what GTK tells assistive technologies about a widget, in process, with GTK 4.8's
/// `gtk_test_accessible_*` checks. They need an accessibility context: the process must run with
/// `GTK_A11Y=test` (or `atspi`); widget tests run with `GTK_A11Y=none`, so accessibility tests
/// run themselves again in a child process with `GTK_A11Y=test` (`AccessibilityTestCase`).
@MainActor
enum Accessible {
    /// A value no widget is given, so a check against it returns the real value.
    private static let sentinel = "\u{1}gdd-sentinel"

    static func role(_ widget: UnsafeMutablePointer<GtkWidget>) -> GtkAccessibleRole {
        gtk_accessible_get_accessible_role(gdd_accessible(UnsafeMutableRawPointer(widget)))
    }

    /// The accessible label set on `widget`, nil when none is.
    static func label(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        let accessible = gdd_accessible(UnsafeMutableRawPointer(widget))
        guard gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL) != 0 else { return nil }
        return taken(gdd_test_accessible_check_label(UnsafeMutableRawPointer(widget), sentinel))
    }

    /// The accessible description set on `widget`, nil when none is.
    static func description(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        let accessible = gdd_accessible(UnsafeMutableRawPointer(widget))
        guard gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) != 0 else { return nil }
        return taken(gdd_test_accessible_check_description(UnsafeMutableRawPointer(widget), sentinel))
    }

    /// Whether `widget` (a column header) says it sorts its table in `sort`.
    static func sorts(_ widget: UnsafeMutablePointer<GtkWidget>, _ sort: GtkAccessibleSort) -> Bool {
        taken(gdd_test_accessible_check_sort(UnsafeMutableRawPointer(widget), sort)) == nil
    }

    /// The accessible level set on `widget`, nil when none is.
    static func level(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int? {
        let accessible = gdd_accessible(UnsafeMutableRawPointer(widget))
        guard gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LEVEL) != 0 else { return nil }
        return taken(gdd_test_accessible_check_level(UnsafeMutableRawPointer(widget), -12345)).flatMap { Int($0) }
    }

    /// The expanded state of `widget`: nil when it has none (it cannot expand).
    static func expanded(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool? {
        let accessible = gdd_accessible(UnsafeMutableRawPointer(widget))
        guard gtk_test_accessible_has_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED) != 0 else { return nil }
        // The value stays undefined after a reset: has_state is still true, the check says "undefined".
        if let other = taken(gdd_test_accessible_check_expanded(UnsafeMutableRawPointer(widget), 1)) {
            return other == "undefined" ? nil : false
        }
        return true
    }

    /// Whether `widget` is hidden from assistive technologies (GTK sets it for invisible widgets).
    static func hidden(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        taken(gdd_test_accessible_check_hidden(UnsafeMutableRawPointer(widget), 1)) == nil
    }

    /// The string GTK returned (freed here); nil when GTK returned none (the check matched).
    private static func taken(_ string: UnsafeMutablePointer<CChar>?) -> String? {
        guard let string else { return nil }
        defer { g_free(string) }
        return String(cString: string)
    }

    /// The nearest ancestor of `widget` (itself included) with `role`.
    static func ancestor(of widget: UnsafeMutablePointer<GtkWidget>, role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget>? {
        var next: UnsafeMutablePointer<GtkWidget>? = widget
        while let current = next {
            if Self.role(current) == role { return current }
            next = gtk_widget_get_parent(current)
        }
        return nil
    }
}

/// Base for tests that read accessibility attributes: `inAccessibilityContext` runs the test body
/// here when the process has `GTK_A11Y=test`, and otherwise runs the test again in a child
/// process that has it (GTK reads the variable once, when it starts).
@MainActor
class AccessibilityTestCase: WidgetTestCase {
    private static var hasTestContext: Bool { ProcessInfo.processInfo.environment["GTK_A11Y"] == "test" }

    func inAccessibilityContext(_ test: String = #function, _ body: () async throws -> Void) async throws {
        if Self.hasTestContext {
            try await body()
            return
        }
        let outcome = try ChildProcess.run(type(of: self), test, sameEnvironment: true, environment: ["GTK_A11Y": "test"])
        XCTAssertFalse(outcome.failed, "the test failed with GTK_A11Y=test:\n\(outcome.output)")
    }
}
