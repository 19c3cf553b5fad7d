import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `Property.set` sets GObject properties of the common types on real (display-less) objects, and
/// stops at the call on a property it cannot set.
@MainActor
final class PropertyTests: XCTestCase {
    func testBoolSetsBooleanProperty() async throws {
        let action = g_simple_action_new("go", nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        Property.set(UnsafeMutableRawPointer(action), "enabled", false)
        XCTAssertEqual(g_action_get_enabled(gdd_action(UnsafeMutableRawPointer(action))), 0)
        Property.set(UnsafeMutableRawPointer(action), "enabled", true)
        XCTAssertEqual(g_action_get_enabled(gdd_action(UnsafeMutableRawPointer(action))), 1)
    }

    func testObjectAndUInt32SetSelectionModel() async throws {
        let selection = Selection()
        Property.set(selection.raw, "model", selection.strings)
        XCTAssertEqual(gtk_single_selection_get_model(selection.pointer).map(UnsafeMutableRawPointer.init),
                       selection.strings)
        Property.set(selection.raw, "selected", UInt32(2))
        XCTAssertEqual(gtk_single_selection_get_selected(selection.pointer), 2)
    }

    func testIntLiteralSetsUnsignedProperty() async throws {
        let selection = Selection()
        Property.set(selection.raw, "model", selection.strings)
        Property.set(selection.raw, "selected", 1)
        XCTAssertEqual(gtk_single_selection_get_selected(selection.pointer), 1)
    }

    func testNilClearsObjectProperty() async throws {
        let selection = Selection()
        Property.set(selection.raw, "model", selection.strings)
        Property.set(selection.raw, "model", nil)
        XCTAssertNil(gtk_single_selection_get_model(selection.pointer))
    }

    func testInt32SetsIntProperty() async throws {
        let layout = gtk_box_layout_new(GTK_ORIENTATION_VERTICAL)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        Property.set(UnsafeMutableRawPointer(layout), "spacing", Int32(12))
        XCTAssertEqual(gtk_box_layout_get_spacing(OpaquePointer(layout)), 12)
    }

    func testIntLiteralSetsIntProperty() async throws {
        let layout = gtk_box_layout_new(GTK_ORIENTATION_VERTICAL)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        Property.set(UnsafeMutableRawPointer(layout), "spacing", 6)
        XCTAssertEqual(gtk_box_layout_get_spacing(OpaquePointer(layout)), 6)
    }

    func testInt32SetsEnumProperty() async throws {
        let filter = gtk_string_filter_new(nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(filter)) }
        Property.set(UnsafeMutableRawPointer(filter), "match-mode", Int32(GTK_STRING_FILTER_MATCH_MODE_PREFIX.rawValue))
        XCTAssertEqual(gtk_string_filter_get_match_mode(filter), GTK_STRING_FILTER_MATCH_MODE_PREFIX)
    }

    func testDoubleSetsDoubleProperty() async throws {
        let adjustment = gtk_adjustment_new(0, 0, 10, 1, 1, 0)!
        let raw = UnsafeMutableRawPointer(adjustment)
        g_object_ref_sink(raw)
        defer { g_object_unref(raw) }
        Property.set(raw, "value", 2.5)
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), 2.5)
    }

    func testStringSetsStringProperty() async throws {
        let filter = gtk_string_filter_new(nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(filter)) }
        Property.set(UnsafeMutableRawPointer(filter), "search", "needle")
        XCTAssertEqual(gtk_string_filter_get_search(filter).map { String(cString: $0) }, "needle")
    }

    func testUnknownPropertyIsRejectedAtTheCall() async throws {
        let outcome = try ChildProcess.run(Self.self, "testChildSetsUnknownProperty")
        XCTAssertTrue(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains(#"Property.set: GSimpleAction has no property "enabeld""#), outcome.output)
    }

    func testChildSetsUnknownProperty() async throws {
        try ChildProcess.skipUnlessChild()
        let action = g_simple_action_new("go", nil)!
        Property.set(UnsafeMutableRawPointer(action), "enabeld", false)
        XCTFail("set accepted an unknown property")
    }

    func testValueOfWrongTypeIsRejectedAtTheCall() async throws {
        let outcome = try ChildProcess.run(Self.self, "testChildSetsBooleanFromString")
        XCTAssertTrue(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains(#"Property.set: "enabled" of GSimpleAction is of type gboolean, which a String cannot set"#),
                      outcome.output)
    }

    func testChildSetsBooleanFromString() async throws {
        try ChildProcess.skipUnlessChild()
        let action = g_simple_action_new("go", nil)!
        Property.set(UnsafeMutableRawPointer(action), "enabled", "yes")
        XCTFail("set accepted a String for a boolean property")
    }
}

/// An empty GtkSingleSelection and a GtkStringList of three strings to show in it.
private final class Selection {
    let pointer: OpaquePointer
    let strings: UnsafeMutableRawPointer

    init() {
        pointer = gtk_single_selection_new(nil)
        let list = gtk_string_list_new(nil)!
        for text in ["a", "b", "c"] { gtk_string_list_append(list, text) }
        strings = UnsafeMutableRawPointer(list)
    }

    deinit {
        g_object_unref(raw)
        g_object_unref(strings)
    }

    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
}
